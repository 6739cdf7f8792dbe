import CCEC
import Foundation

/// A TV through HDMI-CEC (libcec): standby when the kiosk falls asleep,
/// power on when it wakes. Each change opens the first adapter libcec
/// finds and closes it again, so a kiosk holds no adapter while awake.
struct CECPower: ScreenPowerPath {
    var name: String { "HDMI-CEC" }

    func set(on: Bool) -> String? {
        var adapter = [CChar](repeating: 0, count: 1024)
        let result = trips_cec_power(on ? 1 : 0, &adapter, adapter.count)
        let named = String(decoding: adapter.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(result) {
        case Int(TRIPS_CEC_DONE): return nil
        case Int(TRIPS_CEC_NO_ADAPTER): return "no CEC adapter"
        case Int(TRIPS_CEC_NOT_OPENED): return "the adapter \(named) could not be opened"
        case Int(TRIPS_CEC_REFUSED): return "the TV did not acknowledge \(on ? "power on" : "standby") through \(named)"
        default: return "libcec could not start"
        }
    }
}
