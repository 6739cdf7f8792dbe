import Foundation

/// Where the accessibility bus is, and whether to look for it at all.
public enum BusAddress {
    public enum Choice: Equatable, Sendable {
        /// NO_AT_BRIDGE=1: the variable GTK and Qt apps honour.
        case off
        /// AT_SPI_BUS_ADDRESS names it.
        case accessibility(String)
        /// Ask org.a11y.Bus.GetAddress on this session bus.
        case session(String)
        /// Neither: a bare kiosk. The reason is the one log line.
        case none(String)
    }

    /// Decided from the environment alone. The session bus is never
    /// "autolaunch:"ed (libdbus's default would start a dbus-launch on X11).
    public static func choose(environment: [String: String], fileExists: (String) -> Bool) -> Choice {
        if environment["NO_AT_BRIDGE"] == "1" { return .off }
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return .accessibility(address) }
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return .session(address) }
        if let runtime = environment["XDG_RUNTIME_DIR"], fileExists(runtime + "/bus") { return .session("unix:path=" + runtime + "/bus") }
        return .none("trips: no session bus (DBUS_SESSION_BUS_ADDRESS is unset), so no screen reader can read the app")
    }
}
