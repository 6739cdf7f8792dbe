/// Turns decoded pixels upright by a photo's EXIF orientation: cameras store
/// the sensor's rows and only note how the camera was held.
public enum PixelOrientation {
    /// `pixels` (row-major, `width` x `height`, one UInt32 a pixel) flipped
    /// horizontally if asked, then turned clockwise by quarter turns.
    public static func apply(_ transform: ExifOrientation.Transform, to pixels: [UInt32], width: Int, height: Int)
        -> (pixels: [UInt32], width: Int, height: Int) {
        let turns = ((transform.clockwiseQuarterTurns % 4) + 4) % 4
        if turns == 0 && !transform.flipsHorizontally { return (pixels, width, height) }
        let outW = turns % 2 == 0 ? width : height, outH = turns % 2 == 0 ? height : width
        var out = [UInt32](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let sx = transform.flipsHorizontally ? width - 1 - x : x
                        let value = src[y * width + sx]
                        let (dx, dy): (Int, Int)
                        switch turns {
                        case 1: (dx, dy) = (height - 1 - y, x)
                        case 2: (dx, dy) = (width - 1 - x, height - 1 - y)
                        case 3: (dx, dy) = (y, width - 1 - x)
                        default: (dx, dy) = (x, y)
                        }
                        dst[dy * outW + dx] = value
                    }
                }
            }
        }
        return (out, outW, outH)
    }
}
