/// The window the app asks for: the command line's, or a replay script's,
/// whose size and scale rule (a replay's window is the script's, at its
/// scale, windowed, however large).
public struct WindowPlan: Equatable, Sendable {
    /// What the layout works in.
    public var points: WindowSize
    /// Pixels per point a replay draws at, and live `--scale` (else 1 live: the display says).
    public var pixelScale: Double
    /// `--scale`, live: the pixels per point the display is to take where
    /// its compositor says 1; nil: the compositor's.
    public var operatorScale: Double?
    /// What SDL is asked for.
    public var pixels: WindowSize
    public var mode: LaunchOptions.WindowMode
    /// Whether the window may be no larger than the display's usable area.
    public var fitsDisplay: Bool

    public init(options: LaunchOptions, script: ReplayScript?) {
        points = script.map { WindowSize(width: Int($0.size.width), height: Int($0.size.height)) } ?? options.windowSize
        operatorScale = script == nil ? options.scale : nil
        pixelScale = script?.scale ?? options.scale ?? 1
        pixels = points.scaled(by: pixelScale)
        mode = script == nil ? options.windowMode : .windowed
        fitsDisplay = script == nil
    }
}
