extension PhotoHeader {
    /// Start-of-frame markers that carry the size: all but DHT (C4), JPG
    /// (C8) and DAC (CC), which share the range.
    static let startOfFrameMarkers: Set<Int> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]

    /// Walks the marker segments from SOI to the first start of frame, as
    /// libjpeg does: stray bytes before a marker and 0xFF fill bytes are
    /// skipped. Every step moves forward at least two bytes, so the walk
    /// ends within the window whatever the lengths say.
    static func jpeg(_ b: ByteWindow) throws -> PhotoHeader {
        var orientation: ExifOrientation?
        var pos = 2
        while true {
            while try b.u8(pos) != 0xFF { pos += 1 }
            while try b.u8(pos + 1) == 0xFF { pos += 1 }
            let marker = try b.u8(pos + 1)
            let at = pos
            pos += 2
            switch marker {
            case 0x00, 0x01, 0xD0...0xD7:
                continue // a stuffed byte or a marker without a length
            case 0xD8:
                throw ParseStop.damaged("a second start-of-image marker at byte \(at)")
            case 0xD9:
                throw ParseStop.damaged("the image ends at byte \(at) before its size")
            case 0xDA:
                throw ParseStop.damaged("image data starts at byte \(at) before the image size")
            default:
                break
            }
            let length = try b.u16be(pos)
            guard length >= 2 else {
                throw ParseStop.damaged("segment 0xFF\(String(marker, radix: 16, uppercase: true)) at byte \(at) has length \(length)")
            }
            if startOfFrameMarkers.contains(marker) {
                guard length >= 8 else { throw ParseStop.damaged("start of frame at byte \(at) has length \(length)") }
                let height = try b.u16be(pos + 3), width = try b.u16be(pos + 5)
                return PhotoHeader(format: .jpeg, width: width, height: height, orientation: orientation ?? .up)
            }
            if marker == 0xE1, orientation == nil {
                let segment = b.window(from: pos + 2, to: pos + length)
                if segment.has(Array("Exif\0\0".utf8), at: 0) {
                    orientation = tiffOrientation(segment.window(from: 6, to: segment.count))
                }
            }
            pos += length
        }
    }
}
