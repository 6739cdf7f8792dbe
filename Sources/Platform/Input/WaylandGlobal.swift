import CWayland

/// One global the compositor announces (`wl_registry.global`), read from
/// its arguments and bound at the lower of its version and the highest
/// Trips speaks: the registry listeners differ only in what they bind.
struct WaylandGlobal {
    let interface: String
    private let registry: OpaquePointer?
    private let name: UInt32
    private let version: UInt32

    init(registry: OpaquePointer?, _ arguments: UnsafeMutablePointer<wl_argument>) {
        self.registry = registry
        name = arguments[0].u
        interface = String(cString: arguments[1].s)
        version = arguments[2].u
    }

    /// The bound proxy, on the registry's queue, and the version it speaks;
    /// nil when the bind failed.
    func bind(_ type: UnsafePointer<wl_interface>, upTo highest: UInt32) -> (proxy: OpaquePointer, version: UInt32)? {
        let agreed = min(version, highest)
        guard let proxy = wl_registry_bind(registry, name, type, agreed) else { return nil }
        return (OpaquePointer(proxy), agreed)
    }
}
