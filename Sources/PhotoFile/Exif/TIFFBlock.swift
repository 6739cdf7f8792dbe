/// The TIFF layout EXIF keeps its tags in: "II" or "MM" (the byte order),
/// 42, the offset of the first directory (IFD0), and directories of 12-byte
/// entries; offsets count from the block's own start. Reading is forgiving:
/// anything unreadable is nil, since a bad EXIF block should not cost the
/// photo. Orientation (`PhotoHeader`), capture time (`ExifCaptureTime`)
/// and the embedded thumbnail (`ExifThumbnail`) are all read through it.
struct TIFFBlock {
    let window: ByteWindow
    let littleEndian: Bool
    /// Where IFD0 starts.
    let firstDirectory: Int

    init?(_ t: ByteWindow) {
        if t.has(Array("II".utf8), at: 0) { littleEndian = true }
        else if t.has(Array("MM".utf8), at: 0) { littleEndian = false }
        else { return nil }
        guard (try? t.u16(2, littleEndian: littleEndian)) == 42,
              let ifd = try? t.u32(4, littleEndian: littleEndian) else { return nil }
        window = t
        firstDirectory = ifd
    }

    func u16(_ at: Int) -> Int? { try? window.u16(at, littleEndian: littleEndian) }
    func u32(_ at: Int) -> Int? { try? window.u32(at, littleEndian: littleEndian) }

    /// Where the entry for `tag` starts in the directory at `directory`, or
    /// nil when it has none or cannot be read that far.
    func entry(_ tag: Int, inDirectoryAt directory: Int) -> Int? {
        guard let count = u16(directory) else { return nil }
        for i in 0..<count {
            let e = directory + 2 + 12 * i
            guard let found = u16(e) else { return nil }
            if found == tag { return e }
        }
        return nil
    }

    /// The number in the entry for `tag` (a SHORT or a LONG, one value),
    /// or nil when the directory has none or it is of another type.
    func number(_ tag: Int, inDirectoryAt directory: Int) -> Int? {
        guard let e = entry(tag, inDirectoryAt: directory) else { return nil }
        switch u16(e + 2) {
        case 3: return u16(e + 8)
        case 4: return u32(e + 8)
        default: return nil
        }
    }

    /// Where the directory that follows the one at `directory` starts (IFD1
    /// after IFD0: the thumbnail's), or nil when it is the last, cannot be
    /// read, or points back at or before itself (no chain can loop).
    func nextDirectory(after directory: Int) -> Int? {
        guard let count = u16(directory), let next = u32(directory + 2 + 12 * count),
              next > directory, next < window.count else { return nil }
        return next
    }

    /// The TIFF block of the first APP1 "Exif" segment of a JPEG, found by
    /// walking its marker segments from SOI up to the image data; nil when
    /// there is none in `b`. Each step moves forward, so the walk ends.
    static func inJPEG(_ b: ByteWindow) -> TIFFBlock? {
        guard b.has([0xFF, 0xD8], at: 0) else { return nil }
        var pos = 2
        while let m0 = try? b.u8(pos), m0 == 0xFF, let marker = try? b.u8(pos + 1), marker != 0xDA, marker != 0xD9 {
            guard let length = try? b.u16be(pos + 2), length >= 2 else { return nil }
            if marker == 0xE1 {
                let segment = b.window(from: pos + 4, to: pos + 2 + length)
                if segment.has(Array("Exif\0\0".utf8), at: 0) { return TIFFBlock(segment.window(from: 6, to: segment.count)) }
            }
            pos += 2 + length
        }
        return nil
    }
}
