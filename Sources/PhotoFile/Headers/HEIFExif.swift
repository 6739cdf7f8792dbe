/// A HEIF file's EXIF: the item of type "Exif" (`meta`'s `iinf` names
/// it), whose bytes `iloc` places in the file or in `meta`'s own `idat`;
/// they start with a 4-byte offset to the TIFF header. Only the first
/// extent is read, at most `ExifCapture.readLength` bytes of it, through
/// the same bounded box walk as `PhotoHeader.heif` (over the file's
/// `BoxOutline`): no field reaches
/// further than its box, and no read further than the file.
enum HEIFExif {
    static func tiff(head: [UInt8], file: PhotoFileReader) -> TIFFBlock? {
        guard PhotoHeader.Format.heifBrand(ByteWindow(head, start: 0, end: head.count)) != nil,
              let outline = BoxOutline(length: file.length, fetch: file.read) else { return nil }
        // The meta box wherever it lies (after the picture data, or large).
        let b = ByteWindow(outline.bytes, start: 0, end: outline.bytes.count)
        guard let meta = try? PhotoHeader.child("meta", of: b) else { return nil }
        let body = meta.window(from: 4, to: meta.count)
        guard let item = try? exifItem(body), let extent = try? location(of: item, in: body) else { return nil }
        let count = min(extent.length, ExifCapture.readLength)
        guard count > 8 else { return nil }
        let payload: ByteWindow
        if extent.inIdat {
            guard let idat = try? PhotoHeader.child("idat", of: body) else { return nil }
            payload = idat.window(from: extent.offset, to: extent.offset + count)
        } else {
            guard extent.offset >= 0, extent.offset < file.length, let bytes = file.read(from: extent.offset, count: count) else { return nil }
            payload = ByteWindow(bytes, start: 0, end: bytes.count)
        }
        guard let skip = try? payload.u32be(0), skip >= 0, skip < payload.count else { return nil }
        return TIFFBlock(payload.window(from: 4 + skip, to: payload.count))
    }

    /// The id of the first item of type "Exif" in `iinf` (item info
    /// entries of version 2 or 3: the only ones with a type).
    private static func exifItem(_ meta: ByteWindow) throws -> Int? {
        guard let iinf = try PhotoHeader.child("iinf", of: meta) else { return nil }
        let entries = iinf.window(from: try iinf.u8(0) == 0 ? 6 : 8, to: iinf.count)
        var found: Int?
        try PhotoHeader.boxes(entries) { type, infe in
            guard type == "infe", let version = try? infe.u8(0), version >= 2 else { return false }
            let id = version == 2 ? try infe.u16be(4) : try infe.u32be(4)
            let typeAt = version == 2 ? 8 : 10
            if infe.has(Array("Exif".utf8), at: typeAt) { found = id }
            return found != nil
        }
        return found
    }

    /// Where `item`'s first extent is (`iloc` versions 0 to 2), from the
    /// file's start or within `idat` (construction method 1).
    private static func location(of item: Int, in meta: ByteWindow) throws -> (offset: Int, length: Int, inIdat: Bool)? {
        guard let iloc = try PhotoHeader.child("iloc", of: meta) else { return nil }
        let version = try iloc.u8(0)
        guard version <= 2 else { return nil }
        let sizes = try iloc.u16be(4)
        let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 15, baseSize = (sizes >> 4) & 15
        let indexSize = version == 0 ? 0 : sizes & 15
        func number(_ at: Int, _ size: Int) throws -> Int {
            switch size {
            case 0: return 0
            case 4: return try iloc.u32be(at)
            case 8: guard try iloc.u32be(at) == 0 else { throw ParseStop.damaged("iloc offset beyond 4 GiB") }
                    return try iloc.u32be(at + 4)
            default: throw ParseStop.damaged("iloc field of \(size) bytes")
            }
        }
        var pos = 6
        let count = version < 2 ? try iloc.u16be(pos) : try iloc.u32be(pos)
        pos += version < 2 ? 2 : 4
        for _ in 0..<min(count, 65_536) {
            let id = version < 2 ? try iloc.u16be(pos) : try iloc.u32be(pos)
            pos += version < 2 ? 2 : 4
            var method = 0
            if version >= 1 { method = try iloc.u16be(pos) & 15; pos += 2 }
            pos += 2 // data reference index
            let base = try number(pos, baseSize)
            pos += baseSize
            let extents = try iloc.u16be(pos)
            pos += 2
            guard extents >= 1 else { if id == item { return nil }; continue }
            let first = pos + indexSize
            if id == item {
                guard method <= 1 else { return nil }
                let offset = base + (try number(first, offsetSize)), length = try number(first + offsetSize, lengthSize)
                return (offset, length, method == 1)
            }
            pos += extents * (indexSize + offsetSize + lengthSize)
        }
        return nil
    }
}
