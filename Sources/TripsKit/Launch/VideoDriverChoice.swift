/// Which SDL video driver to ask for, decided from the environment.
///
/// Wayland is the first-class display, but SDL 2.26 tries X11 first unless
/// told, so the app passes a driver list in SDL_HINT_VIDEODRIVER. Only the
/// displays the session actually names are listed: a lone DISPLAY must not
/// make SDL probe for a stray wayland-0 socket. A user's own SDL_VIDEODRIVER
/// (for example `offscreen` for headless runs) is always honoured.
public enum VideoDriverChoice: Equatable, Sendable {
    /// The user chose; leave SDL to read SDL_VIDEODRIVER itself.
    case explicit(String)
    /// Set SDL_HINT_VIDEODRIVER to this list.
    case preferred(String)
    /// No display at all.
    case none

    public static let noDisplayMessage = "trips: no Wayland or X11 display (set WAYLAND_DISPLAY or DISPLAY)"

    /// The driver SDL will try first ("x11", "wayland"), or nil for none.
    public var firstDriver: String? {
        switch self {
        case .explicit(let list), .preferred(let list):
            return list.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        case .none: return nil
        }
    }

    public static func resolve(environment: [String: String]) -> VideoDriverChoice {
        func set(_ key: String) -> String? {
            guard let v = environment[key]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return nil }
            return v
        }
        if let driver = set("SDL_VIDEODRIVER") { return .explicit(driver) }
        var drivers: [String] = []
        if set("WAYLAND_DISPLAY") != nil { drivers.append("wayland") }
        if set("DISPLAY") != nil { drivers.append("x11") }
        return drivers.isEmpty ? .none : .preferred(drivers.joined(separator: ","))
    }
}
