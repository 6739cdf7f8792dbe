import Foundation
import XCTest
@testable import TripsKit

final class OverviewLayoutTests: XCTestCase {
    func testPhoneSizeReproducesTheLessonGeometry() {
        let layout = OverviewLayout(size: OverviewLayout.phoneSize, itemCount: 8)
        XCTAssertEqual(layout.bigPhoto.height, 260, "big photo 260 pt tall at 402 x 874")
        XCTAssertEqual(layout.bigPhoto.minX, 16, "16 pt horizontal padding")
        XCTAssertEqual(layout.bigPhoto.maxX, 402 - 16)
        XCTAssertEqual(layout.strip.minY - layout.bigPhoto.maxY, 12, "12 pt between big photo and strip")
        XCTAssertEqual(layout.photoSize.height, 180)
        XCTAssertFalse(layout.listBeside)
    }

    func testStripPhotoSpansFourOfFiveColumnsTwelvePointsApart() {
        let layout = OverviewLayout(size: OverviewLayout.phoneSize, itemCount: 8)
        let container: CGFloat = 402 - 32
        let column = (container - 4 * 12) / 5
        XCTAssertEqual(layout.photoSize.width, column * 4 + 3 * 12, accuracy: 1e-9)
        XCTAssertEqual(layout.stripItem(1).minX - layout.stripItem(0).maxX, 12, accuracy: 1e-9)
        let fraction = layout.photoSize.width / container
        XCTAssertEqual(fraction, 0.8, accuracy: 0.03, "about four fifths of the strip")
    }

    func testLargerWindowGivesTheBigPhotoTheRoomAboveTheStrip() {
        let layout = OverviewLayout(size: CGSize(width: 1280, height: 800), itemCount: 8)
        XCTAssertTrue(layout.listBeside)
        XCTAssertGreaterThan(layout.bigPhoto.height, 400)
        XCTAssertEqual(layout.strip.minY - layout.bigPhoto.maxY, 12)
        XCTAssertEqual(layout.strip.maxY, 800 - 16)
        XCTAssertLessThanOrEqual(layout.bigPhoto.maxX, layout.list.minX)
        XCTAssertEqual(layout.photoSize.height, 180, "thresholds and sizes stay in points")

        let tall = OverviewLayout(size: CGSize(width: 402, height: 1074), itemCount: 8)
        XCTAssertEqual(tall.bigPhoto.height, 460, "extra height in portrait goes to the big photo")
    }

    func testStripOffsetMovesItemsAndSettlesOnAPhoto() {
        let layout = OverviewLayout(size: CGSize(width: 1280, height: 800), itemCount: 8)
        XCTAssertEqual(layout.stripItem(2, offset: layout.pitch * 2).minX, layout.stripItem(0).minX, accuracy: 1e-9)
        XCTAssertEqual(layout.settledOffset(near: layout.pitch * 1.4), layout.pitch, accuracy: 1e-9)
        XCTAssertEqual(layout.settledOffset(near: layout.pitch * 1.6), layout.pitch * 2, accuracy: 1e-9)
        XCTAssertEqual(layout.settledOffset(near: -300), 0)
        XCTAssertEqual(layout.settledOffset(near: 1e6), layout.maximumStripOffset)
    }

    func testVisibleItemsCoverEveryPhotoOnScreenAndNoMore() {
        let layout = OverviewLayout(size: CGSize(width: 1280, height: 800), itemCount: 100)
        for offset in stride(from: CGFloat(0), through: layout.maximumStripOffset, by: 97) {
            let visible = layout.visibleStripItems(offset: offset)
            for i in 0..<100 {
                let onScreen = layout.stripItem(i, offset: offset).intersects(layout.strip)
                if onScreen { XCTAssertTrue(visible.contains(i), "item \(i) at offset \(offset)") }
            }
            XCTAssertLessThanOrEqual(visible.count, 4)
        }
    }

    func testListRowsSpanTheWholeListWidth() {
        let layout = OverviewLayout(size: OverviewLayout.phoneSize, itemCount: 8)
        let row = layout.listRow(2)
        XCTAssertEqual(row.width, layout.list.width)
        XCTAssertEqual(layout.listRow(3).minY, row.maxY, "rows touch: gaps answer taps too")
    }

    func testDegenerateSizesDoNotProduceNegativeFrames() {
        for size in [CGSize(width: 0, height: 0), CGSize(width: 50, height: 40), CGSize(width: 10000, height: 100)] {
            let layout = OverviewLayout(size: size, itemCount: 3)
            XCTAssertGreaterThan(layout.photoSize.width, 0)
            XCTAssertGreaterThanOrEqual(layout.list.height, 0)
        }
    }
}

final class StripRobustnessTests: XCTestCase {
    func testVisibleItemsAreAValidRangeForAnyOffset() {
        let layout = OverviewLayout(size: CGSize(width: 1280, height: 800), itemCount: 8)
        for offset in [-1e12, -5000, -1, 0, 5051.2, 9700, 1e9, .infinity, -.infinity, .nan] as [CGFloat] {
            let r = layout.visibleStripItems(offset: offset)
            XCTAssertTrue(r.lowerBound >= 0 && r.upperBound <= 8, "\(offset) gave \(r)")
        }
    }

    func testFlingsAreCappedAtEightThousandPointsASecond() {
        XCTAssertEqual(Fling.clamped(151_808), 8000)
        XCTAssertEqual(Fling.clamped(-151_808), -8000)
        XCTAssertEqual(Fling.clamped(1200), 1200)
        XCTAssertEqual(Fling.clamped(.nan), 0)
    }
}
