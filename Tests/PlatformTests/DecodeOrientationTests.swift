import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// Every EXIF orientation comes out of a worker upright: a 64 x 32 JPEG
/// stored as red | green over blue | white, tagged with each orientation
/// in turn. Where the stored top-left (red) and top-right (green) quarters
/// must land is written out from the EXIF definitions, not computed.
final class DecodeOrientationTests: XCTestCase {
    private typealias Corner = DecodeFixtures.Corner

    /// Orientation tag -> where stored red (top-left) and green (top-right) go.
    private let expected: [UInt8: (red: Corner, green: Corner)] = [
        1: (.topLeft, .topRight),     // as stored
        2: (.topRight, .topLeft),     // mirrored left to right
        3: (.bottomRight, .bottomLeft), // turned 180°
        4: (.bottomLeft, .bottomRight), // mirrored top to bottom
        5: (.topLeft, .bottomLeft),   // transposed
        6: (.topRight, .bottomRight), // turned 90° clockwise
        7: (.bottomRight, .topRight), // transversed
        8: (.bottomLeft, .topLeft),   // turned 90° anticlockwise
    ]

    func testEveryOrientationIsDrawnUpright() throws {
        let temporary = try TemporaryFolder("trips-orientation"), folder = temporary.path
        defer { temporary.remove() }
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for (tag, corners) in expected.sorted(by: { $0.key < $1.key }) {
            let path = folder + "/orientation-\(tag).jpg"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try DecodeFixtures.quadrants(orientation: tag))))
            guard case .success(let decoded) = process.decode(path: path, target: (200, 200), deadline: 5) else {
                XCTFail("orientation \(tag): not decoded")
                continue
            }
            let p = decoded.pixels
            XCTAssertEqual([p.width, p.height], tag >= 5 ? [32, 64] : [64, 32], "orientation \(tag): upright size")
            XCTAssertEqual(DecodeFixtures.colour(p, at: corners.red), "red", "orientation \(tag): stored top-left quarter")
            XCTAssertEqual(DecodeFixtures.colour(p, at: corners.green), "green", "orientation \(tag): stored top-right quarter")
        }
    }
}
