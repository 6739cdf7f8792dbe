import Foundation

/// A Motion Photo (Google's, Samsung's in the same form): a JPEG with an
/// MP4 appended after its end, named by the JPEG's XMP: `MotionPhoto` or
/// the older `MicroVideo` set to 1, and how long the clip is, from
/// `MicroVideoOffset` (the clip's length, counted from the file's end) or
/// the `Container:Directory` item whose semantic is `MotionPhoto`
/// (`Item:Length`). The clip found there must begin with an `ftyp` box;
/// its duration is read from its own header (`ClipHeader`).
public struct MotionPhoto: Equatable, Sendable {
    /// Where the embedded clip starts in the file, and how long it is.
    public var clipOffset: Int
    public var clipLength: Int
    /// The clip's header; nil when it could not be read (the photo still shows).
    public var clip: ClipHeader?

    public init(clipOffset: Int, clipLength: Int, clip: ClipHeader? = nil) {
        self.clipOffset = clipOffset
        self.clipLength = clipLength
        self.clip = clip
    }

    /// How much of the file's start is searched for the XMP packet.
    public static let readLength = 64 << 10
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    /// The embedded clip of the JPEG at `path`, or nil when it is no
    /// Motion Photo (or its XMP points at no MP4).
    public static func read(atPath path: String) -> MotionPhoto? {
        let found: Result<MotionPhoto?, PhotoProblem> = PhotoFileReader.withFile(atPath: path) { file in
            guard let head = file.read(from: 0, count: min(readLength, file.length)),
                  let length = clipLength(xmp: xmp(inJPEG: head)), length >= 16, length < file.length,
                  let start = file.read(from: file.length - length, count: 8), start.count == 8,
                  String(decoding: start[4..<8], as: UTF8.self) == "ftyp" else { return .success(nil) }
            let offset = file.length - length
            let clip = try? ClipHeader.read(length: length) { file.read(from: offset + $0, count: min($1, length - $0)) }.get()
            return .success(MotionPhoto(clipOffset: offset, clipLength: length, clip: clip))
        }
        return (try? found.get()) ?? nil
    }

    /// The text of the first XMP packet among a JPEG's APP1 segments in `head`.
    static func xmp(inJPEG head: [UInt8]) -> String? {
        let b = ByteWindow(head, start: 0, end: head.count)
        guard b.has([0xFF, 0xD8], at: 0) else { return nil }
        var pos = 2
        while let marker = try? b.u8(pos + 1), (try? b.u8(pos)) == 0xFF, marker != 0xDA, marker != 0xD9 {
            guard let length = try? b.u16be(pos + 2), length >= 2 else { return nil }
            let body = pos + 4
            if marker == 0xE1, b.has(xmpSignature, at: body) {
                let from = body + xmpSignature.count, to = min(pos + 2 + length, head.count)
                return from < to ? String(decoding: head[from..<to], as: UTF8.self) : nil
            }
            pos += 2 + length
        }
        return nil
    }

    /// The embedded clip's length the XMP gives, or nil when it names no motion.
    static func clipLength(xmp: String?) -> Int? {
        guard let xmp else { return nil }
        let isMotion = values("MotionPhoto", in: xmp).contains("1") || values("MicroVideo", in: xmp).contains("1")
        guard isMotion else { return nil }
        if let offset = values("MicroVideoOffset", in: xmp).compactMap({ Int($0) }).first(where: { $0 > 0 }) { return offset }
        // The directory's items, each an rdf:li; the clip's says its semantic.
        for item in xmp.components(separatedBy: "<rdf:li").dropFirst() where values("Semantic", in: item).contains("MotionPhoto") {
            if let length = values("Length", in: item).compactMap({ Int($0) }).first(where: { $0 > 0 }) { return length }
        }
        return nil
    }

    /// The values of a property named `name` (in any namespace prefix), as
    /// an attribute (`GCamera:MicroVideo="1"`) or an element (`<GCamera:MicroVideo>1</...>`).
    static func values(_ name: String, in xmp: String) -> [String] {
        var found: [String] = []
        var rest = xmp[...]
        while let hit = rest.range(of: ":" + name) {
            var after = rest[hit.upperBound...]
            rest = after
            if after.first == "=" {
                after = after.dropFirst()
                guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
                let value = after.dropFirst().prefix { $0 != quote }
                found.append(String(value))
            } else if after.first == ">" {
                found.append(String(after.dropFirst().prefix { $0 != "<" }).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return found
    }
}
