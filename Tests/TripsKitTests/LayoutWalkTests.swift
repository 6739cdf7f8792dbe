import Foundation
import Gestures
import XCTest
@testable import TripsKit

/// One walk of the screen gives the draw list, the touch targets and the
/// screen reader's elements, all named by the same id.
final class LayoutWalkTests: XCTestCase {
    private let catalog = TripCatalog(trips: ["lisbon", "porto", "faro"].map { Trip(id: $0, city: $0.capitalized, nights: 2, photoPath: "/p/\($0).jpg") })
    private let desktop = CGSize(width: 1280, height: 800)

    private func tap(_ root: GestureNode, at point: CGPoint) {
        let engine = GestureEngine()
        engine.root = root
        engine.handle(.touch(1, .down, x: point.x, y: point.y, at: 0))
        engine.handle(.touch(1, .up, x: point.x, y: point.y, at: 0.06))
        engine.advance(to: 1)
    }

    func testAControlAddedToTheWalkIsTouchedDrawnAndRead() {
        let app = AppModel(catalog: catalog, size: desktop, mode: .windowed)
        var walk = app.layoutWalk()
        let before = walk.drawing.count
        let frame = CGRect(x: 1100, y: 740, width: 140, height: 40)
        var pill: [Scene.Command] = []
        pill.appendPillButton("Properties", frame, theme: app.theme)
        var taps = 0
        // The one edit: an element with its drawing, its touch and its words.
        walk.elements.append(.pillButton("properties", title: "Properties", frame: frame, theme: app.theme) { taps += 1 })

        XCTAssertEqual(walk.drawing.count, before + pill.count)
        XCTAssertEqual(Array(walk.drawing.suffix(pill.count)), pill, "drawn last, on top")
        let tree = walk.gestureTree(window: desktop)
        XCTAssertEqual(tree.children.last?.id, "button:properties")
        tap(tree, at: CGPoint(x: frame.midX, y: frame.midY))
        XCTAssertEqual(taps, 1, "a tap on it runs its action")
        let read = walk.accessibilityElements.last
        XCTAssertEqual(read?.id, "button:properties")
        XCTAssertEqual(read?.label, "Properties")
        XCTAssertEqual(read?.traits, ["button"])
        XCTAssertEqual(read?.frame, frame)
    }

    func testAStripPhotoHasOneIdForItsTouchItsReaderElementAndTheFocus() throws {
        let app = AppModel(catalog: catalog, size: desktop, mode: .windowed)
        let tree = app.layoutWalk().gestureTree(window: desktop)
        let strip = try XCTUnwrap(tree.children.first { $0.id == "strip" })
        let touched = strip.children.map(\.id)
        let read = app.accessibilityElements.map(\.id).filter { $0.hasPrefix("strip:") }
        XCTAssertEqual(touched.first, "strip:lisbon")
        XCTAssertEqual(touched, read, "at rest the strip touched is the strip read")
        XCTAssertEqual(tree.children.filter { $0.id.hasPrefix("row:") }.map(\.id), ["row:lisbon", "row:porto", "row:faro"])
        app.focus = .stripPhoto(trip: 0)
        XCTAssertEqual(app.focusName, touched.first)
        app.focus = .row(trip: 2)
        XCTAssertTrue(app.accessibilityElements.contains { $0.id == app.focusName })
    }

    func testATapOnAStripPhotoInTheDerivedTreeOpensIt() throws {
        let app = AppModel(catalog: catalog, size: desktop, mode: .windowed)
        let photo = try XCTUnwrap(app.accessibilityElements.first { $0.id == "strip:porto" })
        tap(app.layoutWalk().gestureTree(window: desktop), at: CGPoint(x: photo.frame.midX, y: photo.frame.midY))
        XCTAssertEqual(app.bigPhoto.trip, 1)
    }

    func testTheBigPhotoIsDrawnAndTouchedOnTopButReadRightAfterTheTitle() {
        let app = AppModel(catalog: catalog, size: desktop, mode: .windowed)
        app.open(0)
        app.advance(to: 2)
        let walk = app.layoutWalk()
        XCTAssertEqual(Array(walk.accessibilityElements.map(\.id).prefix(3)), ["title", "big-photo", "button:playground"])
        XCTAssertEqual(walk.gestureTree(window: desktop).children.last?.id, "big-photo")
        XCTAssertEqual(walk.elements.last?.id, .bigPhoto)
        XCTAssertFalse(walk.accessibilityElements.contains { $0.id == "strip:lisbon" }, "its slot stays empty")
    }

    func testAClippingElementDrawsItsChildrenInsideTheClipAndARaisedOneAbove() {
        let frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        func fill(_ x: CGFloat) -> Scene.Command { .fill(CGRect(x: x, y: 0, width: 10, height: 10), color: RGBA(1, 2, 3), cornerRadius: 0) }
        var area = LayoutElement(id: .strip, frame: frame, drawing: [fill(0)])
        area.clipsChildren = true
        var lifted = LayoutElement(id: .stripPhoto(trip: 0), frame: frame, drawing: [fill(1)])
        lifted.raised = true
        area.children = [lifted, LayoutElement(id: .stripPhoto(trip: 1), frame: frame, drawing: [fill(2)])]
        let walk = LayoutWalk(background: RGBA(0, 0, 0), elements: [area], trips: catalog.trips)
        XCTAssertEqual(walk.drawing, [fill(0), .clip(frame), fill(2), .clip(nil), fill(1)])
    }

    func testThePlaygroundsButtonsTakeTouchesAboveTheSquareTheyAreDrawnUnder() {
        let app = AppModel(catalog: catalog, size: desktop, mode: .windowed)
        app.show(.playground)
        let walk = app.layoutWalk()
        XCTAssertEqual(walk.elements.map(\.id), [.playgroundTitle, .button("back"), .button("reset"), .square, .circle])
        XCTAssertEqual(walk.gestureTree(window: desktop).children.map(\.id), ["square", "circle", "button:back", "button:reset"])
        XCTAssertEqual(walk.accessibilityElements.map(\.id), ["playground-title", "button:back", "button:reset", "square", "circle"])
    }

    func testAnAttractScreenWithoutALoopDrawsTheOverviewWithNothingToTouchOrRead() {
        let app = AppModel(catalog: catalog, size: desktop, mode: .kiosk, screen: .attract)
        let walk = app.layoutWalk()
        XCTAssertFalse(walk.drawing.isEmpty)
        XCTAssertTrue(walk.accessibilityElements.isEmpty)
        XCTAssertTrue(walk.gestureTree(window: desktop).children.isEmpty)
    }
}
