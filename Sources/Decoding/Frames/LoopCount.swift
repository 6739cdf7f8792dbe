/// How many times an animated GIF or PNG asks to be played, read from its
/// bytes: FFmpeg 5.1's demuxers read it only to loop themselves
/// (`ignore_loop`), and never say it.
enum LoopCount {
    /// A GIF's NETSCAPE2.0 extension (0: for ever); without it a GIF plays
    /// once. Its number counts the plays after the first (ImageMagick's
    /// `-loop 2` writes 1), as browsers read it.
    static func gif(_ bytes: UnsafeRawBufferPointer) -> Int {
        let tag = Array("NETSCAPE2.0".utf8)
        guard bytes.count > tag.count + 4 else { return 1 }
        var i = 0
        while i + tag.count + 4 <= bytes.count {
            if bytes[i] == tag[0], (0..<tag.count).allSatisfy({ bytes[i + $0] == tag[$0] }) {
                let at = i + tag.count
                guard bytes[at] == 3, bytes[at + 1] == 1 else { return 1 }
                let repeats = Int(bytes[at + 2]) | Int(bytes[at + 3]) << 8
                return repeats == 0 ? 0 : repeats + 1
            }
            i += 1
        }
        return 1
    }

    /// An APNG's acTL chunk (its num_plays, 0: for ever); none: once.
    static func png(_ bytes: UnsafeRawBufferPointer) -> Int {
        var at = 8
        while at + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(at + 4)..<(at + 8)]), as: UTF8.self)
            if type == "acTL", at + 16 <= bytes.count { return (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + 12 + $1]) } }
            if type == "IDAT" || length < 0 { return 1 }
            at += 12 + length
        }
        return 1
    }
}

extension LoopCount {
    /// Whether a PNG is animated: an acTL chunk before its first IDAT.
    static func isAnimatedPNG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var at = 8
        while at + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(at + 4)..<(at + 8)]), as: UTF8.self)
            if type == "acTL" { return true }
            if type == "IDAT" { return false }
            at += 12 + length
        }
        return false
    }
}
