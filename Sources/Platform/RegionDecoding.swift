import CJPEG
import CSDL2
import PhotoFile

/// A part of a photo at a finer level than the window-sized picture: a
/// detail tile of a zoomed big photo (`DetailTiles`). libjpeg decodes only
/// the rows down to the region's end and the blocks across it, at the
/// level's DCT scale. Only upright JPEGs have tiles; other photos keep
/// their window-sized picture when zoomed (the reason comes back refused).
extension PhotoDecoder {
    public static func decode(bytes: UnsafeRawBufferPointer, region: DecodeRegion, output: Output = newSurface) -> Result<Decoded, Failure> {
        let head = Array(bytes.prefix(PhotoHeader.readLimit))
        let header: PhotoHeader
        switch PhotoHeader.parse(head, fileLength: bytes.count) {
        case .success(let h): header = h
        case .failure(let problem): return .failure(.refused(problem.description))
        }
        guard header.format == .jpeg else { return .failure(.refused("detail tiles are decoded from JPEGs only, not \(header.format.name)")) }
        guard header.orientation == .up else { return .failure(.refused("detail tiles are decoded from upright JPEGs only")) }
        guard DetailTiles.levels.contains(region.level), region.width > 0, region.height > 0,
              region.width <= DetailTiles.side, region.height <= DetailTiles.side else {
            return .failure(.refused("a region of \(region.width) x \(region.height) at 1/\(region.level) is not a tile"))
        }
        guard let base = bytes.bindMemory(to: UInt8.self).baseAddress, let out = output(region.width, region.height) else {
            return .failure(.decode("no memory for a \(region.width) x \(region.height) tile"))
        }
        var message = [CChar](repeating: 0, count: 200)
        let status = trips_jpeg_decode_region(base, UInt(bytes.count), Int32(region.level), Int32(region.x), Int32(region.y),
                                              Int32(region.width), Int32(region.height),
                                              out.pointee.pixels.assumingMemoryBound(to: UInt8.self), out.pointee.pitch,
                                              &message, Int32(message.count))
        guard status == 0 else {
            SDL_FreeSurface(out)
            return .failure(.decode("libjpeg cannot decode the tile: \(String(cString: message))"))
        }
        let decoded = Decoded(surface: out, fullWidth: header.width, fullHeight: header.height, usedTurboJPEG: false)
        return .success(convertingColour(decoded, bytes: bytes, format: header.format))
    }
}
