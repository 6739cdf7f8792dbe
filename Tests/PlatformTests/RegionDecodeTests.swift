import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// Detail tiles through the real worker: a region of a JPEG at its own
/// resolution is the same pixels as that part of the whole picture
/// (ImageMagick decodes with the same libjpeg); photos without tiles say why.
final class RegionDecodeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-region").path }

    func testARegionIsThatPartOfThePicture() throws {
        let photo = try DecodeFixtures.convert(["-size", "2000x1500", "plasma:", "-seed", "3", "+noise", "Gaussian", "-quality", "90"],
                                               output: "plasma.jpg", in: folder)
        let region = DecodeRegion(level: 1, x: 1024, y: 1024, width: 976, height: 476) // the last tile: cut by both edges
        let tile = try DecoderProcess(executable: DecodeFixtures.trips).decode(path: photo, target: (976, 476), deadline: 10, region: region).get()
        XCTAssertEqual(tile.pixels.width, 976)
        XCTAssertEqual(tile.pixels.height, 476)
        XCTAssertEqual(tile.fullWidth, 2000)
        let expected = try DecodeFixtures.convert([photo, "-crop", "976x476+1024+1024", "+repage", "-depth", "8"], output: "part.rgba", in: folder)
        let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: expected)))
        XCTAssertEqual(reference.count, 976 * 476 * 4)
        var difference = 0
        for i in stride(from: 0, to: reference.count, by: 4) {
            for c in 0..<3 { difference += abs(Int(tile.pixels.base.load(fromByteOffset: i + c, as: UInt8.self)) - Int(reference[i + c])) }
        }
        let mean = Double(difference) / Double(976 * 476 * 3)
        XCTAssertLessThan(mean, 2, "mean difference per channel from ImageMagick's decode of that part")
    }

    func testPhotosWithoutTilesSayWhy() throws {
        let png = try DecodeFixtures.convert(["-size", "300x200", "plasma:"], output: "p.png", in: folder)
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let region = DecodeRegion(level: 1, x: 0, y: 0, width: 16, height: 16)
        guard case .failure(.refused(let why)) = process.decode(path: png, target: (16, 16), deadline: 5, region: region) else {
            return XCTFail("a PNG should have no tiles")
        }
        XCTAssertEqual(why, "detail tiles are decoded from JPEGs only, not PNG")
        let outside = DecodeRegion(level: 2, x: 100, y: 0, width: 100, height: 10) // the picture at 1/2 is 150 wide
        let jpeg = try DecodeFixtures.convert(["-size", "300x200", "plasma:"], output: "j.jpg", in: folder)
        guard case .failure(.decode(let message)) = process.decode(path: jpeg, target: (100, 10), deadline: 5, region: outside) else {
            return XCTFail("a region outside the picture was decoded")
        }
        XCTAssertTrue(message.contains("outside the 150x100 picture"), message)
    }

    /// A tile of an EXIF-turned JPEG is the same part of the upright picture
    /// as the whole decode shows: every orientation, two corners of each.
    func testTilesOfTurnedJPEGsAreUpright() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for tag: UInt8 in 1...8 {
            let path = folder + "/turned-\(tag).jpg"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try DecodeFixtures.quadrants(orientation: tag))))
            let whole = try process.decode(path: path, target: (200, 200), deadline: 5).get().pixels
            for (x, y) in [(0, 0), (whole.width / 2, whole.height / 2)] {
                let region = DecodeRegion(level: 1, x: x, y: y, width: whole.width / 2, height: whole.height / 2)
                let tile = try process.decode(path: path, target: (region.width, region.height), deadline: 5, region: region).get().pixels
                XCTAssertEqual([tile.width, tile.height], [region.width, region.height], "orientation \(tag)")
                var difference = 0
                for ty in 0..<tile.height {
                    for tx in 0..<tile.width {
                        for c in 0..<3 {
                            let a = tile.base.load(fromByteOffset: ty * tile.pitch + tx * 4 + c, as: UInt8.self)
                            let b = whole.base.load(fromByteOffset: (y + ty) * whole.pitch + (x + tx) * 4 + c, as: UInt8.self)
                            difference += abs(Int(a) - Int(b))
                        }
                    }
                }
                let mean = Double(difference) / Double(tile.width * tile.height * 3)
                XCTAssertLessThan(mean, 4, "orientation \(tag), tile at \(x),\(y): mean difference from the whole picture")
            }
        }
    }
}
