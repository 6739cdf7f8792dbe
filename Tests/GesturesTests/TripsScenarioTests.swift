import Foundation
import XCTest
import Motion
@testable import Gestures

/// The big photo of TRIPS.md, written as the app model would write it.
final class BigPhotoModel {
    var zoom: CGFloat = 1
    @GestureState var pinch: CGFloat = 1
    @GestureState(resetTransaction: Transaction(animation: .spring(duration: 0.4))) var pull = CGSize.zero
    var events: [String] = []
    var springBacks: [Transaction] = []

    init() {
        $pull.onReset { [unowned self] _, transaction in self.springBacks.append(transaction) }
    }

    func node() -> GestureNode {
        GestureNode("photo", frame: CGRect(x: 16, y: 100, width: 370, height: 260), shape: .roundedRectangle(cornerRadius: 16))
            .gesture(SpatialTapGesture(count: 2).onEnded { [unowned self] v in
                zoom = zoom > 1 ? 1 : 2
                events.append("zoom \(zoom) at \(Int(v.location.x)),\(Int(v.location.y))")
            })
            .onTapGesture { [unowned self] in events.append("close") }
            .gesture(MagnifyGesture()
                .updating($pinch) { v, s, _ in s = v.magnification }
                .onEnded { [unowned self] v in zoom = min(max(zoom * v.magnification, 1), 4) }
                .simultaneously(with: DragGesture()
                    .updating($pull) { v, s, _ in s = CGSize(width: 0, height: max(0, v.translation.height)) }
                    .onEnded { [unowned self] v in
                        if v.translation.height > 120 || v.predictedEndTranslation.height > 400 { events.append("dismiss") }
                    }))
    }
}

final class TripsScenarioTests: XCTestCase {
    private func photo() -> (BigPhotoModel, Touches) {
        let model = BigPhotoModel()
        return (model, Touches(GestureNode("window", frame: CGRect(x: 0, y: 0, width: 402, height: 874), children: [model.node()])))
    }

    func testOneTapClosesOnceNoSecondTapFollows() {
        let (model, touches) = photo()
        touches.tap(200, 200, at: 0)
        XCTAssertEqual(model.events, [])
        touches.at(0.4)
        XCTAssertEqual(model.events, ["close"])
    }

    func testTwoTapsZoomTowardThePointAndKeepThePhotoOpen() {
        let (model, touches) = photo()
        touches.tap(116, 150, at: 0)
        touches.tap(118, 152, at: 0.2)
        touches.at(1)
        XCTAssertEqual(model.events, ["zoom 2.0 at 102,52"])
        touches.tap(116, 150, at: 2)
        touches.tap(116, 150, at: 2.2)
        touches.at(3)
        XCTAssertEqual(model.zoom, 1)
    }

    func testAPullPast120OrAFlickDismisses_aShortPullSpringsBack() {
        let (model, touches) = photo()
        touches.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 260), start: 0, duration: 0.6, lift: false)
        XCTAssertEqual(model.pull.height, 60, accuracy: 0.001)
        touches.up(1, 200, 260, at: 0.7)
        XCTAssertEqual(model.events, [])
        XCTAssertEqual(model.pull, .zero)
        XCTAssertEqual(model.springBacks.last?.animation, .spring(duration: 0.4))

        touches.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 200, y: 300), start: 1, duration: 1.5)
        touches.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 200, y: 250), start: 3, duration: 1.0 / 30, rate: 240)
        touches.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 200, y: 100), start: 4, duration: 0.2, lift: false)
        XCTAssertEqual(model.pull, .zero, "the photo follows the finger downwards only")
        touches.up(1, 200, 100, at: 4.3)
        touches.at(5)
        XCTAssertEqual(model.events, ["dismiss", "dismiss"])
    }

    func testPinchWhileDraggingKeepsTheZoomClampedAndDoesNotClose() {
        let (model, touches) = photo()
        touches.down(1, 150, 200, at: 0)
        touches.down(2, 250, 200, at: 0.02)
        for i in 1...30 {
            let f = CGFloat(i) / 30, t = 0.02 + 0.01 * Double(i)
            touches.move(1, 150 - 75 * f, 200 + 20 * f, at: t)
            touches.move(2, 250 + 75 * f, 200 + 20 * f, at: t)
        }
        XCTAssertEqual(model.pinch, 2.5, accuracy: 0.001)
        XCTAssertEqual(model.pull.height, 20, accuracy: 0.001)
        touches.up(1, 75, 220, at: 0.4)
        touches.up(2, 325, 220, at: 0.41)
        touches.at(2)
        XCTAssertEqual(model.zoom, 2.5, accuracy: 0.001)
        XCTAssertEqual(model.pinch, 1)
        XCTAssertEqual(model.events, [])
        // A second pinch to 2x more is clamped to 4x.
        touches.down(1, 150, 200, at: 3)
        touches.down(2, 250, 200, at: 3.01)
        touches.move(2, 350, 200, at: 3.1)
        touches.up(1, 150, 200, at: 3.2)
        touches.up(2, 350, 200, at: 3.2)
        XCTAssertEqual(model.zoom, 4)
    }

    func testCallbacksMayCancelEverythingOrReplaceTheTree() {
        let (model, touches) = photo()
        var cancelled = false
        let other = square("other", 0, 0, 100, 100).gesture(DragGesture().onChanged { _ in
            if !cancelled { cancelled = true; touches.engine.cancelAll() }
        })
        touches.engine.root = window(other, model.node())
        touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 90), start: 0, duration: 0.2)
        XCTAssertTrue(cancelled)
        XCTAssertFalse(touches.engine.isBusy)
        // Replacing the root from inside a callback takes effect at the next touch.
        let replacement = square("photo", 0, 0, 402, 874).onTapGesture { model.events.append("new tree") }
        let closer = square("closer", 0, 0, 100, 100).onTapGesture { touches.engine.root = window(replacement) }
        touches.engine.root = window(closer)
        touches.tap(50, 50, at: 1)
        touches.tap(300, 300, at: 2)
        XCTAssertEqual(model.events, ["new tree"])
    }
}
