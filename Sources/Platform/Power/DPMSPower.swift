import CXext
import Foundation

/// An X screen through the DPMS extension (libXext's `DPMSForceLevel`), on
/// SDL's own X connection.
struct DPMSPower: ScreenPowerPath {
    /// SDL's Xlib `Display *`.
    let display: OpaquePointer
    var name: String { "X11 DPMS" }

    func set(on: Bool) -> String? {
        switch trips_dpms_force(UnsafeMutableRawPointer(display), on ? 1 : 0) {
        case 0: return nil
        case -1: return "the X server has no DPMS extension"
        default: return "the X server's screen cannot do DPMS"
        }
    }

    /// The screen's level now (0 on ... 3 off), for the log and the tests.
    var level: Int { Int(trips_dpms_level(UnsafeMutableRawPointer(display))) }
}
