import Foundation
import TestSupport
import XCTest
import Geography
@testable import TripsKit

/// What main.swift used to work out itself, now where a test reaches it:
/// the saved order at start, the window asked for, the trips to show.
final class LaunchSetupTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try temporaryFolder("trips-launch") }

    // MARK: Saved order

    func testTheBundledTripsSaveInTheDefaultPlaceALibraryInItsOwnAndAReplayOrLonePhotosNowhere() {
        let environment = ["XDG_STATE_HOME": folder.path]
        var lines: [String] = []
        XCTAssertEqual(SavedOrder(stateFile: nil, replaying: false, opened: .trips, environment: environment) { lines.append($0) }.store?.path,
                       folder.appending("trips/state.json"))
        XCTAssertNil(SavedOrder(stateFile: nil, replaying: true, opened: .trips, environment: environment) { lines.append($0) }.store)
        XCTAssertNil(SavedOrder(stateFile: nil, replaying: false, opened: .photos, environment: environment) { lines.append($0) }.store)
        let pictures = SavedOrder(stateFile: nil, replaying: false, opened: .library("/home/ana/Pictures"), environment: environment) { lines.append($0) }
        let path = pictures.store?.path ?? ""
        XCTAssertTrue(path.hasPrefix(folder.appending("trips/orders/Pictures-")) && path.hasSuffix(".json"), path)
        XCTAssertNotEqual(path, SavedOrder(stateFile: nil, replaying: false, opened: .library("/srv/Pictures"), environment: environment) { lines.append($0) }.store?.path,
                          "each library its own order")
        XCTAssertNil(SavedOrder(stateFile: nil, replaying: true, opened: .library("/home/ana/Pictures"), environment: environment) { lines.append($0) }.store)
        XCTAssertEqual(SavedOrder(stateFile: "/x/s.json", replaying: true, opened: .library("/p"), environment: environment) { lines.append($0) }.store?.path,
                       "/x/s.json", "--state is saved to whatever runs")
        XCTAssertEqual(lines, [], "nothing there is nothing to say")
    }

    func testASavedOrderIsReadAndADamagedOneSetAsideWithALine() throws {
        let path = folder.appending("state.json")
        try OrderStore(path: path).save(order: ["oslo", "lisbon"])
        var lines: [String] = []
        let saved = SavedOrder(stateFile: path, replaying: false, opened: .trips, environment: [:]) { lines.append($0) }
        XCTAssertEqual(saved.order, ["oslo", "lisbon"])
        XCTAssertEqual(lines, [])
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        let damaged = SavedOrder(stateFile: path, replaying: false, opened: .trips, environment: [:]) { lines.append($0) }
        XCTAssertEqual(damaged.order, [])
        XCTAssertNotNil(damaged.store, "a damaged file was set aside: the next move saves a good one")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("trips: the saved order is damaged ("), lines[0])
    }

    func testAnUnreadableOrderIsLeftAloneAndNotSavedOver() throws {
        let path = folder.appending("state.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) // a folder: cannot be read as a file
        var lines: [String] = []
        let saved = SavedOrder(stateFile: path, replaying: false, opened: .trips, environment: [:]) { lines.append($0) }
        XCTAssertNil(saved.store)
        XCTAssertEqual(saved.order, [])
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].contains("changes to it will not be saved"), lines[0])
    }

    // MARK: Window plan

    func testALiveWindowIsTheFlagsAndAReplaysIsTheScriptsAtItsScale() throws {
        var options = LaunchOptions()
        options.windowSize = WindowSize(width: 1000, height: 700)
        options.windowMode = .kiosk
        let live = WindowPlan(options: options, script: nil)
        XCTAssertEqual(live.points, WindowSize(width: 1000, height: 700))
        XCTAssertEqual(live.pixels, live.points, "live, the display says the scale")
        XCTAssertEqual(live.pixelScale, 1)
        XCTAssertEqual(live.mode, .kiosk)
        XCTAssertTrue(live.fitsDisplay)
        let script = try ReplayScript.parse("size 641 401\nscale 1.5", file: "s")
        let replay = WindowPlan(options: options, script: script)
        XCTAssertEqual(replay.points, WindowSize(width: 641, height: 401))
        XCTAssertEqual(replay.pixels, WindowSize(width: 962, height: 602), "whole pixels, rounded")
        XCTAssertEqual(replay.mode, .windowed)
        XCTAssertFalse(replay.fitsDisplay, "a replay's window is the script's, however large")
    }

    func testAWindowSizeReadsWxHWithinItsSides() {
        XCTAssertEqual(WindowSize(parsing: "402X874"), WindowSize(width: 402, height: 874))
        XCTAssertNil(WindowSize(parsing: "199x800"))
        XCTAssertNil(WindowSize(parsing: "800x16385"))
        XCTAssertNil(WindowSize(parsing: "800"))
        XCTAssertEqual(WindowSize(width: 1280, height: 800).description, "1280x800")
        XCTAssertEqual(WindowSize(width: 641, height: 401).scaled(by: 1.5), WindowSize(width: 962, height: 602))
    }

    // MARK: The trips to show

    func testTheTripsComeFromTheOpenedPhotosThenAFileThenTheBundledOnes() throws {
        let trips = folder.appending("trips.json")
        try Data(#"{"trips": [{"id": "oslo", "city": "Oslo", "nights": 2, "photo": "oslo.jpg"}]}"#.utf8).write(to: URL(fileURLWithPath: trips))
        func launch(_ options: LaunchOptions, opened: TripCatalog? = nil, bundled: String? = nil) throws -> LaunchCatalog {
            try LaunchCatalog(options: options, opened: opened, bundledTrips: { bundled }, places: nil, environment: [:], verbose: false,
                              elapsed: { 0 }, log: { _ in })
        }
        var options = LaunchOptions()
        XCTAssertEqual(try launch(options, bundled: trips).ready?.trips.map(\.id), ["oslo"])
        XCTAssertThrowsError(try launch(options, bundled: nil)) { error in
            XCTAssertEqual("\(error)", "cannot find the bundled Assets/trips.json; pass --trips FILE or --photos DIR")
        }
        let opened = TripCatalog(trips: [Trip(id: "photos", city: "p", nights: nil, photoPaths: ["/p/a.jpg"])])
        XCTAssertEqual(try launch(options, opened: opened, bundled: trips).ready, opened)
        options.photosFolder = folder.appending("missing")
        XCTAssertThrowsError(try launch(options), "a library that is not there is said at once")
        options.photosFolder = folder.path
        let live = try launch(options)
        XCTAssertNil(live.ready, "a live library is listed while the display opens")
        XCTAssertEqual(live.library?.folder, folder.path)
    }
    func testAReplaysLibraryIsNamedByItsPlacesBeforeItIsRead() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        let library = folder.appending("roll")
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        for (name, day) in [("IMG_1.jpg", "12"), ("IMG_2.jpg", "13")] {
            try ExifStamp.stamped(jpeg, dateTime: "2024:05:\(day) 10:00:00", offset: "+00:00",
                                  gps: ExifStamp.GPS(latitude: 38.72, longitude: -9.14))
                .write(to: URL(fileURLWithPath: library + "/" + name))
        }
        let lisbon = City(id: "2267057", name: "Lisboa", region: "Lisbon", countryCode: "PT", country: "Portugal",
                          point: GeoPoint(latitude: 38.7167, longitude: -9.1333), population: 517_802)
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let places = PlaceIndexing(cities: { [lisbon] }, strings: .english, clock: { 0 }, verboseLog: { lines.all.append($0) })
        var options = LaunchOptions()
        options.photosFolder = library
        options.replayScript = folder.appending("script.txt")
        func launch(places: PlaceIndexing?) throws -> LaunchCatalog {
            try LaunchCatalog(options: options, opened: nil, bundledTrips: { nil }, places: places,
                              environment: ["XDG_CACHE_HOME": folder.appending("cache")], verbose: false, elapsed: { 0 }, log: { _ in })
        }
        XCTAssertEqual(try launch(places: places).ready?.trips.map(\.city), ["Lisboa"])
        XCTAssertEqual(lines.all, ["trips: places: 1 cities indexed in 0.0 ms"])
        XCTAssertNotEqual(try launch(places: nil).ready?.trips.map(\.city), ["Lisboa"], "without a gazetteer, trips keep their dates' names")
    }
}
