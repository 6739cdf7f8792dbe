/// The TIFF layout EXIF keeps its tags in: "II" or "MM" (the byte order),
/// 42, the offset of the first directory (IFD0), and directories of 12-byte
/// entries; offsets count from the block's own start. Reading is forgiving:
/// anything unreadable is nil, since a bad EXIF block should not cost the
/// photo. Orientation (`PhotoHeader`) and capture time (`ExifCaptureTime`)
/// are both read through it.
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
}
