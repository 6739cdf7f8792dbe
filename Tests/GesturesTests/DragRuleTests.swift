import Foundation
import XCTest
@testable import Gestures

final class DragRuleTests: XCTestCase {
    func testRule15_dragMustTravelMinimumDistance() {
        var changed = 0
        var ended: [CGFloat] = []
        let n = square().gesture(DragGesture(minimumDistance: 10).onChanged { _ in changed += 1 }
            .onEnded { ended.append($0.translation.width) })
        let touches = Touches(window(n))
        touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 55, y: 50), start: 0, duration: 0.1)
        XCTAssertEqual(changed, 0)
        XCTAssertEqual(ended, [])
        touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 80, y: 50), start: 1, duration: 0.2)
        XCTAssertGreaterThan(changed, 0)
        XCTAssertEqual(ended.count, 1)
        XCTAssertEqual(ended[0], 30, accuracy: 0.0001)
    }

    func testRule16_translationIsRelativeToTouchDown() {
        var value: DragGesture.Value?
        let n = square().gesture(DragGesture().onEnded { value = $0 })
        let touches = Touches(window(n))
        touches.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 60), start: 0, duration: 0.2)
        XCTAssertEqual(value?.translation, CGSize(width: 60, height: -40))
        XCTAssertEqual(value?.startLocation, CGPoint(x: 100, y: 100))
    }

    func testRule17_locationIsLocalUnlessToldOtherwise() {
        var local: CGPoint?
        var global: CGPoint?
        let a = square("a", 300, 200, 200, 200).gesture(DragGesture(minimumDistance: 0).onEnded { local = $0.location })
        let b = square("b", 300, 500, 200, 200)
            .gesture(DragGesture(minimumDistance: 0, coordinateSpace: .global).onEnded { global = $0.location })
        let touches = Touches(window(a, b))
        touches.tap(400, 300, at: 0)
        touches.tap(400, 600, at: 1)
        XCTAssertEqual(local, CGPoint(x: 100, y: 100))
        XCTAssertEqual(global, CGPoint(x: 400, y: 600))
    }

    /// The big photo's dismissal test (rule 18).
    private func dismisses(_ v: DragGesture.Value) -> Bool {
        v.translation.height > 120 || v.predictedEndTranslation.height > 400
    }

    func testRule18_predictedEndSeparatesASlowPullFromAFlick() {
        // A slow pull on the first square, a flick on the second.
        let drags = TwoDrags(side: 300, gap: 100), touches = drags.touches!
        // The finger slows as it lifts: its speed falls to 72 % of the
        // nominal one by the end (as the SwiftUI measurements imply).
        let easeOut: (Double) -> Double = { $0 + 0.28 * $0 * (1 - $0) }
        // 100 pt at a nominal 100 pt/s (1 s), sampled at 120 Hz.
        touches.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 150, y: 150), start: 0, duration: 1, easing: easeOut)
        // 100 pt at a nominal 3,000 pt/s (33 ms), sampled at 240 Hz.
        touches.drag(from: CGPoint(x: 550, y: 50), to: CGPoint(x: 550, y: 150), start: 2, duration: 1.0 / 30,
                     rate: 240, easing: easeOut)
        guard let slow = drags.first, let fast = drags.second else { return XCTFail("both drags end") }
        print(String(format: "rule 18: slow predicted %.1f (velocity %.1f), flick predicted %.1f (velocity %.1f)",
                     slow.predictedEndTranslation.height, slow.velocity.height,
                     fast.predictedEndTranslation.height, fast.velocity.height))
        XCTAssertEqual(slow.translation.height, 100, accuracy: 0.001)
        XCTAssertEqual(fast.translation.height, 100, accuracy: 0.001)
        XCTAssertEqual(slow.predictedEndTranslation.height,
                       slow.translation.height + 0.25 * slow.velocity.height, accuracy: 0.001)
        XCTAssertLessThan(slow.predictedEndTranslation.height, 400)
        XCTAssertGreaterThan(slow.predictedEndTranslation.height, 100)
        XCTAssertLessThan(slow.velocity.height, 100, "the finger slows as it lifts")
        XCTAssertGreaterThan(fast.predictedEndTranslation.height, 400)
        XCTAssertLessThan(fast.velocity.height, 3000, "sampled at lift, below the nominal speed")
        XCTAssertFalse(dismisses(slow))
        XCTAssertTrue(dismisses(fast))
    }

    func testRule19_aDragInsideAScrollViewClaimsItsArea() {
        for attach in ["gesture", "simultaneousGesture", "none"] {
            let log = Log()
            let card = square("card", 0, 0, 200, 100)
            let drag = DragGesture().onChanged { _ in log("drag") }
            if attach == "gesture" { card.gesture(drag) }
            if attach == "simultaneousGesture" { card.simultaneousGesture(drag) }
            let scroll = GestureNode.scrollView("scroll", axis: .horizontal,
                                                frame: CGRect(x: 0, y: 0, width: 400, height: 100), children: [card],
                                                onChanged: { _ in log("scroll") }, onEnded: { _ in })
            let touches = Touches(window(scroll))
            touches.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 60, y: 50), start: 0, duration: 0.2)
            if attach == "none" {
                XCTAssertEqual(log.count("drag"), 0)
                XCTAssertGreaterThan(log.count("scroll"), 0, "without a gesture the page scrolls")
            } else {
                XCTAssertGreaterThan(log.count("drag"), 0, attach)
                XCTAssertEqual(log.count("scroll"), 0, attach)
            }
            // Outside the card the page scrolls.
            let before = log.count("scroll")
            touches.drag(from: CGPoint(x: 350, y: 50), to: CGPoint(x: 250, y: 50), start: 1, duration: 0.2)
            XCTAssertGreaterThan(log.count("scroll"), before)
        }
    }

    func testScrollLetsALongPressDragChildScrollTheStrip() {
        let log = Log()
        let photo = square("photo", 0, 0, 200, 100).gesture(
            LongPressGesture(minimumDuration: 0.3).sequenced(before: DragGesture()).onEnded { _ in log("reorder") })
        let scroll = GestureNode.scrollView("strip", axis: .horizontal, frame: CGRect(x: 0, y: 0, width: 400, height: 100),
                                            children: [photo], onChanged: { _ in log("scroll") }, onEnded: { _ in })
        let touches = Touches(window(scroll))
        touches.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 60, y: 50), start: 0, duration: 0.2)
        XCTAssertGreaterThan(log.count("scroll"), 0, "a swipe scrolls")
        let scrolled = log.count("scroll")
        touches.down(1, 100, 50, at: 1)
        touches.at(1.4)
        touches.drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 180, y: 50), start: 1.4, duration: 0.2, touchDown: false)
        XCTAssertEqual(log.count("reorder"), 1, "hold then drag reorders")
        XCTAssertEqual(log.count("scroll"), scrolled)
    }

    func testNestedScrollViewsCompeteByAxis() {
        let log = Log()
        let column = GestureNode.scrollView("column", axis: .vertical, frame: CGRect(x: 0, y: 0, width: 200, height: 400),
                                            children: [square("cell", 0, 0, 200, 100)],
                                            onChanged: { _ in log("vertical") }, onEnded: { _ in })
        let pager = GestureNode.scrollView("pager", axis: .horizontal, frame: CGRect(x: 0, y: 0, width: 600, height: 400),
                                           children: [column], onChanged: { _ in log("horizontal") }, onEnded: { _ in })
        let touches = Touches(window(pager))
        touches.drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 150), start: 0, duration: 0.2)
        XCTAssertGreaterThan(log.count("vertical"), 0)
        XCTAssertEqual(log.count("horizontal"), 0)
        touches.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 20, y: 55), start: 1, duration: 0.2)
        XCTAssertGreaterThan(log.count("horizontal"), 0)
    }
}
