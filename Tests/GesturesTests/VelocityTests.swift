import Foundation
import XCTest
import TestSupport
@testable import Gestures

/// Velocity as real panels report it: timestamps in whole milliseconds with
/// jitter, moves delivered in batches that share a timestamp, the lift a
/// little after the last move (docs/GESTURES.md, rules 18 and 29).
final class VelocityTests: XCTestCase {
    /// One drag down the y axis as a panel sampling at `rate` Hz reports it.
    /// Returns the drag's final value.
    private func flick(distance: CGFloat, duration: Double, rate: Double, jitter: Double, batched: Bool,
                       liftDelay: Double, easing: (Double) -> Double = { $0 },
                       random: inout SplitMix64) -> DragGesture.Value? {
        var ended: DragGesture.Value?
        let touches = Touches(window(square("photo", 0, 0, 400, 800).gesture(DragGesture().onEnded { ended = $0 })))
        let t0 = 1.0
        func ms(_ t: Double) -> Double { (t * 1000).rounded() / 1000 }
        let steps = max(1, Int((duration * rate).rounded()))
        var stamps = (1...steps).map { i in ms(t0 + duration * Double(i) / Double(steps) + random.range(-jitter, jitter)) }
        if batched {
            // Two or three moves at a time, each batch stamped with the time
            // its last move happened.
            var i = 0
            while i < steps {
                let last = min(steps, i + random.range(2, 3)) - 1
                for k in i...last { stamps[k] = stamps[last] }
                i = last + 1
            }
        }
        touches.down(1, 200, 100, at: t0)
        for i in 1...steps {
            touches.move(1, 200, 100 + distance * CGFloat(easing(Double(i) / Double(steps))), at: stamps[i - 1])
        }
        touches.up(1, 200, 100 + distance, at: ms(stamps.max()! + liftDelay))
        return ended
    }

    func testFlicksKeepTheirSpeedThroughJitterBatchesAndALateLift() {
        var random = SplitMix64(seed: 9)
        var worst = (error: 0.0, case: "")
        for (distance, duration) in [(CGFloat(100), 0.033), (CGFloat(300), 0.1)] {
            let speed = Double(distance) / duration
            let expected = Double(distance) + 0.25 * speed
            for rate in [60.0, 120, 240] {
                for batched in [false, true] {
                    for liftDelay in [0, 0.004, 0.008, 0.016] {
                        for _ in 0..<10 {
                            let label = "\(distance) pt in \(Int(duration * 1000)) ms at \(Int(rate)) Hz, "
                                + (batched ? "batched, " : "") + "lift +\(Int(liftDelay * 1000)) ms"
                            guard let v = flick(distance: distance, duration: duration, rate: rate, jitter: 0.002,
                                                batched: batched, liftDelay: liftDelay, random: &random)
                            else { return XCTFail("\(label): the drag ends") }
                            XCTAssertEqual(Double(v.translation.height), Double(distance), accuracy: 1e-9, label)
                            let error = Double(v.predictedEndTranslation.height) / expected - 1
                            XCTAssertLessThan(abs(error), 0.15, "\(label): predicted \(v.predictedEndTranslation.height), want \(expected)")
                            if abs(error) > abs(worst.error) { worst = (error, label) }
                        }
                    }
                }
            }
        }
        print(String(format: "velocity matrix: worst predicted end %+.1f %% (%@)", worst.error * 100, worst.case))
    }

    func testSlowPullsStayNearTheSlowPredictionThroughJitterAndBatches() {
        var random = SplitMix64(seed: 18)
        // The finger slows as it lifts, to 72 % of its nominal 100 pt/s.
        let easeOut: (Double) -> Double = { $0 + 0.28 * $0 * (1 - $0) }
        var farthest = 0.0
        for rate in [60.0, 120, 240] {
            for batched in [false, true] {
                for liftDelay in [0, 0.004, 0.008, 0.016] {
                    for _ in 0..<3 {
                        guard let v = flick(distance: 100, duration: 1, rate: rate, jitter: 0.002, batched: batched,
                                            liftDelay: liftDelay, easing: easeOut, random: &random)
                        else { return XCTFail("the pull ends") }
                        let predicted = Double(v.predictedEndTranslation.height)
                        XCTAssertEqual(predicted, 113, accuracy: 10, "\(Int(rate)) Hz, batched \(batched), lift +\(liftDelay)")
                        farthest = max(farthest, abs(predicted - 113))
                    }
                }
            }
        }
        print(String(format: "slow pulls: at most %.1f pt from 113", farthest))
    }

    func testTheLessonsFlickDismisses() {
        // 100 pt down in 33 ms, a move every 8 ms, lifted 8 ms after the last
        // move at the same place (the lesson's flick, issue 9).
        var ended: DragGesture.Value?
        let touches = Touches(window(square("photo", 0, 0, 400, 800).gesture(DragGesture().onEnded { ended = $0 })))
        touches.down(1, 200, 100, at: 0)
        for (k, t) in [0.008, 0.016, 0.024, 0.033].enumerated() {
            touches.move(1, 200, 100 + 25 * CGFloat(k + 1), at: t)
        }
        touches.up(1, 200, 200, at: 0.041)
        guard let v = ended else { return XCTFail("the drag ends") }
        XCTAssertEqual(v.velocity.height, 3000, accuracy: 300)
        XCTAssertGreaterThan(v.predictedEndTranslation.height, 400, "the flick closes the big photo")
    }

    func testAFingerThatRestsBeforeLiftingHasNoVelocity() {
        for (rest, moving) in [(0.039, true), (0.040, false), (0.2, false)] {
            var ended: DragGesture.Value?
            let touches = Touches(window(square("photo", 0, 0, 400, 800).gesture(DragGesture().onEnded { ended = $0 })))
            touches.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 300), start: 0, duration: 0.1, lift: false)
            touches.up(1, 200, 300, at: 0.1 + rest)
            XCTAssertEqual(ended?.translation.height, 200)
            if moving {
                XCTAssertEqual(ended?.velocity.height ?? 0, 2000, accuracy: 1, "rest \(rest)")
            } else {
                XCTAssertEqual(ended?.velocity, .zero, "rest \(rest)")
                XCTAssertEqual(ended?.predictedEndTranslation, ended?.translation)
            }
        }
    }

    func testMovesSharingATimestampFoldIntoOneSample() {
        var tracker = VelocityTracker()
        tracker.add(0, CGPoint(x: 0, y: 0))
        tracker.add(0.010, CGPoint(x: 0, y: 5))
        tracker.add(0.010, CGPoint(x: 0, y: 10))    // same millisecond: the later position counts
        XCTAssertEqual(tracker.velocity(at: 0.010).height, 1000, accuracy: 1e-6)
        tracker.add(0.020, CGPoint(x: 0, y: 20))
        XCTAssertEqual(tracker.velocity(at: 0.020).height, 1000, accuracy: 1e-6)
        // Two events at one time are not a speed.
        var one = VelocityTracker()
        one.add(0, CGPoint(x: 0, y: 0))
        one.add(0, CGPoint(x: 0, y: 40))
        one.add(0, CGPoint(x: 0, y: 80))
        XCTAssertEqual(one.velocity(at: 0), .zero)
    }
}
