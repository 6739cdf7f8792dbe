import Foundation

/// The textures' line for the log: what was decoded and what it costs.
extension PhotoTextures {
    /// One line for the log: what was decoded and what it costs.
    public var summary: String {
        String(format: "photos: %d decodes asked for, %d done (%d with libjpeg-turbo's scaled decoding), %d failed; textures %.1f MiB of a %d MiB budget",
               requestedCount, decodedCount, turboDecodedCount, failedCount, Double(bytesInUse) / 1_048_576, budgetBytes >> 20)
            + String(format: "; %d previews from EXIF thumbnails; %d detail tiles decoded", previewCount, tiles.tilesDecoded)
            + (tiles.lastViewSeconds.map { String(format: ", the last zoomed view's tiles all there after %.0f ms", $0 * 1000) } ?? "")
            + (tiles.lastZoomSeconds.map { String(format: " (%.0f ms after the last zoom past the picture began)", $0 * 1000) } ?? "")
            + (loader.sharedThumbnails.map { cache in
                let c = cache.summary
                return "; shared thumbnail cache: \(c.found) found, \(c.stale) stale, \(c.missing) missing, \(c.written) written, \(c.failuresWritten) failures noted"
            } ?? "")
    }
}
