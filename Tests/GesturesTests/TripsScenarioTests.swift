import Foundation
import XCTest
import Motion
@testable import Gestures

/// The app's big photo (a tap closes it, a double tap zooms, a pinch zooms,
/// a pull or flick down closes it), written as the app model would write it.
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
        touches.twoFingers((CGPoint(x: 150, y: 200), CGPoint(x: 75, y: 220)), (CGPoint(x: 250, y: 200), CGPoint(x: 325, y: 220)),
                           secondDownAt: 0.02, steps: 30, interval: 0.01)
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

    func testTheLessonsFlickCloses() {
        // 100 pt down in 33 ms, a move every 8 ms, lifted 8 ms after the
        // last move at the same place (issue 9: it used to leave the photo open).
        let (model, touches) = photo()
        touches.down(1, 200, 150, at: 0)
        for (k, t) in [0.008, 0.016, 0.024, 0.033].enumerated() { touches.move(1, 200, 150 + 25 * CGFloat(k + 1), at: t) }
        touches.up(1, 200, 250, at: 0.041)
        touches.at(1)
        XCTAssertEqual(model.events, ["dismiss"])
    }

    func testAPinchWithAFingerLiftedAndPutDownAgainKeepsZooming() {
        let (model, touches) = photo()
        touches.down(1, 150, 230, at: 0)
        touches.down(2, 250, 230, at: 0.02)
        touches.move(2, 350, 230, at: 0.1)                  // 200 apart: 2
        XCTAssertEqual(model.pinch, 2, accuracy: 0.001)
        touches.up(2, 350, 230, at: 0.15)                   // the panel loses the finger
        XCTAssertEqual(model.pinch, 2, accuracy: 0.001, "still pinching")
        XCTAssertEqual(model.zoom, 1, "not folded in yet: the pinch goes on")
        touches.down(2, 250, 230, at: 0.2)                  // back, 100 apart
        touches.move(2, 300, 230, at: 0.3)                  // 150 apart: 2 x 1.5
        XCTAssertEqual(model.pinch, 3, accuracy: 0.001)
        touches.up(1, 150, 230, at: 0.4)
        touches.up(2, 300, 230, at: 0.41)
        touches.at(1)
        XCTAssertEqual(model.zoom, 3, accuracy: 0.001)
        XCTAssertEqual(model.pinch, 1)
        XCTAssertEqual(model.events, [], "neither closed nor dismissed")
    }

    func testAThreeFingerTouchNeitherClosesNorJumps() {
        let (model, touches) = photo()
        touches.down(1, 150, 200, at: 0)
        touches.down(2, 250, 200, at: 0.01)
        touches.down(3, 200, 300, at: 0.02)
        var pulls: [CGFloat] = []
        for i in 1...10 {
            let dy = 3 * CGFloat(i), t = 0.02 + 0.02 * Double(i)
            for (finger, x, y) in [(1, 150.0, 200.0), (2, 250, 200), (3, 200, 300)] as [(Int, CGFloat, CGFloat)] {
                touches.move(finger, x, y + dy, at: t)
            }
            pulls.append(model.pull.height)
        }
        XCTAssertEqual(pulls.last ?? 0, 30, accuracy: 0.001, "the photo follows the fingers' centroid")
        XCTAssertEqual(model.pinch, 1, accuracy: 0.001, "three fingers moving together do not zoom")
        for (finger, x, y) in [(3, 200.0, 330.0), (1, 150, 230), (2, 250, 230)] as [(Int, CGFloat, CGFloat)] {
            touches.up(finger, x, y, at: 0.3)
        }
        touches.at(1)
        XCTAssertEqual(model.events, [])
        XCTAssertEqual(model.zoom, 1)
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
