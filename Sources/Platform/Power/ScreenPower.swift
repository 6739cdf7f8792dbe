import CSDL2
import Foundation

/// One way of putting a sleeping kiosk's screen out, and back on.
protocol ScreenPowerPath {
    /// How the log names it ("X11 DPMS").
    var name: String { get }
    /// Puts the screen out (`on` false) or back on; nil when done, else
    /// why it cannot ("the X server has no DPMS").
    func set(on: Bool) -> String?
    /// Lets go of what it holds of the display (before the display closes).
    func close()
}

extension ScreenPowerPath {
    func close() {}
}

/// Puts the screen out when the kiosk falls asleep, trying each way the
/// platform may offer in turn, and back on, the same way, when it wakes.
/// Each time one line says which way worked, or that none could and the
/// screen is only black. None failing is ever fatal.
public final class ScreenPower {
    /// Found when the kiosk first falls asleep, so a start binds nothing.
    private lazy var paths: [any ScreenPowerPath] = findPaths()
    private let findPaths: () -> [any ScreenPowerPath]
    private let log: (String) -> Void
    /// The way that put the screen out, which puts it back on.
    private var working: (any ScreenPowerPath)?
    /// SDL keeps the screen awake (a kiosk): asleep it lets the system's
    /// screen saver be, so SDL's periodic reset does not turn DPMS back on.
    private let keepsScreenAwake: Bool

    init(paths: @escaping @autoclosure () -> [any ScreenPowerPath], keepsScreenAwake: Bool = false, log: @escaping (String) -> Void) {
        findPaths = paths
        self.keepsScreenAwake = keepsScreenAwake
        self.log = log
    }

    /// The ways `display` may offer, in the order they are tried: X11's
    /// DPMS or Wayland's output power management (whichever the window is
    /// on), HDMI-CEC (a TV), a panel's backlight.
    public convenience init(display: Display, log: @escaping (String) -> Void) {
        let window = display.window
        // On X11 only: SDL's X11 driver resets the screen saver (and with
        // it DPMS) every 30 s; its Wayland one's idle inhibitor is left be.
        let x11 = display.videoDriver == "x11"
        self.init(paths: Self.paths(window: window), keepsScreenAwake: x11 && SDL_IsScreenSaverEnabled() == SDL_FALSE, log: log)
    }

    private static func paths(window: OpaquePointer) -> [any ScreenPowerPath] {
        var paths: [any ScreenPowerPath] = []
        if let info = ConnectionWatch.windowInfo(window), let connection = info.display {
            if info.subsystem == ConnectionWatch.subsystemX11 { paths.append(DPMSPower(display: connection)) }
            if info.subsystem == ConnectionWatch.subsystemWayland { paths.append(WaylandOutputPower(display: connection)) }
        }
        paths.append(CECPower())
        paths.append(BacklightPower(folder: BacklightPower.systemFolder))
        return paths
    }

    /// Lets go of what the ways hold of the display: after the frame loop,
    /// before the display closes.
    public func close() {
        for path in paths { path.close() }
        working = nil
    }

    /// The screen out (`on` false) or back on.
    public func set(on: Bool) {
        if keepsScreenAwake {
            if on { SDL_DisableScreenSaver() } else { SDL_EnableScreenSaver() }
        }
        if on {
            guard let path = working else { log("trips: awake"); return }
            working = nil
            if let why = path.set(on: true) {
                log("trips: awake; \(path.name) could not put the screen back on (\(why))")
            } else {
                log("trips: awake; the screen is back on through \(path.name)")
            }
            return
        }
        var refusals: [String] = []
        for path in paths {
            if let why = path.set(on: false) {
                refusals.append("\(path.name): \(why)")
            } else {
                working = path
                log("trips: asleep; the screen is put out through \(path.name)")
                return
            }
        }
        log("trips: asleep; the screen is only black, nothing could put it out (\(refusals.joined(separator: "; ")))")
    }
}
