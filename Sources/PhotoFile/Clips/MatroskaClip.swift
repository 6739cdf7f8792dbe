import Foundation

/// WebM and Matroska: EBML elements, each an ID and a size of variable
/// length. The EBML header names the DocType; the Segment's Info holds
/// DateUTC (nanoseconds since 2001), Duration (a float in TimecodeScale
/// units, nanoseconds each, a million by default) and Tracks a TrackEntry
/// per track, whose Video element gives PixelWidth and PixelHeight. Other
/// elements are stepped over by their sizes; the walk stops at the first
/// Cluster (the media) once Info and Tracks are read, or at one of unknown
/// size, which cannot be stepped over.
enum MatroskaClip {
    static let magic: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]
    /// Seconds from 1970-01-01 to 2001-01-01, Matroska's epoch.
    static let epochOffset = 978_307_200.0

    static func applies(to head: ByteWindow) -> Bool { head.has(magic, at: 0) }

    /// An element: its ID (with its marker bits), where its body starts and
    /// ends (nil end: unknown size, running to its parent's end).
    struct Element {
        var id: Int
        var body: Int
        var end: Int?
    }

    /// The element at `pos`, whose body may not pass `limit`.
    static func element(_ source: ClipBytes, at pos: Int, limit: Int) throws -> Element {
        let head = try source.prefix(pos, 12)
        let (id, idLength) = try vint(head, at: 0, keepMarker: true)
        guard idLength <= 4 else { throw ParseStop.damaged("an element ID of \(idLength) bytes at byte \(pos)") }
        let (size, sizeLength) = try vint(head, at: idLength, keepMarker: false)
        let body = pos + idLength + sizeLength
        let unknown = size == (1 << (7 * sizeLength)) - 1
        if unknown { return Element(id: id, body: body, end: nil) }
        guard limit == .max || size <= limit - body else {
            if limit >= source.length { throw ParseStop.ranOut }
            throw ParseStop.damaged(String(format: "element %X of %d bytes runs past its parent", id, size))
        }
        return Element(id: id, body: body, end: body + size)
    }

    /// A variable-length integer: its length from the first byte's leading zeros.
    static func vint(_ b: ByteWindow, at: Int, keepMarker: Bool) throws -> (value: Int, length: Int) {
        let first = try b.u8(at)
        guard first != 0 else { throw ParseStop.damaged("a variable-length number longer than 8 bytes") }
        let length = first.leadingZeroBitCount - (Int.bitWidth - 8) + 1
        var value = keepMarker ? first : first & (0xFF >> length)
        for k in 1..<max(1, length) { value = value << 8 | (try b.u8(at + k)) }
        return (value, length)
    }

    static let ebmlDocType = 0x4282, segment = 0x1853_8067, info = 0x1549_A966, tracks = 0x1654_AE6B, cluster = 0x1F43_B675
    static let timecodeScale = 0x2A_D7B1, duration = 0x4489, dateUTC = 0x4461
    static let trackEntry = 0xAE, trackType = 0x83, video = 0xE0, pixelWidth = 0xB0, pixelHeight = 0xBA

    static func header(_ source: ClipBytes) throws -> ClipHeader {
        let ebml = try element(source, at: 0, limit: source.length)
        guard let ebmlEnd = ebml.end else { throw ParseStop.damaged("an EBML header of unknown size") }
        let docType = try children(source, ebml.body, ebmlEnd).first { $0.id == ebmlDocType }
        if let docType {
            let name = String(decoding: try source.bytes(docType.body, docType.end! - docType.body).bytes, as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\0"))
            guard name == "webm" || name == "matroska" else { throw ParseStop.damaged("an EBML file of type \(name), not WebM or Matroska") }
        }
        // A Segment longer than the file (one cut short, or still being
        // written) is read as far as the file goes.
        let top = try element(source, at: ebmlEnd, limit: .max)
        guard top.id == segment else { throw ParseStop.damaged("no Segment after the EBML header") }
        var clip = ClipHeader(container: .matroska, width: 0, height: 0)
        var scale = 1_000_000.0, rawDuration: Double?, sawInfo = false, sawTracks = false
        var pos = top.body
        let end = min(top.end ?? source.length, source.length)
        for _ in 0..<ClipHeader.elementCount {
            guard pos < end, !(sawInfo && sawTracks) else { break }
            let e = try element(source, at: pos, limit: end)
            guard let eEnd = e.end else { break } // a Cluster of unknown size: nothing after it can be found
            if e.id == cluster && sawTracks { break }
            if e.id == info {
                sawInfo = true
                for field in try children(source, e.body, eEnd) where [timecodeScale, duration, dateUTC].contains(field.id) {
                    let b = try source.bytes(field.body, field.end! - field.body)
                    switch field.id {
                    case timecodeScale: if let s = unsigned(b), s > 0 { scale = Double(s) }
                    case duration: rawDuration = float(b)
                    case dateUTC:
                        if b.count == 8, let ns = unsigned(b) { // signed, 8 bytes: read as Int's two's complement
                            let seconds = Double(ns) / 1e9 + epochOffset
                            if ClipHeader.plausible.contains(seconds) { clip.created = seconds }
                        }
                    default: break
                    }
                }
            } else if e.id == tracks {
                sawTracks = true
                for entry in try children(source, e.body, eEnd) where entry.id == trackEntry {
                    let parts = try children(source, entry.body, entry.end!)
                    if let type = parts.first(where: { $0.id == trackType }),
                       unsigned(try source.bytes(type.body, type.end! - type.body)) != 1 { continue }
                    guard let v = parts.first(where: { $0.id == video }) else { continue }
                    var w = 0, h = 0
                    for size in try children(source, v.body, v.end!) where size.id == pixelWidth || size.id == pixelHeight {
                        let value = unsigned(try source.bytes(size.body, size.end! - size.body)) ?? 0
                        if size.id == pixelWidth { w = value } else { h = value }
                    }
                    if w > 0 && h > 0 { (clip.width, clip.height) = (w, h); break }
                }
            }
            pos = eEnd
        }
        if let rawDuration, rawDuration.isFinite, rawDuration >= 0 { clip.duration = rawDuration * scale / 1e9 }
        return clip
    }

    /// The elements from `start` to `end`, each of known size.
    static func children(_ source: ClipBytes, _ start: Int, _ end: Int) throws -> [Element] {
        var found: [Element] = [], pos = start
        while pos < end {
            guard found.count < ClipHeader.elementCount else { throw ParseStop.damaged("more than \(ClipHeader.elementCount) elements in one") }
            let e = try element(source, at: pos, limit: end)
            guard let eEnd = e.end else { throw ParseStop.damaged(String(format: "element %X of unknown size inside another", e.id)) }
            found.append(e)
            pos = eEnd
        }
        return found
    }

    /// An unsigned integer of up to 8 bytes; nil past that.
    static func unsigned(_ b: ByteWindow) -> Int? {
        guard b.count <= 8 else { return nil }
        var value: UInt = 0
        for k in 0..<b.count { value = value << 8 | UInt(b.bytes[b.start + k]) }
        return Int(bitPattern: value)
    }

    /// A float of 4 or 8 bytes, big-endian; nil otherwise.
    static func float(_ b: ByteWindow) -> Double? {
        guard let bits = unsigned(b) else { return nil }
        if b.count == 4 { return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) }
        if b.count == 8 { return Double(bitPattern: UInt64(UInt(bitPattern: bits))) }
        return nil
    }
}
