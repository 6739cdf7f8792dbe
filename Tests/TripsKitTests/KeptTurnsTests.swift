import Foundation
import TestSupport
import XCTest
import PhotoFile
@testable import TripsKit

/// The turns Trips keeps for photos their files cannot hold without loss,
/// on real files in a temporary folder.
final class KeptTurnsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-turns").path
    }

    private func photo(_ name: String, _ bytes: String = "not a real heic") -> String {
        let path = folder + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes.utf8)))
        return path
    }

    func testATurnIsKeptAcrossStartsAndFourTurnsForgetIt() throws {
        let heic = photo("a.heic"), turns = folder + "/state/trips/turns.json"
        var kept = KeptTurns(path: turns)
        XCTAssertNil(kept.problem, "no file yet is no problem")
        XCTAssertEqual(try kept.turn(heic, clockwise: true), 1)
        XCTAssertEqual(try kept.turn(heic, clockwise: true), 2)
        let again = KeptTurns(path: turns)
        XCTAssertEqual(again.quarters(of: heic), 2, "read back at the next start")
        XCTAssertEqual(again.table, [heic: 2])
        XCTAssertEqual(try kept.turn(heic, clockwise: false), 1)
        XCTAssertEqual(try kept.turn(heic, clockwise: false), 0)
        XCTAssertEqual(KeptTurns(path: turns).table, [:], "upright again: forgotten")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/state/trips"), ["turns.json"], "no temporary file left")
    }

    func testAPhotoChangedSinceIsNoLongerTurned() throws {
        let heic = photo("a.heic")
        var kept = KeptTurns(path: folder + "/turns.json")
        XCTAssertEqual(try kept.turn(heic, clockwise: false), 3)
        _ = photo("a.heic", "another picture, another size")
        XCTAssertEqual(KeptTurns(path: folder + "/turns.json").quarters(of: heic), 0)
    }

    func testADamagedFileIsNamedAndNeverWrittenOver() throws {
        let turns = photo("turns.json", "{\"version\": 1, \"turns\": [{\"path\": \"/x\", \"quarters\": 5}]}")
        var kept = KeptTurns(path: turns)
        XCTAssertEqual(kept.problem, turns + ":1: turns[0] must have a \"path\", a \"size\", a \"modified\" and \"quarters\" 1 to 3")
        XCTAssertThrowsError(try kept.turn(photo("a.heic"), clockwise: true))
        XCTAssertEqual(FileManager.default.contents(atPath: turns).map { String(decoding: $0, as: UTF8.self) },
                       "{\"version\": 1, \"turns\": [{\"path\": \"/x\", \"quarters\": 5}]}")
    }

    func testThePropertiesPanelsDimensionsCountAKeptTurn() throws {
        let heic = photo("a.heic")
        var kept = KeptTurns(path: folder + "/turns.json")
        XCTAssertEqual(try kept.turn(heic, clockwise: true), 1)
        let app = AppModel(catalog: TripCatalog(trips: [Trip(id: "t", city: "C", nights: 1, photoPaths: [heic])]),
                           size: CGSize(width: 1280, height: 800), mode: .windowed, keptTurns: kept)
        app.handle(.key(.returnKey, ctrl: false))
        app.handle(.key(.i, ctrl: false))
        var properties = PhotoProperties()
        (properties.width, properties.height) = (4000, 3000)
        XCTAssertTrue(app.learnProperties(properties, place: nil, of: heic))
        XCTAssertEqual(app.propertiesRows.first { $0.label == "Dimensions" }?.value, "3000 \u{00D7} 4000", "upright as shown: turned")
    }
}
