import Foundation
import XCTest
@testable import TripsKit

/// Keys reach the model as `Key`s; a recording writes the key's name and a
/// replay reads it back as the same key.
final class KeyTests: XCTestCase {
    func testEveryNamedKeyRoundTripsThroughItsName() {
        let keys: [Key] = [.escape, .tab, .left, .right, .up, .down, .returnKey, .space, .keypadEnter,
                           .plus, .equals, .keypadPlus, .minus, .keypadMinus, .zero, .keypadZero, .q]
        XCTAssertEqual(Set(keys.map(\.name)).count, keys.count, "one name each")
        for key in keys { XCTAssertEqual(Key(name: key.name), key, key.name) }
        XCTAssertEqual(Key(name: "Keypad Enter"), .keypadEnter)
        XCTAssertEqual(Key(name: "F4"), .other("F4"))
        XCTAssertEqual(Key.other("Page Down").name, "Page Down")
    }

    func testARecordedKeyWritesItsNameAndCtrl() {
        let step = ReplayScript.Step(recording: .key(.keypadEnter, ctrl: true), atMilliseconds: 120)
        XCTAssertEqual(step?.command, .key(name: "Keypad Enter", modifiers: .control))
    }
}
