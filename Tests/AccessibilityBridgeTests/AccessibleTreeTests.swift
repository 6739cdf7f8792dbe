import Foundation
import XCTest
@testable import AccessibilityBridge
import TripsKit

/// The tree-to-AT-SPI mapping, without a bus: roles, states, extents at a
/// window's real position and scale, and the events between two trees.
final class AccessibleTreeTests: XCTestCase {
    private let window = WindowGeometry(origin: CGPoint(x: 100, y: 50), size: CGSize(width: 640, height: 400), scale: 2)

    private func element(_ id: String, _ label: String, value: String = "", traits: [String], frame: CGRect) -> AccessibilityElement {
        AccessibilityElement(id: id, label: label, value: value, traits: traits, frame: frame)
    }

    private func tree(_ elements: [AccessibilityElement], focus: String? = nil, active: Bool = true) -> AccessibleTree {
        AccessibleTree(title: "Trips", elements: elements, focus: focus, window: window, active: active)
    }

    private var overview: [AccessibilityElement] {
        [element("title", "Trips", traits: ["header"], frame: CGRect(x: 16, y: 16, width: 300, height: 40)),
         element("strip:lisbon", "Photo of Lisbon", traits: ["button", "image"], frame: CGRect(x: 16, y: 300, width: 200, height: 90)),
         element("strip:kyoto", "Photo of Kyoto", traits: ["button", "image"], frame: CGRect(x: 700, y: 300, width: 200, height: 90)),
         element("row:lisbon", "Lisbon", value: "4 nights", traits: ["button"], frame: CGRect(x: 400, y: 16, width: 200, height: 50))]
    }

    func testRolesActionsAndTheHeadingsLevel() {
        let t = tree(overview + [element("attract", "Photo of Bergen", value: "Bergen, 3 nights", traits: ["image"], frame: .zero)])
        XCTAssertEqual(t.nodes.map(\.role), [.heading, .pushButton, .pushButton, .pushButton, .image])
        XCTAssertEqual(t.nodes[0].attributes.map { $0.0 + "=" + $0.1 }, ["level=1"])
        XCTAssertEqual(t.nodes.map(\.actions), [[], ["click"], ["click"], ["click"], []])
        // The value is the description a reader says after the name.
        XCTAssertEqual(t.nodes[3].description, "4 nights")
        XCTAssertEqual(t.nodes[4].description, "Bergen, 3 nights")
    }

    func testStatesAreNeverEmptyAndFocusedIsOnTheOneFocusedNode() {
        let t = tree(overview, focus: "strip:lisbon")
        for node in t.nodes {
            for state in [ATSPIState.enabled, .sensitive, .visible] { XCTAssertTrue(node.states.contains(state), "\(node.key) \(state)") }
            XCTAssertEqual(node.states.contains(.focusable), node.role == .pushButton, node.key)
        }
        XCTAssertEqual(t.nodes.filter { $0.states.contains(.focused) }.map(\.key), ["strip:lisbon"])
        XCTAssertEqual(t.focusedKey, "strip:lisbon")
        // Kyoto's photo lies past the window's right edge (640 points): not showing.
        XCTAssertEqual(t.nodes.filter { !$0.states.contains(.showing) }.map(\.key), ["strip:kyoto"])
        XCTAssertTrue(t.frameStates.contains(.active))
        XCTAssertFalse(tree(overview, active: false).frameStates.contains(.active))
        XCTAssertTrue(tree(overview, active: false).frameStates.contains(.showing))
    }

    func testStateWordsAreAtspisBitsInTwoWords() {
        let s = ATSPIStates([.enabled, .focused, .visible])
        XCTAssertEqual(s.words, [UInt32(1 << 8 | 1 << 12 | 1 << 30), 0])
    }

    func testStateEventNamesAreAtspisSpelling() {
        // at-spi2-core's atspi-state-types: the names in object:state-changed:NAME.
        XCTAssertEqual(ATSPIState.allCases.map(\.eventName), ["active", "enabled", "focusable", "focused", "sensitive", "showing", "visible"])
    }

    func testExtentsAtScaleTwoFromTheScreenTheWindowAndTheParent() {
        let t = tree(overview)
        let lisbon = t.nodes[1]
        XCTAssertEqual(t.extents(of: lisbon, .screen), PixelRect(x: 100 + 32, y: 50 + 600, width: 400, height: 180))
        XCTAssertEqual(t.extents(of: lisbon, .window), PixelRect(x: 32, y: 600, width: 400, height: 180))
        XCTAssertEqual(t.extents(of: lisbon, .parent), t.extents(of: lisbon, .window))
        XCTAssertEqual(t.frameExtents(.screen), PixelRect(x: 100, y: 50, width: 1280, height: 800))
        XCTAssertEqual(t.frameExtents(.window), PixelRect(x: 0, y: 0, width: 1280, height: 800))
    }

    func testHalfPointEdgesRoundSoNeighboursShareAnEdge() {
        let half = WindowGeometry(size: CGSize(width: 100, height: 100), scale: 1.5)
        let t = AccessibleTree(title: "Trips", elements: [
            element("a", "A", traits: ["button"], frame: CGRect(x: 0, y: 0, width: 33.3, height: 10)),
            element("b", "B", traits: ["button"], frame: CGRect(x: 33.3, y: 0, width: 33.3, height: 10)),
        ], focus: nil, window: half, active: true)
        let a = t.extents(of: t.nodes[0], .window), b = t.extents(of: t.nodes[1], .window)
        XCTAssertEqual(a.x + a.width, b.x)
    }

    func testHitTestFindsTheNodeAndTheBigPhotoAboveTheStrip() {
        var elements = overview
        elements.insert(element("big-photo", "Photo of Lisbon", value: "Zoomed in 2.0×", traits: ["button", "image"],
                                frame: CGRect(x: 0, y: 100, width: 640, height: 300)), at: 1)
        let t = tree(elements)
        XCTAssertEqual(t.node(atX: 100 + 40, y: 50 + 40, .screen)?.key, "title")
        XCTAssertEqual(t.node(atX: 40, y: 40, .window)?.key, "title")
        XCTAssertEqual(t.node(atX: 100, y: 700, .window)?.key, "big-photo", "the big photo is drawn over the strip")
        XCTAssertNil(t.node(atX: 2000, y: 10, .window))
    }

    // MARK: Events

    func testFocusMovesWithOneEventOffTheOldNodeThenOneOntoTheNew() {
        let before = tree(overview, focus: "strip:lisbon"), after = tree(overview, focus: "row:lisbon")
        XCTAssertEqual(AccessibleEvent.changes(from: before, to: after),
                       [.focusChanged(key: "strip:lisbon", focused: false), .focusChanged(key: "row:lisbon", focused: true)])
        XCTAssertEqual(AccessibleEvent.changes(from: after, to: after), [])
        XCTAssertEqual(AccessibleEvent.changes(from: tree(overview), to: before), [.focusChanged(key: "strip:lisbon", focused: true)])
        // The focused strip photo opens: it leaves the tree, the big photo takes the focus.
        var opened = overview
        opened[1] = element("big-photo", "Photo of Lisbon", traits: ["button", "image"], frame: .zero)
        XCTAssertEqual(AccessibleEvent.changes(from: before, to: tree(opened, focus: "big-photo")),
                       [.childRemoved(key: "strip:lisbon", index: 1), .childAdded(key: "big-photo", index: 1),
                        .focusChanged(key: "big-photo", focused: true)])
    }

    func testNameAndDescriptionChangesCarryTheNewString() {
        var zoomed = overview
        zoomed[3].value = "Zoomed in 2.0×"
        zoomed[1].label = "Photo of Porto"
        XCTAssertEqual(AccessibleEvent.changes(from: tree(overview), to: tree(zoomed)),
                       [.nameChanged(key: "strip:lisbon", name: "Photo of Porto"), .descriptionChanged(key: "row:lisbon", description: "Zoomed in 2.0×")])
    }

    func testChildrenChangedRemovesFromTheEndThenAdds() {
        var opened = overview
        opened.remove(at: 1) // Lisbon's strip photo leaves the strip...
        opened.insert(element("big-photo", "Photo of Lisbon", traits: ["button", "image"], frame: .zero), at: 1) // ...and is the big photo
        opened.remove(at: 2) // Kyoto scrolled away
        let events = AccessibleEvent.changes(from: tree(overview), to: tree(opened))
        XCTAssertEqual(events, [.childRemoved(key: "strip:kyoto", index: 2), .childRemoved(key: "strip:lisbon", index: 1),
                                .childAdded(key: "big-photo", index: 1)])
    }

    func testWindowActivationIsAnEventBothWays() {
        XCTAssertEqual(AccessibleEvent.changes(from: tree(overview, active: true), to: tree(overview, active: false)), [.windowActivated(false)])
        XCTAssertEqual(AccessibleEvent.changes(from: tree(overview, active: false), to: tree(overview, active: true)), [.windowActivated(true)])
        // First published: an active window is announced; an inactive one is not news.
        XCTAssertEqual(AccessibleEvent.changes(from: nil, to: tree(overview, active: true)), [.windowActivated(true)])
        XCTAssertEqual(AccessibleEvent.changes(from: nil, to: tree(overview, active: false)), [])
    }

    func testWhileAnimatingNamesAndValuesWaitButNodesAndFocusDoNot() {
        var moving = overview
        moving[3].value = "Zoomed in 1.1×"
        moving.append(element("big-photo", "Photo of Lisbon", value: "Zoomed in 1.1×", traits: ["button"], frame: .zero))
        let published = tree(overview), now = tree(moving, focus: "row:lisbon")
        let held = now.keepingWords(of: published)
        XCTAssertEqual(held.nodes[3].description, "4 nights", "a value still moving waits")
        XCTAssertEqual(held.nodes.last?.description, "Zoomed in 1.1×", "a new node comes with its value")
        XCTAssertEqual(AccessibleEvent.changes(from: published, to: held),
                       [.childAdded(key: "big-photo", index: 4), .focusChanged(key: "row:lisbon", focused: true)])
    }

    // MARK: From the app itself

    private func app(strings: Strings = .english) -> AppModel {
        let trips = [Trip(id: "lisbon", city: "Lisbon", nights: 4, photoPaths: ["/a.jpg", "/b.jpg"]),
                     Trip(id: "kyoto", city: "Kyoto", nights: 5, photoPath: "/c.jpg")]
        return AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .windowed, strings: strings)
    }

    func testTheAppsTreeHasTheTitleTheButtonsAndTheFocus() {
        let model = app()
        model.handle(.key(.tab, ctrl: false))
        model.handle(.key(.tab, ctrl: false))
        let t = AccessibleTree(title: "Trips", elements: model.accessibilityElements, focus: model.focusName,
                               window: WindowGeometry(size: model.size), active: true)
        XCTAssertEqual(t.nodes.first?.role, .heading)
        // The hero (a button named by its trip), the strip's photos, the list's rows.
        XCTAssertEqual(t.nodes.filter { $0.role == .pushButton }.map(\.name),
                       ["Playground", "Lisbon", "Photo of Lisbon", "Photo of Kyoto", "Lisbon", "Kyoto"])
        XCTAssertEqual(t.nodes.filter { $0.role == .pushButton }.map(\.key),
                       ["button:playground", "hero", "strip:lisbon", "strip:kyoto", "row:lisbon", "row:kyoto"])
        XCTAssertEqual(t.focusedKey, model.focusName)
        XCTAssertNotNil(t.focusedKey)
    }

    func testZoomingTheOpenPhotoChangesItsDescription() {
        let model = app()
        model.open(0)
        model.advance(to: 2)
        let before = AccessibleTree(title: "Trips", elements: model.accessibilityElements, focus: model.focusName,
                                    window: WindowGeometry(size: model.size), active: true)
        model.handle(.key(.plus, ctrl: false))
        model.advance(to: 4)
        let after = AccessibleTree(title: "Trips", elements: model.accessibilityElements, focus: model.focusName,
                                   window: WindowGeometry(size: model.size), active: true)
        let big = after.nodes.first { $0.key == "big-photo" }
        XCTAssertEqual(big?.role, .pushButton)
        XCTAssertTrue(big?.description.contains("Zoomed in") == true, big?.description ?? "no big photo")
        XCTAssertTrue(AccessibleEvent.changes(from: before, to: after).contains(.descriptionChanged(key: "big-photo", description: big!.description)))
    }
}
