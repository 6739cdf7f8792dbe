import XCTest
@testable import AccessibilityBridge

/// Keys held for the reader's verdict, on an injected clock; and where the
/// bus is looked for.
final class KeyForwardingTests: XCTestCase {
    func testAKeyIsReleasedByItsAnswerOrWhenItsTimeRunsOut() {
        var keys = KeyForwarding(timeout: 0.1)
        keys.sent(serial: 5, token: 1, at: 10.0)
        XCTAssertTrue(keys.isWaiting)
        XCTAssertFalse(keys.answered(serial: 99, consumed: true), "an answer to no key")
        XCTAssertEqual(keys.verdicts(at: 10.05), [])
        XCTAssertEqual(keys.verdicts(at: 10.11), [.init(token: 1, consumed: false, waited: nil)])
        XCTAssertFalse(keys.isWaiting)
        XCTAssertFalse(keys.answered(serial: 5, consumed: true), "too late: the key already acted")
        XCTAssertEqual(keys.verdicts(at: 10.3), [], "and it acts once")

        keys.sent(serial: 6, token: 2, at: 11.0)
        XCTAssertTrue(keys.answered(serial: 6, consumed: true))
        XCTAssertFalse(keys.answered(serial: 6, consumed: false), "an answer counts once")
        let answer = keys.verdicts(at: 11.02)
        XCTAssertEqual(answer.map(\.token), [2])
        XCTAssertEqual(answer.first?.consumed, true)
        XCTAssertEqual(answer.first?.waited ?? 0, 0.02, accuracy: 1e-9)
        XCTAssertFalse(keys.isWaiting)
    }

    func testABurstIsAnsweredInOrderEachKeyTimedFromTheOneBefore() {
        // Shift, = and their releases at once: the registry hands them to
        // the reader one at a time.
        var keys = KeyForwarding(timeout: 0.1)
        for (i, serial) in [10, 11, 12, 13].enumerated() { keys.sent(serial: UInt32(serial), token: i + 1, at: 20.0) }
        XCTAssertTrue(keys.answered(serial: 11, consumed: false))
        XCTAssertEqual(keys.verdicts(at: 20.05), [], "the second waits for the first: keys act in the order pressed")
        XCTAssertTrue(keys.answered(serial: 10, consumed: true))
        XCTAssertEqual(keys.verdicts(at: 20.06).map(\.token), [1, 2])
        XCTAssertEqual(keys.verdicts(at: 20.12), [], "the third's time began with the second's verdict, at 20.06")
        XCTAssertEqual(keys.verdicts(at: 20.17), [.init(token: 3, consumed: false, waited: nil)])
        XCTAssertEqual(keys.verdicts(at: 20.25), [])
        XCTAssertEqual(keys.verdicts(at: 20.28).map(\.token), [4])
        XCTAssertFalse(keys.isWaiting)
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
