import Foundation

/// The app's state and what input does to it, free of SDL so it is tested
/// without a display. The frame loop feeds it events and fixed steps and asks
/// it for the scene to draw.
public final class AppModel {
    public let catalog: TripCatalog
    public let mode: LaunchOptions.WindowMode
    public let theme: Theme
    public private(set) var size: CGSize
    public private(set) var layout: OverviewLayout
    public private(set) var stripOffset: CGFloat = 0
    /// Set when the app should end; the loop checks it after each event.
    public private(set) var quitRequested = false

    public init(catalog: TripCatalog, size: CGSize, mode: LaunchOptions.WindowMode, theme: Theme = .standard) {
        self.catalog = catalog
        self.mode = mode
        self.theme = theme
        self.size = size
        self.layout = OverviewLayout(size: size, itemCount: catalog.trips.count)
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case .quit:
            quitRequested = true
        case .closeRequested, .key("Q", ctrl: true):
            // A kiosk has no way out for a visitor: only SIGTERM/SIGINT end it.
            if mode != .kiosk { quitRequested = true }
        case .resized(let newSize):
            guard newSize != size, newSize.width > 0, newSize.height > 0 else { return }
            size = newSize
            layout = OverviewLayout(size: newSize, itemCount: catalog.trips.count)
            stripOffset = layout.settledOffset(near: stripOffset)
        case .key, .focusLost:
            break
        }
    }

    /// Advances the simulation by one fixed step of `dt` seconds.
    public func step(_ dt: Double) {}

    /// True while something moves, so the loop keeps rendering; false lets
    /// it sleep until the next event.
    public var isAnimating: Bool { false }

    /// What to draw, interpolated `alpha` of a step past the last one.
    public func scene(alpha: Double, imageSize: (Int) -> CGSize?) -> Scene {
        OverviewScene(layout: layout, trips: catalog.trips, theme: theme).make(stripOffset: stripOffset, imageSize: imageSize)
    }
}
