import CJPEG
import CSDL2
import PhotoFile

/// A part of a photo at a finer level than the window-sized picture: a
/// detail tile of a zoomed big photo (`DetailTiles`). libjpeg decodes only
/// the rows down to the region's end and the blocks across it, at the
/// level's DCT scale, in its stored orientation; the tile is then turned
/// upright by the EXIF orientation. Only JPEGs are decoded a region at a
/// time (another format is refused, and `PhotoTiles` cuts its tiles from
/// the photo decoded whole instead).
extension PhotoDecoder {
    public static func decode(bytes: UnsafeRawBufferPointer, region: DecodeRegion, output: Output = newSurface) -> Result<Decoded, DecodeFailure> {
        let head = Array(bytes.prefix(PhotoHeader.readLimit))
        let header: PhotoHeader
        switch PhotoHeader.parse(head, fileLength: bytes.count) {
        case .success(let h): header = h
        case .failure(let problem): return .failure(.refused(problem.description))
        }
        guard header.format == .jpeg else { return .failure(.refused("detail tiles are decoded from JPEGs only, not \(header.format.name)")) }
        guard DetailTiles.levels.contains(region.level), region.width > 0, region.height > 0,
              region.width <= DetailTiles.side, region.height <= DetailTiles.side else {
            return .failure(.refused("a region of \(region.width) x \(region.height) at 1/\(region.level) is not a tile"))
        }
        // The region is of the upright picture; the stored one may be turned.
        let transform = header.orientation.transform
        let storedLevel = DetailTiles.levelSize(full: (header.width, header.height), level: region.level)
        let stored = storedRegion(region, transform: transform, storedSize: storedLevel)
        guard let base = bytes.bindMemory(to: UInt8.self).baseAddress,
              let decoded = header.orientation == .up ? output(stored.width, stored.height) : newSurface(stored.width, stored.height) else {
            return .failure(.decode("no memory for a \(region.width) x \(region.height) tile"))
        }
        var message = [CChar](repeating: 0, count: 200)
        let status = trips_jpeg_decode_region(base, UInt(bytes.count), Int32(region.level), Int32(stored.x), Int32(stored.y),
                                              Int32(stored.width), Int32(stored.height),
                                              decoded.pointee.pixels.assumingMemoryBound(to: UInt8.self), decoded.pointee.pitch,
                                              &message, Int32(message.count))
        guard status == 0 else {
            SDL_FreeSurface(decoded)
            let said = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return .failure(.decode("libjpeg cannot decode the tile: \(String(decoding: said, as: UTF8.self))"))
        }
        let upright = header.orientation == .up ? decoded
            : resize(decoded, part: SDL_Rect(x: 0, y: 0, w: Int32(stored.width), h: Int32(stored.height)),
                     to: (stored.width, stored.height), upright: header.orientation, into: output)
        guard let out = upright else { return .failure(.decode("no memory for a tile")) }
        let full = header.displaySize
        let tile = Decoded(surface: out, fullWidth: full.width, fullHeight: full.height, usedTurboJPEG: false)
        return .success(convertingColour(tile, bytes: bytes, format: header.format))
    }

    /// The stored picture's region that, turned upright by `transform`
    /// (`PixelOrientation`: mirrored, then quarter turns clockwise), is
    /// `region` of the upright picture; `storedSize` is the stored picture's
    /// size at the region's level.
    static func storedRegion(_ region: DecodeRegion, transform: ExifOrientation.Transform,
                             storedSize: (width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
        let (w, h) = storedSize
        func stored(_ dx: Int, _ dy: Int) -> (Int, Int) {
            let x: Int, y: Int // x before the mirror
            switch transform.quarterTurns {
            case 1: (x, y) = (dy, h - 1 - dx)
            case 2: (x, y) = (w - 1 - dx, h - 1 - dy)
            case 3: (x, y) = (w - 1 - dy, dx)
            default: (x, y) = (dx, dy)
            }
            return (transform.flipsHorizontally ? w - 1 - x : x, y)
        }
        let a = stored(region.x, region.y), b = stored(region.x + region.width - 1, region.y + region.height - 1)
        let x0 = min(a.0, b.0), y0 = min(a.1, b.1)
        return (x0, y0, max(a.0, b.0) - x0 + 1, max(a.1, b.1) - y0 + 1)
    }
}
