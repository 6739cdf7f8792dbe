import CSDL2
import Foundation

/// One way of putting a sleeping kiosk's screen out, and back on.
protocol ScreenPowerPath {
    /// How the log names it ("X11 DPMS").
    var name: String { get }
    /// Puts the screen out (`on` false) or back on; nil when done, else
    /// why it cannot ("the X server has no DPMS").
    func set(on: Bool) -> String?
}

/// Puts the screen out when the kiosk falls asleep, trying each way the
/// platform may offer in turn, and back on, the same way, when it wakes.
/// Each time one line says which way worked, or that none could and the
/// screen is only black. None failing is ever fatal.
public final class ScreenPower {
    private let paths: [any ScreenPowerPath]
    private let log: (String) -> Void
    /// The way that put the screen out, which puts it back on.
    private var working: (any ScreenPowerPath)?
    /// SDL keeps the screen awake (a kiosk): asleep it lets the system's
    /// screen saver be, so SDL's periodic reset does not turn DPMS back on.
    private let keepsScreenAwake: Bool

    init(paths: [any ScreenPowerPath], keepsScreenAwake: Bool = false, log: @escaping (String) -> Void) {
        self.paths = paths
        self.keepsScreenAwake = keepsScreenAwake
        self.log = log
    }

    /// The ways `display` may offer, in the order they are tried: X11's
    /// DPMS or Wayland's output power management (whichever the window is
    /// on), HDMI-CEC (a TV), a panel's backlight.
    public convenience init(display: Display, log: @escaping (String) -> Void) {
        var paths: [any ScreenPowerPath] = []
        if let info = ConnectionWatch.windowInfo(display.window), let connection = info.display {
            if info.subsystem == ConnectionWatch.subsystemX11 { paths.append(DPMSPower(display: connection)) }
            if info.subsystem == ConnectionWatch.subsystemWayland, let outputs = WaylandOutputPower(display: connection) { paths.append(outputs) }
        }
        paths.append(CECPower())
        paths.append(BacklightPower(folder: BacklightPower.systemFolder))
        self.init(paths: paths, keepsScreenAwake: SDL_IsScreenSaverEnabled() == SDL_FALSE, log: log)
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
