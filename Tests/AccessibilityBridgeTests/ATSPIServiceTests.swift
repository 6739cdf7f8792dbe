import CDBus
import Foundation
import TestSupport
import XCTest
@testable import AccessibilityBridge
import TripsKit

/// The AT-SPI objects' answers, and the input a reader (or anyone on the
/// bus) can send them: wrong signatures, unknown paths, a child index out
/// of range, DoAction on a node that went away. Each gets a D-Bus error,
/// never a crash; the random calls go through libdbus's real messages.
final class ATSPIServiceTests: XCTestCase {
    private let elements = [
        AccessibilityElement(id: "title", label: "Trips", value: "", traits: ["header"], frame: CGRect(x: 0, y: 0, width: 100, height: 20)),
        AccessibilityElement(id: "strip:lisbon", label: "Photo of Lisbon", value: "", traits: ["button", "image"],
                             frame: CGRect(x: 0, y: 100, width: 100, height: 50)),
        AccessibilityElement(id: "row:lisbon", label: "Lisbon", value: "4 nights", traits: ["button"],
                             frame: CGRect(x: 200, y: 0, width: 100, height: 50)),
    ]

    private func service(focus: String? = nil) -> ATSPIService {
        ATSPIService(tree: AccessibleTree(title: "Trips", elements: elements, focus: focus,
                                          window: WindowGeometry(origin: CGPoint(x: 10, y: 20), size: CGSize(width: 400, height: 300), scale: 2),
                                          active: true),
                     busName: ":1.7", toolkitVersion: "0.1.0", locale: "fr")
    }

    private func values(_ reply: DBusReply, file: StaticString = #filePath, line: UInt = #line) -> [DBusValue] {
        guard case .values(let v) = reply else { XCTFail("expected values, got \(reply)", file: file, line: line); return [] }
        return v
    }

    private func errorName(_ reply: DBusReply) -> String? {
        if case .error(let name, _) = reply { return name }
        return nil
    }

    func testTheRootIsTheApplicationWithItsWindow() {
        var s = service()
        let children = values(s.handle(DBusCall(path: ATSPI.rootPath, interface: ATSPI.accessible, member: "GetChildren")).reply)
        XCTAssertEqual(children, [.array(element: "(so)", [.structure([.string(":1.7"), .objectPath(ATSPI.framePath)])])])
        XCTAssertEqual(values(s.handle(DBusCall(path: ATSPI.rootPath, interface: ATSPI.accessible, member: "GetRole")).reply), [.uint32(75)])
        let version = s.handle(DBusCall(path: ATSPI.rootPath, interface: ATSPI.properties, member: "Get",
                                        arguments: [.string(ATSPI.application), .string("AtspiVersion")])).reply
        XCTAssertEqual(values(version), [.variant(.string("2.1"))])
        let set = s.handle(DBusCall(path: ATSPI.rootPath, interface: ATSPI.properties, member: "Set",
                                    arguments: [.string(ATSPI.application), .string("Id"), .variant(.int32(42))])).reply
        XCTAssertEqual(set, .values([]))
        XCTAssertEqual(s.applicationId, 42)
        let items = s.handle(DBusCall(path: ATSPI.cachePath, interface: ATSPI.cache, member: "GetItems")).reply
        XCTAssertEqual(values(items), [.array(element: "((so)(so)(so)iiassusau)", [])])
    }

    func testANodesNameDescriptionStatesExtentsAndAction() {
        var s = service(focus: "row:lisbon")
        let path = s.path(of: "row:lisbon")
        func get(_ name: String) -> [DBusValue] {
            values(s.handle(DBusCall(path: path, interface: ATSPI.properties, member: "Get", arguments: [.string(ATSPI.accessible), .string(name)])).reply)
        }
        XCTAssertEqual(get("Name"), [.variant(.string("Lisbon"))])
        XCTAssertEqual(get("Description"), [.variant(.string("4 nights"))])
        XCTAssertEqual(get("Parent"), [.variant(.structure([.string(":1.7"), .objectPath(ATSPI.framePath)]))])
        XCTAssertEqual(get("Locale"), [.variant(.string("fr"))])
        let states = values(s.handle(DBusCall(path: path, interface: ATSPI.accessible, member: "GetState")).reply)
        XCTAssertEqual(states, [.array(element: "u", ATSPIStates([.enabled, .sensitive, .showing, .visible, .focusable, .focused]).words.map { .uint32($0) })])
        let extents = values(s.handle(DBusCall(path: path, interface: ATSPI.component, member: "GetExtents", arguments: [.uint32(0)])).reply)
        XCTAssertEqual(extents, [.structure([.int32(410), .int32(20), .int32(200), .int32(100)])])
        let hit = values(s.handle(DBusCall(path: ATSPI.framePath, interface: ATSPI.component, member: "GetAccessibleAtPoint",
                                           arguments: [.int32(450), .int32(40), .uint32(0)])).reply)
        XCTAssertEqual(hit, [.structure([.string(":1.7"), .objectPath(path)])])
        let (reply, request) = s.handle(DBusCall(path: path, interface: ATSPI.action, member: "DoAction", arguments: [.int32(0)]))
        XCTAssertEqual(reply, .values([.bool(true)]))
        XCTAssertEqual(request, .click(key: "row:lisbon"))
        XCTAssertEqual(values(s.handle(DBusCall(path: path, interface: ATSPI.action, member: "GetName", arguments: [.int32(0)])).reply), [.string("click")])
        // GrabFocus: a button takes it (the app moves the focus); the heading does not.
        let strip = s.path(of: "strip:lisbon")
        let grab = s.handle(DBusCall(path: strip, interface: ATSPI.component, member: "GrabFocus"))
        XCTAssertEqual(grab.reply, .values([.bool(true)]))
        XCTAssertEqual(grab.request, .focus(key: "strip:lisbon"))
        let refused = s.handle(DBusCall(path: s.path(of: "title"), interface: ATSPI.component, member: "GrabFocus"))
        XCTAssertEqual(refused.reply, .values([.bool(false)]))
        XCTAssertNil(refused.request)
        // The heading has no action: its interfaces say so, and a call is refused.
        let title = s.path(of: "title")
        let interfaces = values(s.handle(DBusCall(path: title, interface: ATSPI.accessible, member: "GetInterfaces")).reply)
        XCTAssertEqual(interfaces, [.array(element: "s", [.string(ATSPI.accessible), .string(ATSPI.component)])])
        XCTAssertEqual(errorName(s.handle(DBusCall(path: title, interface: ATSPI.action, member: "DoAction", arguments: [.int32(0)])).reply),
                       "org.freedesktop.DBus.Error.UnknownMethod")
    }

    func testTheBigPhotosZoomIsAValueAReaderSets() {
        let zoom = AccessibilityElement.Range(current: 2, minimum: 1, maximum: 4, step: 0.5)
        let big = AccessibilityElement(id: "big-photo", label: "Photo of Lisbon", value: "Zoomed in 2.0×", traits: ["button", "image"],
                                       frame: CGRect(x: 0, y: 30, width: 300, height: 60), range: zoom)
        var s = ATSPIService(tree: AccessibleTree(title: "Trips", elements: elements + [big], focus: nil,
                                                  window: WindowGeometry(origin: .zero, size: CGSize(width: 400, height: 300), scale: 1),
                                                  active: true),
                             busName: ":1.7", toolkitVersion: "0.1.0", locale: "en")
        let path = s.path(of: "big-photo")
        let interfaces = values(s.handle(DBusCall(path: path, interface: ATSPI.accessible, member: "GetInterfaces")).reply)
        XCTAssertEqual(interfaces, [.array(element: "s", [.string(ATSPI.accessible), .string(ATSPI.component), .string(ATSPI.action),
                                                          .string(ATSPI.value)])])
        func get(_ name: String) -> [DBusValue] {
            values(s.handle(DBusCall(path: path, interface: ATSPI.properties, member: "Get", arguments: [.string(ATSPI.value), .string(name)])).reply)
        }
        XCTAssertEqual(get("CurrentValue"), [.variant(.double(2))])
        XCTAssertEqual(get("MinimumValue"), [.variant(.double(1))])
        XCTAssertEqual(get("MaximumValue"), [.variant(.double(4))])
        XCTAssertEqual(get("MinimumIncrement"), [.variant(.double(0.5))])
        XCTAssertEqual(get("Text"), [.variant(.string("Zoomed in 2.0×"))])
        // A reader's increment sets it: the app is asked, within the range.
        func set(_ value: DBusValue, at path: String) -> (reply: DBusReply, request: ATSPIService.Request?) {
            s.handle(DBusCall(path: path, interface: ATSPI.properties, member: "Set", arguments: [.string(ATSPI.value), .string("CurrentValue"), .variant(value)]))
        }
        let three = set(.double(3), at: path)
        XCTAssertEqual(values(three.reply), [])
        XCTAssertEqual(three.request, .setValue(key: "big-photo", value: 3))
        XCTAssertEqual(set(.double(9), at: path).request, .setValue(key: "big-photo", value: 4), "no further than its maximum")
        XCTAssertEqual(set(.int32(1), at: path).request, .setValue(key: "big-photo", value: 1))
        XCTAssertEqual(errorName(set(.string("3"), at: path).reply), "org.freedesktop.DBus.Error.PropertyReadOnly", "a number or nothing")
        XCTAssertNil(set(.double(.nan), at: path).request)
        // A row has no number: no Value, and none to set.
        let row = values(s.handle(DBusCall(path: s.path(of: "row:lisbon"), interface: ATSPI.accessible, member: "GetInterfaces")).reply)
        XCTAssertFalse(row.description.contains(ATSPI.value))
        XCTAssertEqual(errorName(set(.double(1), at: s.path(of: "row:lisbon")).reply), "org.freedesktop.DBus.Error.PropertyReadOnly")
    }

    func testBadCallsGetErrors() {
        var s = service()
        let node = s.path(of: "strip:lisbon")
        let cases: [(DBusCall, String)] = [
            (DBusCall(path: ATSPI.framePath, interface: ATSPI.accessible, member: "GetChildAtIndex", arguments: [.int32(3)]), "InvalidArgs"),
            (DBusCall(path: ATSPI.framePath, interface: ATSPI.accessible, member: "GetChildAtIndex", arguments: [.int32(-1)]), "InvalidArgs"),
            (DBusCall(path: ATSPI.framePath, interface: ATSPI.accessible, member: "GetChildAtIndex", arguments: [.string("0")]), "InvalidArgs"),
            (DBusCall(path: ATSPI.framePath, interface: ATSPI.accessible, member: "GetChildAtIndex"), "InvalidArgs"),
            (DBusCall(path: "/org/a11y/atspi/accessible/n999", interface: ATSPI.accessible, member: "GetRole"), "UnknownObject"),
            (DBusCall(path: "/nowhere", interface: ATSPI.accessible, member: "GetRole"), "UnknownObject"),
            (DBusCall(path: node, interface: ATSPI.accessible, member: "Frobnicate"), "UnknownMethod"),
            (DBusCall(path: node, interface: "org.a11y.atspi.Text", member: "GetText", arguments: [.int32(0), .int32(-1)]), "UnknownMethod"),
            (DBusCall(path: node, interface: ATSPI.component, member: "GetExtents", arguments: [.uint32(9)]), "InvalidArgs"),
            (DBusCall(path: node, interface: ATSPI.component, member: "Contains", arguments: [.int32(1), .int32(1)]), "InvalidArgs"),
            (DBusCall(path: node, interface: ATSPI.action, member: "DoAction", arguments: [.int32(1)]), "InvalidArgs"),
            (DBusCall(path: node, interface: ATSPI.properties, member: "Get", arguments: [.string(ATSPI.accessible), .string("Nope")]), "InvalidArgs"),
            (DBusCall(path: node, interface: ATSPI.properties, member: "Set",
                      arguments: [.string(ATSPI.accessible), .string("Name"), .variant(.string("x"))]), "PropertyReadOnly"),
            (DBusCall(path: ATSPI.rootPath, interface: ATSPI.properties, member: "Set",
                      arguments: [.string(ATSPI.application), .string("Id"), .variant(.int64(1 << 40))]), "PropertyReadOnly"),
        ]
        for (call, error) in cases {
            XCTAssertEqual(errorName(s.handle(call).reply), "org.freedesktop.DBus.Error." + error, "\(call)")
        }
    }

    func testDoActionOnANodeThatWentAwayIsAnErrorAndAsksNothing() {
        var s = service()
        let path = s.path(of: "strip:lisbon")
        _ = s.publish(AccessibleTree(title: "Trips", elements: [elements[0]], focus: nil, window: s.tree.window, active: true))
        let (reply, request) = s.handle(DBusCall(path: path, interface: ATSPI.action, member: "DoAction", arguments: [.int32(0)]))
        XCTAssertEqual(errorName(reply), "org.freedesktop.DBus.Error.UnknownObject")
        XCTAssertNil(request)
    }

    func testPublishingSendsAtspiEventSignals() {
        var s = service(focus: "strip:lisbon")
        var zoomed = elements
        zoomed[2].value = "Zoomed in 2.0×"
        let signals = s.publish(AccessibleTree(title: "Trips", elements: zoomed, focus: "row:lisbon", window: s.tree.window, active: true))
        let strip = s.path(of: "strip:lisbon"), row = s.path(of: "row:lisbon")
        XCTAssertEqual(signals, [
            DBusSignal(path: row, interface: ATSPI.objectEvents, member: "PropertyChange",
                       arguments: [.string("accessible-description"), .int32(0), .int32(0), .variant(.string("Zoomed in 2.0×")), .dictionary([])]),
            DBusSignal(path: strip, interface: ATSPI.objectEvents, member: "StateChanged",
                       arguments: [.string("focused"), .int32(0), .int32(0), .variant(.int32(0)), .dictionary([])]),
            DBusSignal(path: row, interface: ATSPI.objectEvents, member: "StateChanged",
                       arguments: [.string("focused"), .int32(1), .int32(0), .variant(.int32(0)), .dictionary([])]),
        ])
        XCTAssertEqual(signals.first?.arguments.map { $0.signature }.joined(), "siiva{sv}")
    }

    // MARK: Through libdbus's messages

    /// A method call message carrying `arguments`, read back as libdbus reads it.
    private func throughLibdbus(_ call: DBusCall) -> DBusCall {
        // A call without an interface is a call by member name alone.
        let message = dbus_message_new_method_call(":1.1", call.path, call.interface.isEmpty ? nil : call.interface, call.member)!
        defer { dbus_message_unref(message) }
        XCTAssertTrue(DBusMessageCoding.append(call.arguments, to: message))
        var read = call
        read.arguments = DBusMessageCoding.arguments(of: message) ?? []
        return read
    }

    /// A string longer than the bridge reads, or too many values, and the
    /// message's arguments are not read at all; one just within is.
    func testArgumentsLargerThanTheBudgetAreNotRead() {
        func arguments(_ values: [DBusValue]) -> [DBusValue]? {
            let message = dbus_message_new_method_call(":1.1", "/p", "org.freedesktop.DBus.Properties", "Get")!
            defer { dbus_message_unref(message) }
            XCTAssertTrue(DBusMessageCoding.append(values, to: message))
            return DBusMessageCoding.arguments(of: message)
        }
        let limit = DBusMessageCoding.Budget.stringLimit
        XCTAssertEqual(arguments([.string(String(repeating: "x", count: limit)), .string("Name")])?.count, 2)
        XCTAssertNil(arguments([.string(String(repeating: "x", count: limit + 1)), .string("Name")]))
        XCTAssertNil(arguments([.array(element: "i", Array(repeating: .int32(1), count: 70_000))]), "too many values")
        XCTAssertNil(arguments((0..<20).map { _ in .string(String(repeating: "y", count: limit - 1)) }), "too many bytes in all")
    }

    func testValuesRoundTripThroughLibdbus() {
        let args: [DBusValue] = [
            .string("Zoomed in 2.0× — Lisboa"), .int32(-5), .uint32(7), .bool(true), .double(1.5), .int16(-2), .uint64(1 << 40),
            .objectPath("/org/a11y/atspi/accessible/n3"), .array(element: "(so)", []),
            .array(element: "u", [.uint32(1), .uint32(2)]), .dictionary([("a", .variant(.int32(1)))]),
            .structure([.string(":1.2"), .objectPath("/x")]), .variant(.array(element: "s", [.string("x")])),
        ]
        let call = DBusCall(path: "/a", interface: "a.b", member: "C", arguments: args)
        XCTAssertEqual(throughLibdbus(call).arguments, args)
    }

    private func randomValue(_ r: inout SplitMix64, depth: Int = 0) -> DBusValue {
        switch r.below(depth > 2 ? 6 : 9) {
        case 0: return .int32(Int32(truncatingIfNeeded: Int64(bitPattern: r.next())))
        case 1: return .uint32(UInt32(truncatingIfNeeded: r.next()))
        case 2: return .string(["", "0", "Name", ATSPI.accessible, ATSPI.application, "Id", "Ünïcødé ✓"][r.below(7)])
        case 3: return .bool(r.chance(50))
        case 4: return .double(r.range(-1e9, 1e9))
        case 5: return .int64(Int64(bitPattern: r.next()))
        case 6: return .variant(randomValue(&r, depth: depth + 1))
        case 7: return .structure((0..<r.range(1, 3)).map { _ in randomValue(&r, depth: depth + 1) })
        default: return .array(element: "i", (0..<r.below(3)).map { _ in .int32(Int32(r.below(100))) })
        }
    }

    func testRandomCallsThroughLibdbusGetAnAnswerOrAnError() {
        var r = SplitMix64(seed: 0x7472_6970_7321)
        let members = ["GetChildAtIndex", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName", "GetState",
                       "GetAttributes", "GetApplication", "GetInterfaces", "Get", "GetAll", "Set", "Contains", "GetAccessibleAtPoint",
                       "GetExtents", "GetPosition", "GetSize", "GetLayer", "DoAction", "GetName", "GetActions", "GetItems", "GetLocale",
                       "Introspect", "Embed", "Nope"]
        let interfaces = [ATSPI.accessible, ATSPI.application, ATSPI.component, ATSPI.action, ATSPI.properties, ATSPI.cache,
                          ATSPI.introspectable, "org.a11y.atspi.Text", ""]
        var s = service(focus: "title")
        let paths = [ATSPI.rootPath, ATSPI.framePath, ATSPI.cachePath, s.path(of: "title"), s.path(of: "strip:lisbon"),
                     s.path(of: "row:lisbon"), "/org/a11y/atspi/accessible/n0", "/org/a11y/atspi/accessible/n99999999999999999999", "/"]
        var errors = 0, answers = 0
        for round in 0..<3000 {
            if round % 500 == 250 { // nodes come and go meanwhile
                _ = s.publish(AccessibleTree(title: "Trips", elements: Array(elements.prefix(r.below(4))), focus: nil, window: s.tree.window, active: r.chance(50)))
            }
            let call = DBusCall(path: paths[r.below(paths.count)], interface: interfaces[r.below(interfaces.count)],
                                member: members[r.below(members.count)],
                                arguments: r.chance(40) ? [] : (0..<r.below(4)).map { _ in randomValue(&r) })
            let (reply, _) = s.handle(throughLibdbus(call))
            switch reply {
            case .error(let name, let message):
                XCTAssertTrue(name.hasPrefix("org.freedesktop.DBus.Error."), name)
                XCTAssertFalse(message.isEmpty)
                errors += 1
            case .values(let values):
                // Every answer can be written to the wire.
                let m = dbus_message_new_method_call(":1.1", "/a", "a.b", "C")!
                XCTAssertTrue(DBusMessageCoding.append(values, to: m), "\(call) -> \(values)")
                dbus_message_unref(m)
                answers += 1
            }
        }
        XCTAssertGreaterThan(errors, 1000)
        XCTAssertGreaterThan(answers, 50)
    }
}
