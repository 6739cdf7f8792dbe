import Foundation
import XCTest
@testable import Gestures

/// Drives an engine with touches on a virtual clock.
final class Touches {
    let engine: GestureEngine

    init(_ root: GestureNode) { engine = GestureEngine(root: root) }

    @discardableResult
    func at(_ t: Double) -> Touches {
        engine.advance(to: t)
        return self
    }

    @discardableResult
    func down(_ finger: Int = 1, _ x: CGFloat, _ y: CGFloat, at t: Double) -> InputDisposition {
        engine.handle(.touch(finger, .down, x: x, y: y, at: t))
    }
    @discardableResult
    func move(_ finger: Int = 1, _ x: CGFloat, _ y: CGFloat, at t: Double) -> InputDisposition {
        engine.handle(.touch(finger, .move, x: x, y: y, at: t))
    }
    @discardableResult
    func up(_ finger: Int = 1, _ x: CGFloat, _ y: CGFloat, at t: Double) -> InputDisposition {
        engine.handle(.touch(finger, .up, x: x, y: y, at: t))
    }
    @discardableResult
    func cancel(_ finger: Int = 1, at t: Double) -> InputDisposition {
        engine.handle(.touch(finger, .cancel, x: 0, y: 0, at: t))
    }

    /// A tap lasting 50 ms.
    func tap(_ x: CGFloat, _ y: CGFloat, at t: Double, finger: Int = 1) {
        down(finger, x, y, at: t)
        up(finger, x, y, at: t + 0.05)
    }

    /// A straight drag sampled at `rate` Hz, with `easing` mapping time
    /// fraction to distance fraction. With `touchDown` false the finger is
    /// already down at `a` (a press held before it drags).
    func drag(_ finger: Int = 1, from a: CGPoint, to b: CGPoint, start t0: Double, duration: Double,
              rate: Double = 120, touchDown: Bool = true, lift: Bool = true, easing: (Double) -> Double = { $0 }) {
        if touchDown { XCTAssertEqual(down(finger, a.x, a.y, at: t0), .accepted, "a fresh touch-down") }
        let steps = max(1, Int((duration * rate).rounded()))
        for i in 1...steps {
            let f = CGFloat(easing(Double(i) / Double(steps)))
            move(finger, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: t0 + duration * Double(i) / Double(steps))
        }
        if lift { up(finger, b.x, b.y, at: t0 + duration) }
    }

    /// Fingers 1 and 2 down at their `from` points (1 at time 0, 2 at
    /// `second`), then moving together in straight lines to their `to`
    /// points, one event each every `interval` for `steps` steps; they stay down.
    func twoFingers(_ one: (from: CGPoint, to: CGPoint), _ two: (from: CGPoint, to: CGPoint),
                    secondDownAt second: Double, steps: Int, interval: Double) {
        down(1, one.from.x, one.from.y, at: 0)
        down(2, two.from.x, two.from.y, at: second)
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps), t = second + interval * Double(i)
            move(1, one.from.x + (one.to.x - one.from.x) * f, one.from.y + (one.to.y - one.from.y) * f, at: t)
            move(2, two.from.x + (two.to.x - two.from.x) * f, two.from.y + (two.to.y - two.from.y) * f, at: t)
        }
    }
}

/// Records what callbacks ran, in order.
final class Log {
    var entries: [String] = []
    func callAsFunction(_ s: String) { entries.append(s) }
    func count(_ s: String) -> Int { entries.filter { $0 == s }.count }
}

func square(_ id: String = "square", _ x: CGFloat = 0, _ y: CGFloat = 0, _ w: CGFloat = 200, _ h: CGFloat = 200) -> GestureNode {
    GestureNode(id, frame: CGRect(x: x, y: y, width: w, height: h), shape: .rectangle)
}

/// Two squares of `side` points in a row, `gap` apart, each with a drag
/// whose ended value is kept: two drags told apart by what they end with.
final class TwoDrags {
    private(set) var first: DragGesture.Value?
    private(set) var second: DragGesture.Value?
    private(set) var touches: Touches!

    init(side: CGFloat, gap: CGFloat) {
        touches = Touches(window(
            square("first", 0, 0, side, side).gesture(DragGesture().onEnded { [unowned self] in first = $0 }),
            square("second", side + gap, 0, side, side).gesture(DragGesture().onEnded { [unowned self] in second = $0 })))
    }
}

func window(_ children: GestureNode...) -> GestureNode {
    GestureNode("window", frame: CGRect(x: 0, y: 0, width: 1000, height: 1000), children: children)
}
