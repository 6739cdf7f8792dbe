/// Turns decoded pixels upright by a photo's EXIF orientation: cameras store
/// the sensor's rows and only note how the camera was held.
public enum PixelOrientation {
    /// `pixels` (row-major, `width` x `height`, one UInt32 a pixel) flipped
    /// horizontally if asked, then turned clockwise by quarter turns.
    public static func apply(_ transform: ExifOrientation.Transform, to pixels: [UInt32], width: Int, height: Int)
        -> (pixels: [UInt32], width: Int, height: Int) {
        if transform.quarterTurns == 0 && !transform.flipsHorizontally { return (pixels, width, height) }
        let size = turnedSize(transform, width: width, height: height)
        var out = [UInt32](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                apply(transform, from: src.baseAddress!, width: width, height: height, pitch: width, to: dst.baseAddress!, pitch: size.width)
            }
        }
        return (out, size.width, size.height)
    }

    /// The same in one pass between two buffers (pitches in pixels), so a
    /// decoder writes the upright picture straight into its output.
    public static func apply(_ transform: ExifOrientation.Transform, from src: UnsafePointer<UInt32>, width: Int, height: Int, pitch: Int,
                             to dst: UnsafeMutablePointer<UInt32>, pitch outPitch: Int) {
        let turns = transform.quarterTurns
        for y in 0..<height {
            for x in 0..<width {
                let sx = transform.flipsHorizontally ? width - 1 - x : x
                let value = src[y * pitch + sx]
                let (dx, dy): (Int, Int)
                switch turns {
                case 1: (dx, dy) = (height - 1 - y, x)
                case 2: (dx, dy) = (width - 1 - x, height - 1 - y)
                case 3: (dx, dy) = (y, width - 1 - x)
                default: (dx, dy) = (x, y)
                }
                dst[dy * outPitch + dx] = value
            }
        }
    }

    /// The size of a `width` x `height` picture once turned.
    public static func turnedSize(_ transform: ExifOrientation.Transform, width: Int, height: Int) -> (width: Int, height: Int) {
        transform.quarterTurns % 2 == 0 ? (width, height) : (height, width)
    }
}
