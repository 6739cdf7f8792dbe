/// The AT-SPI 2 numbers and names Trips uses (at-spi2-core's
/// atspi-constants.h; the same values pyatspi exposes as ROLE_* and STATE_*).
public enum ATSPIRole: UInt32, Sendable {
    case frame = 23, image = 27, label = 29, pushButton = 43, slider = 51
    case application = 75, heading = 83

    /// The role's name as AT-SPI spells it (GetRoleName).
    public var name: String {
        switch self {
        case .frame: return "frame"
        case .image: return "image"
        case .label: return "label"
        case .pushButton: return "push button"
        case .slider: return "slider"
        case .application: return "application"
        case .heading: return "heading"
        }
    }
}

public enum ATSPIState: UInt32, CaseIterable, Sendable {
    case active = 1
    case enabled = 8
    case focusable = 11
    case focused = 12
    case sensitive = 24
    case showing = 25
    case visible = 30

    /// The name in `object:state-changed:<name>` events: each case is
    /// named as AT-SPI spells the state.
    public var eventName: String { String(describing: self) }
}

/// A set of states, sent as AT-SPI's two 32-bit words (`au`).
public struct ATSPIStates: Equatable, Sendable {
    public var bits: UInt64 = 0
    public init(_ states: [ATSPIState] = []) { for s in states { insert(s) } }
    public mutating func insert(_ state: ATSPIState) { bits |= 1 << UInt64(state.rawValue) }
    public func contains(_ state: ATSPIState) -> Bool { bits & (1 << UInt64(state.rawValue)) != 0 }
    public var words: [UInt32] { [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)] }
}

/// Where a coordinate is measured from (AtspiCoordType).
public enum ATSPICoordinates: UInt32, Sendable {
    case screen = 0, window = 1, parent = 2
}

/// Object paths and interface names of the AT-SPI D-Bus protocol.
public enum ATSPI {
    public static let rootPath = "/org/a11y/atspi/accessible/root"
    public static let nullPath = "/org/a11y/atspi/null"
    public static let cachePath = "/org/a11y/atspi/cache"
    public static let framePath = "/org/a11y/atspi/accessible/frame"
    public static let registryName = "org.a11y.atspi.Registry"
    public static let deviceEventControllerPath = "/org/a11y/atspi/registry/deviceeventcontroller"

    public static let accessible = "org.a11y.atspi.Accessible"
    public static let application = "org.a11y.atspi.Application"
    public static let component = "org.a11y.atspi.Component"
    public static let action = "org.a11y.atspi.Action"
    public static let value = "org.a11y.atspi.Value"
    public static let cache = "org.a11y.atspi.Cache"
    public static let socket = "org.a11y.atspi.Socket"
    public static let deviceEventController = "org.a11y.atspi.DeviceEventController"
    public static let objectEvents = "org.a11y.atspi.Event.Object"
    public static let windowEvents = "org.a11y.atspi.Event.Window"
    public static let properties = "org.freedesktop.DBus.Properties"
    public static let introspectable = "org.freedesktop.DBus.Introspectable"
}
