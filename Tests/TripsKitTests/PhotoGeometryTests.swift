import Foundation
import XCTest
@testable import TripsKit

final class PhotoGeometryTests: XCTestCase {
    func testWideImageInSquareFrameIsCroppedAtTheSides() {
        let s = PhotoGeometry.aspectFillSource(imageSize: CGSize(width: 200, height: 100), frameSize: CGSize(width: 50, height: 50))
        XCTAssertEqual(s.width, 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.height, 1, accuracy: 1e-12)
        XCTAssertEqual(s.midX, 0.5, accuracy: 1e-12)
    }

    func testTallImageInWideFrameIsCroppedTopAndBottom() {
        let s = PhotoGeometry.aspectFillSource(imageSize: CGSize(width: 100, height: 200), frameSize: CGSize(width: 200, height: 100))
        XCTAssertEqual(s.width, 1, accuracy: 1e-12)
        XCTAssertEqual(s.height, 0.25, accuracy: 1e-12)
    }

    func testZoomTwiceShowsHalfAroundTheFocusAndStaysInsideTheImage() {
        let s = PhotoGeometry.aspectFillSource(imageSize: CGSize(width: 100, height: 100), frameSize: CGSize(width: 100, height: 100), zoom: 2)
        XCTAssertEqual(s, CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let corner = PhotoGeometry.aspectFillSource(imageSize: CGSize(width: 100, height: 100), frameSize: CGSize(width: 100, height: 100),
                                                    zoom: 4, focus: CGPoint(x: 0, y: 1))
        XCTAssertEqual(corner.minX, 0, accuracy: 1e-12)
        XCTAssertEqual(corner.maxY, 1, accuracy: 1e-12)
    }

    func testNonsenseInputGivesTheWholeImage() {
        XCTAssertEqual(PhotoGeometry.aspectFillSource(imageSize: .zero, frameSize: CGSize(width: 10, height: 10)),
                       CGRect(x: 0, y: 0, width: 1, height: 1))
        let s = PhotoGeometry.aspectFillSource(imageSize: CGSize(width: 10, height: 10), frameSize: CGSize(width: 10, height: 10), zoom: .nan)
        XCTAssertEqual(s.width, 1)
    }

    func testRoundedFanStaysInsideTheFrameAndMapsCornersToTheSource() {
        let frame = CGRect(x: 10, y: 20, width: 100, height: 60)
        let source = CGRect(x: 0.2, y: 0, width: 0.6, height: 1)
        let fan = PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: 12, source: source)
        XCTAssertEqual(fan.first?.position, CGPoint(x: 60, y: 50))
        XCTAssertEqual(fan.last, fan[1], "the outline is closed")
        for v in fan {
            XCTAssertTrue(frame.insetBy(dx: -1e-9, dy: -1e-9).contains(v.position))
            XCTAssertTrue(v.texture.x >= 0.2 - 1e-12 && v.texture.x <= 0.8 + 1e-12)
        }
        // The exact corner is cut away by the rounding.
        XCTAssertFalse(fan.contains { abs($0.position.x - 10) < 1e-9 && abs($0.position.y - 20) < 1e-9 })
        XCTAssertEqual(fan.count, 1 + 4 * 9 + 1)
    }

    /// The software renderer's corners are the whole fan's, cut at its corners.
    func testCornerFansAreTheRoundedFansCorners() {
        let frame = CGRect(x: 10, y: 20, width: 300, height: 200), source = CGRect(x: 0.1, y: 0, width: 0.8, height: 1)
        let whole = PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: 16, source: source)
        let corners = PhotoGeometry.cornerFans(frame: frame, cornerRadius: 16, source: source)
        XCTAssertEqual(corners.count, 4)
        XCTAssertEqual(corners.flatMap { $0.dropFirst() }, Array(whole.dropFirst().dropLast()), "the arcs, in the outline's order")
        XCTAssertEqual(corners[0][0].position, CGPoint(x: 26, y: 36), "a corner fan turns about its arc's centre")
        XCTAssertEqual(corners[2][0].texture.x, 0.1 + (310 - 16 - 10) / 300 * 0.8, accuracy: 1e-9)
    }

    func testSquareCornersNeedOnlyFourOutlinePoints() {
        let fan = PhotoGeometry.roundedRectFan(frame: CGRect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0,
                                               source: CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(fan.count, 6)
        XCTAssertEqual(fan[1].texture, CGPoint(x: 0, y: 0))
        XCTAssertEqual(fan[3].texture, CGPoint(x: 1, y: 1))
    }
}

final class ZoomGeometryTests: XCTestCase {
    func testZoomedSourceAtTwoShowsHalfTheCropAroundTheCentre() {
        let s = PhotoGeometry.zoomedSource(imageSize: CGSize(width: 100, height: 100), frameSize: CGSize(width: 100, height: 100),
                                           zoom: 2, center: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(s, CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }

    func testCentreIsClampedSoTheViewStaysInsideThePicture() {
        XCTAssertEqual(PhotoGeometry.clampedCenter(CGPoint(x: 0, y: 1), zoom: 4), CGPoint(x: 0.125, y: 0.875))
        XCTAssertEqual(PhotoGeometry.clampedCenter(CGPoint(x: 0.1, y: 0.9), zoom: 1), CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(PhotoGeometry.clampedCenter(CGPoint(x: CGFloat.nan, y: 0.5), zoom: 2), CGPoint(x: 0.5, y: 0.5))
    }

    func testZoomingTowardAPointKeepsThatPointUnderTheFinger() {
        let fixed = CGPoint(x: 0.7, y: 0.4)
        let c = PhotoGeometry.center(zoomingFrom: 1, center: CGPoint(x: 0.5, y: 0.5), to: 2, keeping: fixed)
        // Picture point under `fixed` at zoom 2 equals the one at zoom 1.
        XCTAssertEqual(c.x + (fixed.x - 0.5) / 2, 0.7, accuracy: 1e-12)
        XCTAssertEqual(c.y + (fixed.y - 0.5) / 2, 0.4, accuracy: 1e-12)
    }

    /// A detail tile over the left half of the picture, drawn in a frame
    /// showing its middle half: the piece covers the frame's left half,
    /// its texture runs from the tile's middle to its right edge.
    func testClippingAFanToATileKeepsThePartOverIt() {
        let frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        let fan = PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: 0, source: CGRect(x: 0.25, y: 0, width: 0.5, height: 1))
        let piece = PhotoGeometry.clip(fan, toTexture: CGRect(x: 0, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(piece.map(\.position.x).min() ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(piece.map(\.position.x).max() ?? -1, 50, accuracy: 1e-9)
        XCTAssertEqual(piece.map(\.texture.x).min() ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(piece.map(\.texture.x).max() ?? -1, 1, accuracy: 1e-9)
        XCTAssertTrue(PhotoGeometry.clip(fan, toTexture: CGRect(x: 0.8, y: 0, width: 0.2, height: 1)).isEmpty, "a tile off screen")
        // Rounded corners stay rounded: the piece has the corner's arc, not the square corner.
        let rounded = PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: 10, source: CGRect(x: 0, y: 0, width: 1, height: 1))
        let corner = PhotoGeometry.clip(rounded, toTexture: CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        XCTAssertFalse(corner.contains { $0.position == .zero }, "the square corner is not drawn")
        XCTAssertGreaterThan(corner.count, 6)
    }

    /// Only a tile's piece in the frame's top-left corner square is drawn as
    /// a fan (the rest is blitted): cut to the square, counted in the tile.
    func testAPieceOfATileIsCountedInTheWholeTile() {
        let frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        let rounded = PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: 10, source: CGRect(x: 0, y: 0, width: 1, height: 1))
        let tile = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        let square = PhotoGeometry.clip(rounded, toTexture: CGRect(x: 0, y: 0, width: 0.1, height: 0.2), countedIn: tile)
        XCTAssertEqual(square.map(\.position.x).max() ?? -1, 10, accuracy: 1e-9, "no wider than the corner's square")
        XCTAssertEqual(square.map(\.position.y).max() ?? -1, 10, accuracy: 1e-9)
        XCTAssertEqual(square.map(\.texture.x).max() ?? -1, 0.2, accuracy: 1e-9, "a fifth of the tile's width")
        XCTAssertEqual(square.map(\.texture.y).max() ?? -1, 0.2, accuracy: 1e-9, "a fifth of its height")
        XCTAssertFalse(square.contains { $0.position == .zero }, "still rounded")
    }

    /// The pixels a set of rectangles covers, each counted as often as it is covered.
    private func coverage(_ rects: [CGRect], width: Int, height: Int) -> [[Int]] {
        var grid = [[Int]](repeating: [Int](repeating: 0, count: width), count: height)
        for r in rects {
            XCTAssertEqual(r, r.integral, "whole pixels")
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { grid[y][x] += 1 } }
        }
        return grid
    }

    func testARoundedRectanglesRowsCoverThePixelsWhoseCentresAreInsideItOnce() {
        let frame = CGRect(x: 2.3, y: 1.6, width: 40, height: 24), r: CGFloat = 8
        let rows = PhotoGeometry.roundedRectRows(frame: frame, cornerRadius: r)
        let grid = coverage(rows, width: 50, height: 30)
        for y in 0..<30 {
            for x in 0..<50 {
                let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)
                // Inside: in the rectangle, and within r of the nearest corner centre when in a corner's square.
                let cx = min(max(p.x, frame.minX + r), frame.maxX - r), cy = min(max(p.y, frame.minY + r), frame.maxY - r)
                let inside = frame.contains(p) && (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) <= r * r
                XCTAssertEqual(grid[y][x], inside ? 1 : 0, "pixel \(x), \(y)")
            }
        }
        XCTAssertLessThanOrEqual(rows.count, 2 * Int(r) + 3, "a row for each corner row, one for the straight part")
    }

    func testASquareCorneredRectangleIsOneRectangle() {
        XCTAssertEqual(PhotoGeometry.roundedRectRows(frame: CGRect(x: 0, y: 0, width: 890, height: 64), cornerRadius: 0),
                       [CGRect(x: 0, y: 0, width: 890, height: 64)])
        XCTAssertEqual(PhotoGeometry.roundedRectRows(frame: CGRect(x: 0, y: 0, width: 10, height: 0.2), cornerRadius: 0), [],
                       "no pixel's centre inside")
    }
}
