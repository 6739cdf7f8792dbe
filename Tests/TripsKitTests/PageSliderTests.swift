import Foundation
import Motion
import XCTest
@testable import TripsKit

/// The big photo's pages, and the rubber band it shares with the strip.
final class PageSliderTests: XCTestCase {
    func testTheRubberBandKeepsWhatIsWithinAndResistsBeyond() {
        XCTAssertEqual(RubberBand.resisted(50, lower: 0, upper: 100, dimension: 300), 50)
        let past = RubberBand.resisted(130, lower: 0, upper: 100, dimension: 300)
        // 100 + 0.55·300·30 / (300 + 0.55·30)
        XCTAssertEqual(past, 100 + 0.55 * 300 * 30 / (300 + 0.55 * 30), accuracy: 1e-9)
        XCTAssertLessThan(past, 130)
        XCTAssertEqual(RubberBand.resisted(-30, lower: 0, upper: 100, dimension: 300), -(past - 100), accuracy: 1e-9, "both edges alike")
        XCTAssertLessThan(RubberBand.resisted(-1000, lower: 0, upper: 100, dimension: 300), 0)
        XCTAssertGreaterThan(RubberBand.resisted(-1000, lower: 0, upper: 100, dimension: 300), -300, "never a whole dimension past")
    }

    func testASlideTowardAMissingPageRubberBandsAndTowardAPageFollows() {
        let pages = PageSlider(animator: Animator(rate: 120))
        pages.repage(count: 3, page: 0)
        XCTAssertEqual(pages.resisted(-200, width: 600), -200, "the next page is there")
        XCTAssertEqual(pages.resisted(200, width: 600), RubberBand.resisted(200, lower: 0, upper: 0, dimension: 600))
        XCTAssertLessThan(pages.resisted(200, width: 600), 200)
        pages.repage(count: 3, page: 9)
        XCTAssertEqual(pages.page, 2, "clamped to the last")
        XCTAssertEqual(pages.resisted(200, width: 600), 200)
        XCTAssertLessThan(pages.resisted(-200, width: 600), 0)
        XCTAssertGreaterThan(pages.resisted(-200, width: 600), -200)
    }

    func testALetGoSlideTurnsPastHalfAPageWhereThereIsOne() {
        let pages = PageSlider(animator: Animator(rate: 120))
        pages.repage(count: 2, page: 0)
        XCTAssertEqual(pages.step(projected: -300, width: 600), 0, "not past half of 616")
        XCTAssertEqual(pages.step(projected: -309, width: 600), 1)
        XCTAssertEqual(pages.step(projected: 400, width: 600), 0, "no page before the first")
        pages.drag(-400, width: 600)
        XCTAssertEqual(pages.offset.currentValue, -400)
        pages.turn(by: 1, width: 600)
        XCTAssertEqual(pages.page, 1)
        XCTAssertEqual(pages.offset.currentValue, -400 + 616, "drawn where it was, now from the new page")
        pages.endDrag()
        pages.drag(10, width: 600)
        XCTAssertEqual(pages.offset.currentValue, 226, "a new slide starts where the row is")
    }
}
