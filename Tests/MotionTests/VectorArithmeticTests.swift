import Foundation
import XCTest
import Motion

final class VectorArithmeticTests: XCTestCase {
    func testPointsSizesAndRectsAddSubtractAndScaleComponentWise() {
        XCTAssertEqual(CGPoint(x: 1, y: 2) + CGPoint(x: 10, y: 20), CGPoint(x: 11, y: 22))
        XCTAssertEqual(CGSize(width: 5, height: 6) - CGSize(width: 1, height: 1), CGSize(width: 4, height: 5))
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(rect.scaled(by: 0.5), CGRect(x: 5, y: 10, width: 15, height: 20))
        XCTAssertEqual(rect - rect, .zero)
        XCTAssertEqual(rect.magnitudeSquared, 100 + 400 + 900 + 1600)
    }

    func testRectsInMotionKeepNegativeSizes() {
        // Standardizing would turn a spring's overshoot through zero size into a jump.
        let shrinking = CGRect(x: 0, y: 0, width: 10, height: 10) - CGRect(x: 0, y: 0, width: 30, height: 30)
        XCTAssertEqual(shrinking.size, CGSize(width: -20, height: -20))
        XCTAssertEqual(shrinking + CGRect(x: 0, y: 0, width: 30, height: 30), CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testAnglesConvertBetweenDegreesAndRadiansAndAnimateInRadians() {
        XCTAssertEqual(Angle.degrees(180).radians, .pi, accuracy: 1e-15)
        XCTAssertEqual(Angle.radians(.pi / 2).degrees, 90, accuracy: 1e-12)
        var angle = Angle.degrees(30)
        angle.degrees += 15
        XCTAssertEqual(angle.degrees, 45, accuracy: 1e-12)
        XCTAssertEqual((Angle.degrees(90) - .degrees(30)).degrees, 60, accuracy: 1e-12)
        XCTAssertEqual(Angle.degrees(10).scaled(by: 3).degrees, 30, accuracy: 1e-12)
        XCTAssertEqual(Angle.radians(2).magnitudeSquared, 4)
        XCTAssertLessThan(Angle.degrees(10), .degrees(20))
    }

    func testPairsCombineTheirHalves() {
        let pair = AnimatablePair(3.0, CGPoint(x: 4, y: 0))
        XCTAssertEqual(pair.magnitudeSquared, 9 + 16)
        XCTAssertEqual((pair + pair).first, 6)
        XCTAssertEqual(pair.scaled(by: 2).second, CGPoint(x: 8, y: 0))
        XCTAssertEqual(AnimatablePair<Double, CGPoint>.zero, AnimatablePair(0, .zero))
    }

    func testInterpolationAndFiniteness() {
        XCTAssertEqual(10.0.interpolated(towards: 20, amount: 0.25), 12.5)
        XCTAssertTrue(CGPoint(x: 1, y: 1).isFiniteVector)
        XCTAssertFalse(CGPoint(x: CGFloat.nan, y: 1).isFiniteVector)
        XCTAssertFalse(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1).isFiniteVector)
        XCTAssertEqual(CGFloat(3).magnitudeSquared, 9)
        XCTAssertEqual(Float(2).scaled(by: 1.5), 3)
    }
}
