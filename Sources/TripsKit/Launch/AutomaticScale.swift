import Foundation

/// The pixels per point Trips picks for a fullscreen window where the
/// compositor says 1 and the operator gave no `--scale`. A screen whose
/// pixels are coarse, at least about 0.25 mm each, is a TV read from across
/// a room: it is laid out at most 1920 points along its longer side, so a
/// 55-inch 4K TV gets 2 and shows the 1920 x 1080 layout. A finer screen (a
/// laptop, a monitor) is read from arm's length, and stays at 1 however
/// many pixels it has; its desktop scales it if it wants.
public struct AutomaticScale: Equatable, Sendable {
    public static let coarsePixelMillimetres = 0.25
    public static let longerSideInPoints = 1920.0

    public let scale: Double
    /// The one line that says what was chosen and why.
    public let note: String

    /// Nil when the choice is 1, or the screen's size in millimetres is not
    /// known (`millimetresPerPixel` nil, or not a screen's: EDIDs of some
    /// TVs and projectors give an aspect ratio for a size).
    public init?(pixels: (width: Int, height: Int), millimetresPerPixel: Double?) {
        guard let mm = millimetresPerPixel, (0.05...2).contains(mm), mm >= Self.coarsePixelMillimetres else { return nil }
        let longer = Double(max(pixels.width, pixels.height))
        let chosen = min(4, (longer / Self.longerSideInPoints).rounded(.up))
        guard chosen > 1 else { return nil }
        scale = chosen
        note = "trips: \(pixels.width)x\(pixels.height) pixels of \(String(format: "%.2f", mm)) mm (a screen seen from afar): "
            + "\(Int(chosen)) pixels a point, a \(Int((Double(pixels.width) / chosen).rounded()))x\(Int((Double(pixels.height) / chosen).rounded()))-point layout; --scale 1 keeps 1"
    }
}
