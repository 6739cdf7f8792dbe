import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// Paging through a trip in the big photo, through the real binary: a trip
/// of five photos (a...e, taken in that order), opened from the keyboard at
/// 1280 x 800 points, where the big photo is about x 16...906, y 68...592
/// (a page is ~906 pt on: the frame's width and a 16 pt gap).
final class PagingTests: XCTestCase {
    private var folder: TemporaryFolder!
    var root: URL { folder.url }
    /// Down, Down, Return: the first trip opens on its first photo, with the focus on it.
    let open = "size 1280 800\nat 100 key Down\nat 150 key Down\nat 200 key Return"

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-paging")
        let jpeg = try Replay.bundledPhoto()
        for (i, name) in ["a", "b", "c", "d", "e"].enumerated() {
            try folder.write(ExifStamp.stamped(jpeg, dateTime: "2024:05:1\(2 + i) 10:00:00"), to: "2024-05-12 Lisbon/\(name).jpg")
        }
    }

    func run(_ script: String) throws -> Replay {
        let r = try Replay.run(open + "\n" + script, arguments: ["--photos", root.path])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        return r
    }

    func index(_ s: JSONNode) -> Double? { s["photo", "index"]?.number }
    func slide(_ s: JSONNode) -> Double { s["photo", "slide"]?.number ?? .nan }

    func testOpensOnTheFirstPageWithTheCountAndTheAccessibilityValue() throws {
        let s = try run("at 1200 state").state(at: 1200)
        XCTAssertEqual(index(s), 0)
        XCTAssertEqual(s["photo", "count"]?.number, 5)
        XCTAssertEqual(s["photo", "photos"]?.array.compactMap(\.string), ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        let big = s["a11y"]?.array.first { $0["label"]?.string == "Photo of Lisbon" }
        XCTAssertEqual(big?["value"]?.string, "Photo 1 of 5")
    }

    func testAFlickPagesOnASpringThatCarriesItsSpeed() throws {
        // 120 pt to the left in 60 ms: far short of half a page, but fast.
        let r = try run(Gesture.drag(from: (700, 330), to: (580, 330), start: 1200, duration: 60) + "\nat 1300 state\nat 2500 state")
        let moving = try r.state(at: 1300), settled = try r.state(at: 2500)
        XCTAssertEqual(index(moving), 1)
        XCTAssertGreaterThan(slide(moving), 0, "the new page is still coming in from the right")
        XCTAssertLessThan(slide(moving), 906 - 120, "it came on faster than the finger left it")
        XCTAssertEqual(index(settled), 1)
        XCTAssertEqual(slide(settled), 0)
        XCTAssertEqual(r.events("page").first?["index"]?.number, 1)
        XCTAssertEqual(r.events("page").first?["trip"]?.string, "2024-05-12 Lisbon")
        let big = settled["a11y"]?.array.first { $0["label"]?.string == "Photo of Lisbon" }
        XCTAssertEqual(big?["value"]?.string, "Photo 2 of 5")
    }

    func testASlowDragDecidesByDistance() throws {
        // Dragged, held still (no speed left), let go: 500 pt pages, 300 pt does not.
        let past = Gesture.drag(from: (800, 330), to: (300, 330), start: 1200, duration: 800, lift: false) + "\nat 2300 up 1\nat 3500 state"
        let short = Gesture.drag(from: (800, 330), to: (500, 330), start: 3600, duration: 800, lift: false)
            + "\nat 4500 state\nat 4700 up 1\nat 6000 state"
        let r = try run(past + "\n" + short)
        XCTAssertEqual(index(try r.state(at: 3500)), 1)
        let held = try r.state(at: 4500)
        XCTAssertEqual(slide(held), -300, accuracy: 0.5, "the page follows the finger")
        XCTAssertEqual(index(try r.state(at: 6000)), 1, "short of half-way: back")
        XCTAssertEqual(slide(try r.state(at: 6000)), 0)
    }

    func testTheEndsRubberBand() throws {
        // At the first page a drag to the right shows nothing before it: it follows less and less.
        let first = Gesture.drag(from: (300, 330), to: (700, 330), start: 1200, duration: 400, lift: false)
            + "\nat 1700 state\nat 1800 up 1\nat 2800 state"
        // Four keys to the last page, a fifth nudges it, a drag left resists.
        let last = "at 3000 key Right\nat 3100 key Right\nat 3200 key Right\nat 3300 key Right\nat 4300 key Right\nat 4350 state\nat 5500 state"
        let r = try run(first + "\n" + last)
        let pulled = try r.state(at: 1700)
        XCTAssertEqual(index(pulled), 0)
        XCTAssertGreaterThan(slide(pulled), 50)
        XCTAssertLessThan(slide(pulled), 400 * 0.6, "resisted, not one to one")
        XCTAssertEqual(slide(try r.state(at: 2800)), 0, "and springs back")
        let nudged = try r.state(at: 4350)
        XCTAssertEqual(index(nudged), 4)
        XCTAssertLessThan(slide(nudged), -1, "Right at the last page nudges it left")
        XCTAssertEqual(index(try r.state(at: 5500)), 4)
        XCTAssertEqual(slide(try r.state(at: 5500)), 0)
        XCTAssertEqual(r.events("page").compactMap { $0["index"]?.number }, [1, 2, 3, 4])
    }

    func testKeysPageBothWaysAndTheTileFollowsTheLastPage() throws {
        let r = try run("at 1200 key Right\nat 1300 key Right\nat 1400 key Left\nat 2400 state\nat 2500 key Escape\nat 3500 state")
        XCTAssertEqual(r.events("page").compactMap { $0["index"]?.number }, [1, 2, 1])
        XCTAssertEqual(index(try r.state(at: 2400)), 1)
        let closed = try r.state(at: 3500)
        XCTAssertTrue(closed["photo"]?.isNull ?? false)
        XCTAssertEqual(closed["strip", "items"]?.array.first?["photo"]?.string, "b.jpg", "the photo closed on is the trip's tile")
    }

    func testAVerticalPullStillCloses() throws {
        let r = try run(Gesture.drag(from: (460, 200), to: (470, 450), start: 1200, duration: 300) + "\nat 2500 state")
        XCTAssertTrue(try r.state(at: 2500)["enlarged"]?.isNull ?? false)
        XCTAssertTrue(r.events("page").isEmpty)
        XCTAssertEqual(r.events("close").count, 1)
    }

    func testWhileZoomedOneFingerPansAndPagesOnlyPastTheEdge() throws {
        // `+` zooms to 1.5x: the picture can pan ~222 pt before its right edge shows.
        let pan = Gesture.drag(from: (600, 330), to: (500, 330), start: 1200, duration: 400, lift: false) + "\nat 1700 up 1\nat 2600 state"
        let page = Gesture.drag(from: (800, 330), to: (100, 330), start: 2700, duration: 1000, lift: false)
            + "\nat 3750 state\nat 3800 up 1\nat 5000 state"
        let r = try run("at 1100 key +\n" + pan + "\n" + page)
        let panned = try r.state(at: 2600)
        XCTAssertEqual(index(panned), 0, "a pan inside the picture turns no page")
        XCTAssertEqual(panned["zoom"]?.number, 1.5)
        XCTAssertEqual(slide(panned), 0)
        let atEdge = try r.state(at: 3750)
        XCTAssertEqual(index(atEdge), 0)
        XCTAssertLessThan(slide(atEdge), -300, "past the edge the finger slides the page")
        XCTAssertGreaterThan(slide(atEdge), -700 + 100, "only what is past the edge")
        let paged = try r.state(at: 5000)
        XCTAssertEqual(index(paged), 1)
        XCTAssertEqual(paged["zoom"]?.number, 1, "a new page starts at zoom 1")
    }

    func testWithReducedMotionAPageFadesInInsteadOfSliding() throws {
        let r = try Replay.run(open + "\nat 1200 key Right\nat 1250 state\nat 1800 state", arguments: ["--photos", root.path, "--reduce-motion"])
        let turned = try r.state(at: 1250)
        XCTAssertEqual(index(turned), 1)
        XCTAssertEqual(slide(turned), 0, "no slide")
        XCTAssertLessThan(try XCTUnwrap(turned["photo", "opacity"]?.number), 1, "fading in")
        XCTAssertEqual(try r.state(at: 1800)["photo", "opacity"]?.number, 1)
    }

    func testTwoTouchpadFingersSwipingSidewaysPageWithTheirSpeed() throws {
        // 40 pt every 16 ms, 8 times: 320 pt (short of half a page) at 2500 pt/s.
        let swipe = Gesture.touchpadScroll(at: (460, 330), step: 40, count: 8, start: 1200)
        let r = try run(swipe + "\nat 1300 state\nat 2500 state")
        XCTAssertEqual(slide(try r.state(at: 1300)), -280, accuracy: 0.5, "the page follows the fingers")
        XCTAssertEqual(index(try r.state(at: 2500)), 1, "their speed carried it past half a page")
        XCTAssertEqual(r.events("page").first?["index"]?.number, 1)
        // The same distance with fingers that rested before lifting goes back.
        let slow = try run(Gesture.touchpadScroll(at: (460, 330), step: 40, count: 8, start: 1200, stop: false)
                           + "\nat 1400 scroll stop\nat 2500 state")
        XCTAssertEqual(index(try slow.state(at: 2500)), 0)
        XCTAssertEqual(slide(try slow.state(at: 2500)), 0, accuracy: 0.5)
        // Back the other way from the second page.
        let back = try run(swipe + "\n" + Gesture.touchpadScroll(at: (460, 330), step: -40, count: 8, start: 3000) + "\nat 4500 state")
        XCTAssertEqual(index(try back.state(at: 4500)), 0)
    }
}
