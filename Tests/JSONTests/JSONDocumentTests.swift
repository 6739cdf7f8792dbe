import XCTest
@testable import JSON

final class JSONDocumentTests: XCTestCase {
    func testRoundTripKeepsOrderAndEscapes() throws {
        let text = "{\"b\": [1, 2.5, true, null], \"a\": \"q\\\"\\n\\u00e9\"}"
        let node = try JSONDocument.parse(text)
        let again = try JSONDocument.parse(JSONDocument.serialize(node.value))
        XCTAssertEqual(node.value, again.value)
        XCTAssertEqual(node["a"]?.value, .string("q\"\né"))
    }

    func testDeepNestingIsRefusedNotACrash() {
        let text = String(repeating: "[", count: 10000) + String(repeating: "]", count: 10000)
        XCTAssertThrowsError(try JSONDocument.parse(text))
    }

    func testTrailingTextIsAnError() {
        XCTAssertThrowsError(try JSONDocument.parse("{} x")) { e in
            XCTAssertEqual((e as? JSONSyntaxError)?.column, 4)
        }
    }
}
