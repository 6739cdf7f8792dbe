/// The EXIF Orientation tag (0x0112): how the stored pixels must be turned
/// to show the scene upright. Names as in CGImagePropertyOrientation.
public enum ExifOrientation: Int, CaseIterable, Sendable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// What to do to the stored picture to draw it upright: first mirror it
    /// left to right (if `flipsHorizontally`), then turn it clockwise by
    /// `clockwiseQuarterTurns` x 90 degrees. This is the order of
    /// SDL_RenderCopyEx(flip: SDL_FLIP_HORIZONTAL, angle: turns * 90), whose
    /// destination rectangle is then the stored size (not `displaySize`)
    /// centred where the upright picture goes.
    public struct Transform: Equatable, Sendable {
        public var clockwiseQuarterTurns: Int
        public var flipsHorizontally: Bool

        /// The quarter turns as 0...3, whatever was given.
        public var quarterTurns: Int { ((clockwiseQuarterTurns % 4) + 4) % 4 }
    }

    /// Orientations 5 to 8 store the picture on its side.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// `size` turned between the stored and the upright picture (the same
    /// swap either way): a target the upright picture must cover, as the
    /// stored one must cover it.
    public func turned(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        swapsWidthAndHeight ? (size.height, size.width) : size
    }

    public var transform: Transform {
        switch self {
        case .up: return Transform(clockwiseQuarterTurns: 0, flipsHorizontally: false)
        case .upMirrored: return Transform(clockwiseQuarterTurns: 0, flipsHorizontally: true)
        case .down: return Transform(clockwiseQuarterTurns: 2, flipsHorizontally: false)
        case .downMirrored: return Transform(clockwiseQuarterTurns: 2, flipsHorizontally: true)
        case .leftMirrored: return Transform(clockwiseQuarterTurns: 3, flipsHorizontally: true)
        case .right: return Transform(clockwiseQuarterTurns: 1, flipsHorizontally: false)
        case .rightMirrored: return Transform(clockwiseQuarterTurns: 1, flipsHorizontally: true)
        case .left: return Transform(clockwiseQuarterTurns: 3, flipsHorizontally: false)
        }
    }
}

extension PhotoHeader {
    /// Orientation 1...8 from IFD0 of a TIFF block (EXIF's layout: II or MM,
    /// 42, offset of IFD0). Anything unreadable gives nil: a bad EXIF block
    /// should not cost the photo, which is then shown as stored.
    static func tiffOrientation(_ t: ByteWindow) -> ExifOrientation? {
        // SHORT is usual; some write LONG.
        guard let tiff = TIFFBlock(t), let value = tiff.number(0x0112, inDirectoryAt: tiff.firstDirectory) else { return nil }
        return ExifOrientation(rawValue: value)
    }
}
