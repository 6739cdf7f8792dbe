import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The keyboard focus and a screen reader's actions, replayed on the model
/// in-process (`ModelReplay`). A reader's click and focus are inputs of
/// their own (`reader click|focus ID`): recorded by the driver, replayed
/// to the same state.
final class FocusTests: XCTestCase {
    func testArrowsAndTabMoveTheFocusAndReturnOpens() throws {
        let r = try ModelReplay("size 1280 800\nat 100 key Right\nat 200 key Right\nat 300 state\nat 400 key Return\nat 1500 state"
                                + "\nat 1600 key Escape\nat 2600 key Down\nat 2700 state\nat 2800 key Tab\nat 2900 state")
        XCTAssertEqual(try r.state(at: 300)["focus"]?.string, "strip:reykjavik")
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, "reykjavik")
        XCTAssertEqual(try r.state(at: 2700)["focus"]?.string, "row:reykjavik", "closing gave the focus back to the strip photo")
        XCTAssertEqual(try r.state(at: 2900)["focus"]?.string, "row:kyoto")
    }

    func testTabGoesRoundThePlaygroundButtonThePhotosAndTheRows() throws {
        let tabs = (0..<17).map { "at \(100 + $0 * 10) key Tab\n" }.joined()
        let r = try ModelReplay("size 1280 800\nat 50 key Tab\nat 60 state\nat 70 key Tab\nat 80 state\n" + tabs + "at 400 state")
        XCTAssertEqual(try r.state(at: 60)["focus"]?.string, "button:playground")
        XCTAssertEqual(try r.state(at: 80)["focus"]?.string, "strip:lisbon")
        // 2 + 17 Tabs: the button, 8 photos, 8 rows, and round to the button and the first photo.
        XCTAssertEqual(try r.state(at: 400)["focus"]?.string, "strip:lisbon")
    }

    func testAReadersFocusMovesTheFocusAndRevealsThePhoto() throws {
        let r = try ModelReplay("size 1280 800\nat 100 reader focus strip:bergen\nat 1500 state\nat 1600 reader focus nothing:here\nat 1700 state")
        let s = try r.state(at: 1500)
        XCTAssertEqual(s["focus"]?.string, "strip:bergen")
        XCTAssertEqual(s["strip", "offset"]?.number ?? 0, 3 * (709.6 + 12), accuracy: 0.5, "scrolled to it")
        XCTAssertEqual(try r.state(at: 1700)["focus"]?.string, "strip:bergen", "no such element: the focus stays")
        XCTAssertTrue(r.events("open").isEmpty, "a focus opens nothing")
    }

    func testAReadersClickActsAsATapOnTheElement() throws {
        let r = try ModelReplay("size 1280 800\nat 100 reader click strip:reykjavik\nat 1500 state\nat 1600 reader click gone\nat 1700 state")
        XCTAssertEqual(r.events("open").map { $0["trip"]?.string }, ["reykjavik"])
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, "reykjavik")
        XCTAssertEqual(try r.state(at: 1700)["enlarged"]?.string, "reykjavik", "a click on nothing does nothing")
    }

    /// A reader's set of the big photo's value (Orca's increment) zooms it,
    /// within the zoom's range; a number set on an element without one does nothing.
    func testAReadersSetOfTheZoomZoomsTheBigPhoto() throws {
        let r = try ModelReplay("size 1280 800\nat 100 reader click strip:reykjavik\nat 1500 reader set 2.5 big-photo\nat 2500 state"
                                + "\nat 2600 reader set 99 big-photo\nat 3600 state\nat 3700 reader set 1 row:kyoto\nat 4700 state")
        XCTAssertEqual(try r.state(at: 2500)["zoom"]?.number, 2.5)
        // The zoom goes as far as 4x of the picture's own pixels (7.19x for the bundled 1600-pixel photo).
        let ceiling = try XCTUnwrap(r.state(at: 3600)["photo", "ceiling"]?.number)
        XCTAssertGreaterThan(ceiling, 4)
        XCTAssertEqual(try r.state(at: 3600)["zoom"]?.number, ceiling, "no further than the zoom goes")
        XCTAssertEqual(try r.state(at: 4700)["zoom"]?.number, ceiling)
        XCTAssertEqual(try ReplayScript.parse("at 0 reader set 2 big-photo", file: "s").steps.first?.command,
                       .reader(.setValue(element: "big-photo", value: 2)))
        XCTAssertThrowsError(try ReplayScript.parse("at 0 reader set big-photo", file: "s"), "a set without its number")
    }

    /// What `--record` writes of a reader's actions replays to the same state.
    func testAReadersActionsAreRecordedAndReplayToTheSameState() throws {
        let app = AppModel(catalog: try TripCatalog.load(file: ModelReplay.bundledTrips), size: CGSize(width: 1280, height: 800), mode: .windowed)
        var recording = ""
        let driver = AppDriver(app: app, recorder: ReplayRecorder(launchSize: app.size) { recording += $0 })
        // The live loop's times, on the replay's frames (springs step on a fixed timestep either way).
        var t = 0.0
        func run(until time: Double) {
            while t + ReplayRunner.frame < time { t += ReplayRunner.frame; driver.advance(to: t) }
            t = time
            driver.advance(to: t)
        }
        driver.handle(.resized(app.size), at: 0)
        run(until: 0.5)
        driver.handle(.reader(.focus(element: "row:kyoto")), at: 0.5)
        run(until: 0.75)
        driver.handle(.reader(.click(element: "row:kyoto")), at: 0.75)
        run(until: 1.5)
        driver.handle(.reader(.setValue(element: "big-photo", value: 2)), at: 1.5)
        run(until: 2.5)
        XCTAssertTrue(recording.contains("at 500   reader focus row:kyoto\n"), recording)
        XCTAssertTrue(recording.contains("at 750   reader click row:kyoto\n"), recording)
        XCTAssertTrue(recording.contains("at 1500  reader set 2.0 big-photo\n"), recording)
        let live = app.snapshot()

        let replayed = try ModelReplay(recording + "at 2500 state")
        XCTAssertEqual(replayed.printed.last, live, "the replay's snapshot is the live one")
        XCTAssertEqual(try replayed.state(at: 2500)["enlarged"]?.string, "kyoto")
        XCTAssertEqual(try replayed.state(at: 2500)["zoom"]?.number, 2)
    }
}
