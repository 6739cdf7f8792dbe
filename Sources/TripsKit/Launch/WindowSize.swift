import Foundation

/// A window's size in whole points (or pixels, where a caller says so), as
/// `--size WxH` writes it.
public struct WindowSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The sides `--size` and a replay script accept, in points.
    public static let sides = 200...16384

    /// `WxH` (either case of x), each side within `sides`; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), Self.sides.contains(w), Self.sides.contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }

    public var cgSize: CGSize { CGSize(width: width, height: height) }

    /// This size at `scale` pixels a point, rounded to whole pixels.
    public func scaled(by scale: Double) -> WindowSize {
        WindowSize(width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()))
    }
}
