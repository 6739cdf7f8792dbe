import XCTest
@testable import PhotoFile

final class DetailTilesTests: XCTestCase {
    let photo = (width: 4000, height: 3000)

    func testTheLevelIsTheCoarsestStillAsFineAsTheScreen() {
        XCTAssertEqual(DetailTiles.level(full: photo, covering: 3560), 1, "4x of an 890 px frame needs the photo's own pixels")
        XCTAssertEqual(DetailTiles.level(full: photo, covering: 1780), 2)
        XCTAssertEqual(DetailTiles.level(full: photo, covering: 900), 4)
        XCTAssertEqual(DetailTiles.level(full: photo, covering: 100), 8)
        XCTAssertEqual(DetailTiles.level(full: photo, covering: 9000), 1, "never past the photo's own resolution")
    }

    func testDetailIsNeededOnlyWhenTheDecodedPictureIsCoarserThanTheScreen() {
        XCTAssertFalse(DetailTiles.needed(decodedWidth: 890, fullWidth: 4000, covering: 890), "1x: the window-sized picture is enough")
        XCTAssertTrue(DetailTiles.needed(decodedWidth: 890, fullWidth: 4000, covering: 1780))
        XCTAssertFalse(DetailTiles.needed(decodedWidth: 800, fullWidth: 800, covering: 3200), "a small photo has nothing finer")
    }

    func testTilesMeetingTheViewNearestTheCentreFirst() {
        // A quarter of the picture around its centre, at level 1: 4000 x 3000 in 1024 tiles is 4 x 3.
        let tiles = DetailTiles.wanted(full: photo, level: 1, visible: (0.375, 0.375, 0.25, 0.25))
        XCTAssertEqual(Set(tiles), Set([DetailTiles.Tile(level: 1, column: 1, row: 1), .init(level: 1, column: 2, row: 1)]))
        let corner = DetailTiles.wanted(full: photo, level: 1, visible: (0.75, 0.75, 0.25, 0.25))
        XCTAssertEqual(corner, [DetailTiles.Tile(level: 1, column: 3, row: 2), .init(level: 1, column: 2, row: 2)])
        let all = DetailTiles.wanted(full: photo, level: 1, visible: (0.5, 0.5, 0.5, 0.5))
        XCTAssertEqual(all.first, DetailTiles.Tile(level: 1, column: 2, row: 2), "the tile under the view's centre comes first")
    }

    func testEdgeTilesAreCutByThePicture() {
        let last = DetailTiles.Tile(level: 1, column: 3, row: 2)
        XCTAssertEqual(last.region(full: photo).width, 4000 - 3 * 1024)
        XCTAssertEqual(last.region(full: photo).height, 3000 - 2 * 1024)
        XCTAssertEqual(last.bounds(full: photo).x + last.bounds(full: photo).width, 1, accuracy: 1e-12)
        XCTAssertEqual(DetailTiles.levelSize(full: (4001, 3001), level: 2).width, 2001)
    }

    /// A view the model got wrong (nothing visible, not a number, outside the picture) asks for nothing.
    func testDegenerateViewsWantNoTiles() {
        XCTAssertTrue(DetailTiles.wanted(full: photo, level: 1, visible: (0.5, 0.5, 0, 0)).isEmpty)
        XCTAssertTrue(DetailTiles.wanted(full: photo, level: 1, visible: (.nan, 0.5, 0.1, 0.1)).isEmpty)
        XCTAssertTrue(DetailTiles.wanted(full: photo, level: 1, visible: (0.5, 0.5, .infinity, 0.1)).isEmpty)
        XCTAssertEqual(DetailTiles.wanted(full: photo, level: 1, visible: (-5, -5, 10, 10)).count, 12, "clamped to the picture")
        XCTAssertEqual(DetailTiles.level(full: photo, covering: .nan), 1)
    }

    func testATileIsUploadedInBandsThatTileItsBoundsWithoutGapOrOverlap() {
        // Level 1 of 4000 x 3000: the bottom row of tiles is 3000 - 2048 = 952 rows high.
        for tile in [DetailTiles.Tile(level: 1, column: 1, row: 0), .init(level: 1, column: 3, row: 2), .init(level: 4, column: 0, row: 0)] {
            let region = tile.region(full: photo), whole = tile.bounds(full: photo), count = tile.bandCount(full: photo)
            XCTAssertEqual(count, (region.height + DetailTiles.bandRows - 1) / DetailTiles.bandRows)
            XCTAssertEqual((0..<count).map { tile.bandRows($0, full: photo).count }.reduce(0, +), region.height, "every row once")
            var y = whole.y
            for band in 0..<count {
                let b = tile.bounds(full: photo, band: band)
                XCTAssertEqual(b.x, whole.x)
                XCTAssertEqual(b.width, whole.width)
                XCTAssertEqual(b.y, y, accuracy: 1e-12, "band \(band) of \(tile) starts where the one above ends")
                XCTAssertLessThanOrEqual(tile.bandRows(band, full: photo).count * region.width * 4, 1 << 20, "a band is 1 MiB at most")
                y += b.height
            }
            XCTAssertEqual(y, whole.y + whole.height, accuracy: 1e-12, "the bands end where the tile does")
        }
        XCTAssertEqual(DetailTiles.Tile(level: 1, column: 3, row: 2).bandCount(full: photo), 8, "952 rows: seven full bands and one of 56")
        XCTAssertEqual(DetailTiles.Tile(level: 1, column: 3, row: 2).bandRows(7, full: photo), 896..<952)
        XCTAssertEqual(DetailTiles.Tile(level: 1, column: 0, row: 3).bandCount(full: photo), 0, "past the picture: no rows, no bands")
    }
}

final class DetailTilesCutFromWholeTests: XCTestCase {
    func testATileCutFromTheWholePictureCoversItsRegionLevelTimesAsLarge() {
        let full = (width: 4000, height: 3000)
        let first = DetailTiles.Tile(level: 2, column: 0, row: 0).sourceRegion(full: full)
        XCTAssertEqual([first.x, first.y, first.width, first.height], [0, 0, 2048, 2048])
        let last = DetailTiles.Tile(level: 2, column: 1, row: 1).sourceRegion(full: full)
        XCTAssertEqual([last.x, last.y, last.width, last.height], [2048, 2048, 1952, 952], "cut by the picture's edge")
        let own = DetailTiles.Tile(level: 1, column: 3, row: 2).sourceRegion(full: full)
        XCTAssertEqual([own.x, own.y, own.width, own.height], [3072, 2048, 928, 952])
    }

    func testAPhotoIsHeldWholeOnlyWithinThreeQuartersOfTheBudget() {
        XCTAssertTrue(DetailTiles.canHoldWhole(full: (4000, 3000), budgetBytes: 256 << 20))
        XCTAssertTrue(DetailTiles.canHoldWhole(full: (4000, 3000), budgetBytes: 64 << 20), "46 MiB of 48")
        XCTAssertFalse(DetailTiles.canHoldWhole(full: (4000, 3000), budgetBytes: 32 << 20))
        XCTAssertFalse(DetailTiles.canHoldWhole(full: (10000, 10000), budgetBytes: 256 << 20))
        XCTAssertFalse(DetailTiles.canHoldWhole(full: (0, 3000), budgetBytes: 256 << 20))
    }
}
