import XCTest
@testable import AccessibilityBridge

/// Keys held for the reader's verdict, on an injected clock; and where the
/// bus is looked for.
final class KeyForwardingTests: XCTestCase {
    func testAKeyIsReleasedByItsAnswerOrWhenItsTimeRunsOut() {
        var keys = KeyForwarding(timeout: 0.1)
        keys.sent(serial: 5, token: 1, at: 10.0)
        keys.sent(serial: 6, token: 2, at: 10.02)
        XCTAssertTrue(keys.isWaiting)
        XCTAssertEqual(keys.answered(serial: 6)?.token, 2)
        XCTAssertNil(keys.answered(serial: 99), "an answer to no key")
        XCTAssertNil(keys.answered(serial: 6)?.token, "an answer counts once")
        XCTAssertEqual(keys.expired(at: 10.05), [])
        XCTAssertEqual(keys.expired(at: 10.11), [1])
        XCTAssertFalse(keys.isWaiting)
        XCTAssertNil(keys.answered(serial: 5)?.token, "too late: the key already acted")
    }

    func testTheKeyArgumentIsWhatTheDeviceEventControllerTakes() {
        let tab = ForwardedKey(pressed: true, keysym: 0xff09, keycode: 23, modifiers: 0, timestamp: 5, text: "Tab")
        XCTAssertEqual(tab.argument.signature, "(uinnisb)")
        XCTAssertEqual(tab.argument, .structure([.uint32(0), .int32(0xff09), .int16(23), .int16(0), .int32(5), .string("Tab"), .bool(false)]))
        let plus = ForwardedKey(pressed: false, keysym: 0x2b, keycode: 21, modifiers: 1, timestamp: 6, text: "+")
        XCTAssertEqual(plus.argument, .structure([.uint32(1), .int32(0x2b), .int16(21), .int16(1), .int32(6), .string("+"), .bool(true)]))
    }

    func testTheBusIsFoundFromTheEnvironmentAndNeverAutolaunched() {
        let none: (String) -> Bool = { _ in false }
        XCTAssertEqual(BusAddress.choose(environment: ["NO_AT_BRIDGE": "1", "AT_SPI_BUS_ADDRESS": "unix:path=/a"], fileExists: none), .off)
        XCTAssertEqual(BusAddress.choose(environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/a", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/s"],
                                         fileExists: none), .accessibility("unix:path=/a"))
        XCTAssertEqual(BusAddress.choose(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/s"], fileExists: none), .session("unix:path=/s"))
        XCTAssertEqual(BusAddress.choose(environment: ["XDG_RUNTIME_DIR": "/run/user/1"], fileExists: { $0 == "/run/user/1/bus" }),
                       .session("unix:path=/run/user/1/bus"))
        guard case .none(let reason) = BusAddress.choose(environment: ["NO_AT_BRIDGE": "0"], fileExists: none) else {
            return XCTFail("no bus expected")
        }
        XCTAssertTrue(reason.hasPrefix("trips: "))
    }
}
