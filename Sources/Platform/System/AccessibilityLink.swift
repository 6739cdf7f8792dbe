import AccessibilityBridge
import CSDL2
import Foundation
import TripsKit

/// The frame loop's side of the AT-SPI bridge: starts it after the first
/// frame (start-up never waits for a bus), publishes the tree of every
/// frame drawn, wakes the loop when a reader calls, holds keys until the
/// reader's verdict, and hands a reader's click or focus to the model's
/// driver as an input of its own (`ReaderAction`), which `--record` writes.
public final class AccessibilityLink {
    private let environment: [String: String]
    private let version: String
    private let locale: String
    private let title: String
    private let log: @Sendable (String) -> Void
    private var bridge: AccessibilityBridge?
    private var started = false
    /// TRIPS_VERBOSE: each key's verdict and how long it took is logged.
    private let verbose: Bool
    /// The SDL event the bus watcher posts to wake the loop.
    private let wake = RegisteredEvent()
    var wakeEventType: UInt32 { wake.type }
    /// Keys waiting for the reader's verdict, by token.
    private var heldKeys: [Int: (input: InputEvent, time: Double)] = [:]

    public init(environment: [String: String], title: String, version: String, locale: String,
                log: @escaping @Sendable (String) -> Void) {
        self.environment = environment
        verbose = environment["TRIPS_VERBOSE"] != nil
        self.title = title
        self.version = version
        self.locale = locale
        self.log = log
    }

    private static func seconds() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    func tree(_ app: AppModel, display: Display) -> AccessibleTree {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(display.window, &x, &y)
        let active = SDL_GetWindowFlags(display.window) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0
        let units = display.compositorScale
        // SDL's window position is in points on a scaled Wayland output
        // and pixels on X11, where a point is a pixel (or `--scale`'s).
        let geometry = WindowGeometry(origin: CGPoint(x: Double(x) * units, y: Double(y) * units), size: app.size, scale: display.scale)
        return AccessibleTree(title: title, elements: app.accessibilityElements, focus: app.focusName, window: geometry, active: active)
    }

    /// After the first frame: connects in the background (or says in one
    /// line why not).
    func start(_ app: AppModel, display: Display) {
        guard !started else { return }
        started = true
        bridge = AccessibilityBridge.start(environment: environment, tree: tree(app, display: display), version: version, locale: locale,
                                           clock: { Self.seconds() },
                                           wake: wake.push,
                                           log: log)
    }

    /// After a frame was drawn: what it shows, for readers.
    func publish(_ app: AppModel, display: Display) {
        guard let bridge, bridge.isConnected else { return }
        bridge.publish(tree(app, display: display), settled: !app.isAnimating)
    }

    var needsPump: Bool { bridge?.needsPump ?? false }

    /// The bus's socket, for the loop's sleeps to wake on (nil: not on the bus).
    var fileDescriptor: Int32? { bridge?.fileDescriptor }

    /// Answers readers and hands what they asked to `driver`, at `now`
    /// on the loop's clock; true if the app may have changed.
    func pump(_ driver: AppDriver, now: Double) -> Bool {
        guard let bridge else { return false }
        var changed = false
        for outcome in bridge.pump() {
            switch outcome {
            case .click, .focus, .setValue:
                let action: ReaderAction
                switch outcome {
                case .click(let key): action = .click(element: key)
                case .focus(let key): action = .focus(element: key)
                case .setValue(let key, let value): action = .setValue(element: key, value: value)
                case .key: continue
                }
                driver.advance(to: now)
                driver.handle(.reader(action), at: now)
                changed = true
            case .key(let token, let consumed, let waited):
                if verbose {
                    log(waited.map { String(format: "trips: the screen reader %@ a key after %.2f ms", consumed ? "took" : "passed on", $0 * 1000) }
                        ?? String(format: "trips: no verdict on a key within %.0f ms; the app acts on it", AccessibilityBridge.keyTimeout * 1000))
                }
                guard let held = heldKeys.removeValue(forKey: token), !consumed else { continue }
                driver.handle(held.input, at: held.time)
                changed = true
            }
        }
        return changed
    }

    /// Offers a key event to the reader first: true if it is held for the
    /// verdict (`input`, the app's event for it, is applied then if not consumed).
    func offer(_ event: SDL_Event, input: InputEvent?, at time: Double) -> Bool {
        guard let bridge, bridge.isConnected, event.type == SDL_KEYDOWN.rawValue || event.type == SDL_KEYUP.rawValue else { return false }
        let key = ForwardedKey(sdl: event.key)
        guard let token = bridge.forward(key) else { return false }
        // A release is told to the reader but never held: the app acts on presses.
        guard let input, key.pressed else { return true }
        heldKeys[token] = (input, time)
        return true
    }
}
