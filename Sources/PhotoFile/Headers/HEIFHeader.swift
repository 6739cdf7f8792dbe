/// The size of a HEIF photo (HEIC, AVIF) from its boxes, read without
/// decoding: `ftyp` names the brand, `meta` holds the primary item (`pitm`)
/// and its properties (`iprp`: `ipco` lists them, `ipma` says which belong
/// to which item), among them `ispe` (the coded size) and `irot` (a quarter
/// turn libheif applies when decoding). Every box is walked inside its
/// parent's bounds within the window, so no size field can reach further.
/// The window is the file's `BoxOutline`: its boxes wherever they lie, the
/// picture data left out.
extension PhotoHeader.Format {
    /// HEIC or AVIF by the `ftyp` box's major and compatible brands (an
    /// image sequence's too: `msf1`, `hevc`, `avis`, so it is named as one);
    /// nil when the file is not HEIF.
    static func heifBrand(_ b: ByteWindow) -> PhotoHeader.Format? {
        guard b.has(Array("ftyp".utf8), at: 4), let size = try? b.u32be(0), size >= 16 else { return nil }
        let box = b.window(from: 8, to: min(size, 4096))
        var brands: [String] = []
        for at in stride(from: 0, to: box.count - 3, by: 4) where at != 4 { // 4...7 is the minor version
            brands.append(String(decoding: box.bytes[(box.start + at)..<(box.start + at + 4)], as: UTF8.self))
        }
        if brands.first == "avif" || brands.first == "avis" || (!brands.contains("heic") && brands.contains(where: { $0 == "avif" || $0 == "avis" })) {
            return .avif
        }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "mif1", "msf1", "hevc", "hevx"].contains($0) }) { return .heic }
        return nil
    }
}

extension PhotoHeader {
    /// The primary image's size as shown (after `irot`), orientation `.up`:
    /// libheif turns the picture itself; marked as an animation when a
    /// track (`moov`) comes with the still. Without an `ispe` for the primary
    /// item, the largest one in the file counts (refusing too much is safe).
    static func heif(_ b: ByteWindow, format: Format) throws -> PhotoHeader {
        guard let meta = try child("meta", of: b) else {
            // Only a track (`moov`): frames of a sequence, no still image.
            if try child("moov", of: b) != nil { throw ParseStop.sequence }
            throw ParseStop.ranOut // cut before its meta box
        }
        let metaBody = meta.window(from: 4, to: meta.count) // FullBox: version and flags
        var primary: Int?
        if let pitm = try child("pitm", of: metaBody) {
            primary = try pitm.u8(0) == 0 ? pitm.u16be(4) : pitm.u32be(4)
        }
        guard let iprp = try child("iprp", of: metaBody),
              let ipco = try child("ipco", of: iprp) else {
            throw ParseStop.damaged("no item properties (iprp/ipco)")
        }
        // The properties in order (1-based in ipma).
        var properties: [(type: String, body: ByteWindow)] = []
        try boxes(ipco) { type, body in properties.append((type, body)); return false }
        var sizes: [(Int, Int)] = []
        for property in properties where property.type == "ispe" {
            sizes.append((try property.body.u32be(4), try property.body.u32be(8)))
        }
        guard let largest = sizes.max(by: { $0.0 * $0.1 < $1.0 * $1.1 }) else { throw ParseStop.damaged("no image size (ispe)") }
        var size = largest, quarterTurns = 0
        if let primary, let ipma = try child("ipma", of: iprp) {
            let version = try ipma.u8(0), wideIndex = try ipma.u8(3) & 1 == 1
            var pos = 8
            for _ in 0..<min(try ipma.u32be(4), 65_536) {
                let item = version < 1 ? try ipma.u16be(pos) : try ipma.u32be(pos)
                pos += version < 1 ? 2 : 4
                let count = try ipma.u8(pos)
                pos += 1
                for _ in 0..<count {
                    let index = wideIndex ? try ipma.u16be(pos) & 0x7FFF : try ipma.u8(pos) & 0x7F
                    pos += wideIndex ? 2 : 1
                    guard item == primary, properties.indices.contains(index - 1) else { continue }
                    let property = properties[index - 1]
                    if property.type == "ispe" { size = (try property.body.u32be(4), try property.body.u32be(8)) }
                    if property.type == "irot" { quarterTurns = try property.body.u8(0) & 3 }
                }
                if item == primary { break }
            }
        }
        let shown = quarterTurns % 2 == 1 ? (size.1, size.0) : size
        // A track beside the still (an AVIF sequence, a HEIF burst): frames that move.
        let moving = try child("moov", of: b) != nil
        return PhotoHeader(format: format, width: shown.0, height: shown.1, animation: moving ? Animation(frames: nil) : nil)
    }

    /// The first child box of `type` inside `parent` (its body), or nil.
    static func child(_ type: String, of parent: ByteWindow) throws -> ByteWindow? {
        var found: ByteWindow?
        try boxes(parent) { t, body in
            if t == type { found = body }
            return found != nil
        }
        return found
    }

    /// Calls `visit` with each box's type and body in `parent`, in order,
    /// until it returns true.
    /// A box running past the window's end stops the walk with `ranOut`
    /// (more of the file may hold it); one that cannot fit its parent is damaged.
    static func boxes(_ parent: ByteWindow, _ visit: (String, ByteWindow) throws -> Bool) throws {
        var pos = 0
        while pos + 8 <= parent.count {
            var size = try parent.u32be(pos)
            let type = String(decoding: parent.bytes[(parent.start + pos + 4)..<(parent.start + pos + 8)], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard try parent.u32be(pos + 8) == 0 else { throw ParseStop.damaged("\(type) box larger than 4 GiB") }
                size = try parent.u32be(pos + 12)
                header = 16
            } else if size == 0 {
                size = parent.count - pos // to the end
            }
            guard size >= header else { throw ParseStop.damaged("\(type) box of \(size) bytes") }
            if type != "mdat" {
                guard pos + size <= parent.count else { throw ParseStop.ranOut }
                if try visit(type, parent.window(from: pos + header, to: pos + size)) { return }
            }
            pos += size
        }
    }
}
