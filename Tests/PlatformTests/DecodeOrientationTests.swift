import Foundation
import Platform
import XCTest

/// Every EXIF orientation comes out of a worker upright: a 64 x 32 JPEG
/// stored as red | green over blue | white, tagged with each orientation
/// in turn. Where the stored top-left (red) and top-right (green) quarters
/// must land is written out from the EXIF definitions, not computed.
final class DecodeOrientationTests: XCTestCase {
    private enum Corner { case topLeft, topRight, bottomLeft, bottomRight }

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
        let folder = DecodeFixtures.temporaryFolder("trips-orientation")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for (tag, corners) in expected.sorted(by: { $0.key < $1.key }) {
            let path = folder + "/orientation-\(tag).jpg"
            FileManager.default.createFile(atPath: path, contents: Data(try DecodeFixtures.quadrants(orientation: tag)))
            guard case .success(let decoded) = process.decode(path: path, target: (200, 200), deadline: 5) else {
                XCTFail("orientation \(tag): not decoded")
                continue
            }
            let p = decoded.pixels
            XCTAssertEqual([p.width, p.height], tag >= 5 ? [32, 64] : [64, 32], "orientation \(tag): upright size")
            XCTAssertEqual(colour(p, at: corners.red), "red", "orientation \(tag): stored top-left quarter")
            XCTAssertEqual(colour(p, at: corners.green), "green", "orientation \(tag): stored top-right quarter")
        }
    }

    /// The dominant colour at the centre of a quarter of the picture.
    private func colour(_ p: SharedPixels, at corner: Corner) -> String {
        let x = corner == .topLeft || corner == .bottomLeft ? p.width / 4 : p.width * 3 / 4
        let y = corner == .topLeft || corner == .topRight ? p.height / 4 : p.height * 3 / 4
        let px = p.base.load(fromByteOffset: y * p.pitch + x * 4, as: (UInt8, UInt8, UInt8, UInt8).self)
        switch (px.0 > 128, px.1 > 128, px.2 > 128) {
        case (true, false, false): return "red"
        case (false, true, false): return "green"
        case (false, false, true): return "blue"
        case (true, true, true): return "white"
        default: return "rgb(\(px.0),\(px.1),\(px.2))"
        }
    }
}
