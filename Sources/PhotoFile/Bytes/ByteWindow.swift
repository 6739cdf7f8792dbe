/// Why a parse stopped early: internal, turned into a `PhotoProblem`.
enum ParseStop: Error {
    case ranOut
    case damaged(String)
    /// Frames of a sequence only, no still image.
    case sequence
}

/// A bounded view of the bytes read: every access is checked against `end`
/// and throws `ranOut` past it, so no length in a file can reach further.
/// Offsets are relative to `start` (a TIFF block's offsets count from its
/// own header, so a sub-window fits them directly).
struct ByteWindow {
    let bytes: [UInt8]
    let start: Int
    let end: Int

    init(_ bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.start = max(0, start)
        self.end = min(max(self.start, end), bytes.count)
    }

    var count: Int { end - start }

    /// The part from `from` up to `to` (relative offsets), clipped to this one.
    func window(from: Int, to: Int) -> ByteWindow {
        ByteWindow(bytes, start: start + min(max(0, from), count), end: start + min(max(0, to), count))
    }

    func u8(_ at: Int) throws -> Int {
        guard at >= 0, at < count else { throw ParseStop.ranOut }
        return Int(bytes[start + at])
    }

    func has(_ signature: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset + signature.count <= count
            && bytes[(start + offset)..<(start + offset + signature.count)].elementsEqual(signature)
    }

    func u16be(_ at: Int) throws -> Int { try u8(at) << 8 | u8(at + 1) }
    func u16le(_ at: Int) throws -> Int { try u8(at) | u8(at + 1) << 8 }
    func u24le(_ at: Int) throws -> Int { try u16le(at) | u8(at + 2) << 16 }
    func u32be(_ at: Int) throws -> Int { try u16be(at) << 16 | u16be(at + 2) }
    func u32le(_ at: Int) throws -> Int { try u16le(at) | u16le(at + 2) << 16 }
    func u16(_ at: Int, littleEndian: Bool) throws -> Int { try littleEndian ? u16le(at) : u16be(at) }
    func u32(_ at: Int, littleEndian: Bool) throws -> Int { try littleEndian ? u32le(at) : u32be(at) }
}
