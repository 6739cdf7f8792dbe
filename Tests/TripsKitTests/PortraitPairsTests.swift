import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// Two portrait photos of a trip taken within `PortraitPairs.window` of
/// each other share the attract loop's landscape screen, each whole in
/// its half (docs/KIOSK.md, "Portrait pairs").
final class PortraitPairsTests: XCTestCase {
    private static let portrait = 0.75, landscape = 1.5

    /// Rome: a and b a minute apart (a pair), c wide, d and e five minutes
    /// apart (too far); Oslo: f and g half a minute apart (a pair).
    static let catalog = TripCatalog(trips: [
        Trip(id: "rome", city: "Rome", nights: 2, photoPaths: ["a", "b", "c", "d", "e"].map { "/p/rome/\($0).jpg" }, photoShapes: [
            PhotoShape(taken: 0, aspect: portrait), PhotoShape(taken: 60, aspect: portrait), PhotoShape(taken: 90, aspect: landscape),
            PhotoShape(taken: 100, aspect: portrait), PhotoShape(taken: 400, aspect: portrait),
        ]),
        Trip(id: "oslo", city: "Oslo", nights: 1, photoPaths: ["/p/oslo/f.jpg", "/p/oslo/g.jpg"], photoShapes: [
            PhotoShape(taken: 1000, aspect: portrait), PhotoShape(taken: 1030, aspect: portrait),
        ]),
    ])
    let kiosk = ["--kiosk", "--idle", "5", "--slide", "2"]
    /// The loop starts at 7 s; a slide every 2 s.
    let script = "size 1280 800\nat 7500 state\nat 9100 state\nat 11100 state\nat 13100 state\nat 15100 state"

    func testTheRule() {
        let p = Self.portrait
        func slides(_ shapes: [PhotoShape]) -> [[Int]] {
            PortraitPairs.slides(shapes, count: shapes.count).map { [$0.first] + ($0.second.map { [$0] } ?? []) }
        }
        XCTAssertEqual(slides([PhotoShape(taken: 0, aspect: p), PhotoShape(taken: 180, aspect: p)]), [[0, 1]], "three minutes apart still pair")
        XCTAssertEqual(slides([PhotoShape(taken: 181, aspect: p), PhotoShape(taken: 0, aspect: p)]), [[0], [1]], "a second more does not")
        XCTAssertEqual(slides([PhotoShape(taken: 0, aspect: p), PhotoShape(taken: 1, aspect: 1)]), [[0], [1]], "a square is no portrait")
        XCTAssertEqual(slides([PhotoShape(taken: 0, aspect: p), PhotoShape(taken: nil, aspect: p)]), [[0], [1]], "no own time, no pair")
        XCTAssertEqual(slides([PhotoShape(taken: 0, aspect: nil), PhotoShape(taken: 1, aspect: p)]), [[0], [1]], "no shape, no pair")
        XCTAssertEqual(slides((0..<3).map { PhotoShape(taken: Double($0), aspect: p) }), [[0, 1], [2]], "a photo is in one pair at most")
        XCTAssertEqual(PortraitPairs.slides([], count: 2).count, 2, "unknown shapes (a trips file): every photo alone")
        XCTAssertEqual(slides([PhotoShape(taken: 0, aspect: p, kind: .clip), PhotoShape(taken: 1, aspect: p)]), [[0], [1]], "a clip plays alone")
        XCTAssertEqual(slides([PhotoShape(taken: 0, aspect: p, kind: .live), PhotoShape(taken: 1, aspect: p)]), [[0, 1]], "a Live Photo is a photo")
    }

    /// The library reader hands each photo's own time and upright shape to
    /// the trips, from the files' headers (and from the cache next time).
    func testALibrarysTripsCarryEachPhotosTimeAndShape() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pairs-\(UUID().uuidString)/Porto")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:00:00", offset: "+00:00").write(to: dir.appendingPathComponent("a.jpg"))
        // A PNG's header alone: 30 wide, 40 tall, no date.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 30, 0, 0, 0, 40,
                            8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: dir.appendingPathComponent("b.png"))
        let library = try PhotoLibrary.scan(dir.deletingLastPathComponent().path)
        let reading = CaptureTimeReading(photos: library.allPhotos, cache: .empty, timeZone: .current)
        let trip = try XCTUnwrap(library.catalog(times: reading.times, aspects: reading.aspects, timeZone: .current).trips.first)
        let shapes = Dictionary(uniqueKeysWithValues: zip(trip.photoPaths.map { ($0 as NSString).lastPathComponent }, trip.photoShapes))
        XCTAssertEqual(shapes["a.jpg"], PhotoShape(taken: Double(19855 * 86400 + 8 * 3600), aspect: 1600.0 / 1067))
        XCTAssertEqual(shapes["b.png"], PhotoShape(taken: nil, aspect: 0.75), "a file's time is no capture time: it pairs nothing")
    }

    private func pair(_ r: ModelReplay, at t: Int) throws -> [String]? {
        try r.state(at: t)["attract", "pair"]?.array.compactMap(\.string)
    }

    func testALandscapeKioskShowsThePairsSideBySide() throws {
        let r = try ModelReplay(script, arguments: kiosk, catalog: Self.catalog)
        XCTAssertEqual(try pair(r, at: 7500), ["a.jpg", "b.jpg"])
        XCTAssertEqual(try r.state(at: 7500)["attract", "zoom"]?.number, 1, "a pair stays still, each photo whole")
        XCTAssertEqual(try r.state(at: 9100)["attract", "photo"]?.string, "c.jpg")
        XCTAssertNil(try r.state(at: 9100)["attract", "pair"], "a lone photo's state has no pair")
        XCTAssertEqual(try r.state(at: 11100)["attract", "photo"]?.string, "d.jpg")
        XCTAssertEqual(try r.state(at: 13100)["attract", "photo"]?.string, "e.jpg")
        XCTAssertEqual(try pair(r, at: 15100), ["f.jpg", "g.jpg"])
        // The same catalog pairs the same way every run, whatever the platform decodes first.
        XCTAssertEqual(try ModelReplay(script, arguments: kiosk, catalog: Self.catalog).printed, r.printed)
    }

    func testNoPairsShowsEveryPhotoAlone() throws {
        let r = try ModelReplay(script, arguments: kiosk + ["--no-pairs"], catalog: Self.catalog)
        XCTAssertEqual(try r.state(at: 7500)["attract", "photo"]?.string, "a.jpg")
        XCTAssertEqual(try r.state(at: 9100)["attract", "photo"]?.string, "b.jpg")
        XCTAssertTrue(r.lines.allSatisfy { $0["attract", "pair"] == nil })
    }

    func testAPortraitScreenGetsNoPairs() throws {
        let r = try ModelReplay(script.replacingOccurrences(of: "size 1280 800", with: "size 800 1280"), arguments: kiosk, catalog: Self.catalog)
        XCTAssertEqual(try r.state(at: 9100)["attract", "photo"]?.string, "b.jpg")
        XCTAssertTrue(r.lines.allSatisfy { $0["attract", "pair"] == nil })
    }

    /// Both photos of a pair are awaited, the pair plays only once both are
    /// decoded, and each is drawn in its half.
    func testAPairWaitsForBothPhotosAndDrawsEachInItsHalf() throws {
        guard case .run(let options) = try LaunchOptions.parse(kiosk) else { throw XCTSkip("not a run") }
        let app = AppModel(launching: options, catalog: Self.catalog, size: CGSize(width: 1280, height: 800))
        let driver = AppDriver(app: app)
        driver.learn(PhotoReadiness(ready: [0]))
        var t = 0.0
        while t < 9 { t += 1.0 / 60; driver.advance(to: t) }
        XCTAssertEqual(app.screen, .overview, "b is not decoded yet")
        XCTAssertEqual(app.photosAwaited, [0, 1])
        driver.learn(PhotoReadiness(ready: [0, 1]))
        driver.advance(to: 9.1)
        XCTAssertEqual(app.attract?.current, Attract.Slide(trip: 0, photo: 0, pair: 1))
        let frames = AttractWalk(model: app, attract: try XCTUnwrap(app.attract), imageSize: { _ in CGSize(width: 3000, height: 4000) }).make()
            .flatMap { $0.drawing }.compactMap { command -> CGRect? in
                if case .photo(let photo, let frame, _, _, _, _) = command, photo < 2 { return frame }
                return nil
            }
        XCTAssertEqual(frames, [CGRect(x: 20, y: 0, width: 600, height: 800), CGRect(x: 660, y: 0, width: 600, height: 800)])
    }
}
