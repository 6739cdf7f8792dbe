import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The Overview's hero at desktop and kiosk sizes (docs/BEHAVIOUR.md, "The
/// hero"), through the built binary on replay scripts.
final class HeroTests: XCTestCase {
    /// The hero's element in a snapshot's accessibility tree.
    private func heroElement(_ state: JSONNode) -> JSONNode? {
        state["a11y"]?.array.first { $0["traits"]?.array.compactMap(\.string) == ["button", "image"] && !($0["label"]?.string ?? "").hasPrefix("Photo of") }
    }

    func testWithNothingOpenTheBigPhotosRoomShowsTheFirstTripAsAButton() throws {
        let r = try Replay.run("size 1280 800\nat 100 state")
        let s = try r.state(at: 100)
        XCTAssertEqual(s["hero"]?.string, "lisbon", "the first trip of the strip")
        let hero = try XCTUnwrap(heroElement(s), "the hero is in the accessibility tree")
        XCTAssertEqual(hero["label"]?.string, "Lisbon", "named by its trip")
        XCTAssertEqual(hero["value"]?.string, "4 nights")
        XCTAssertEqual(hero["frame"]?.numbers, [16, 68, 890, 524], "the big photo's room")
        let labels = s["a11y"]?.array.compactMap { $0["label"]?.string } ?? []
        XCTAssertEqual(Array(labels.prefix(3)), ["Trips", "Playground", "Lisbon"], "read after the Playground button")
    }

    func testATapOnTheHeroOpensItsTripOnTheOpeningSpring() throws {
        // Right, Right: the focus is on Reykjavik's strip photo; a tap on the hero opens Reykjavik.
        let r = try Replay.run("size 1280 800\nat 100 key Right\nat 150 key Right\nat 200 state\nat 300 down 1 450 300\nat 360 up 1\nat 500 state\nat 1500 state")
        XCTAssertEqual(try r.state(at: 200)["hero"]?.string, "reykjavik", "the hero is the focused trip")
        XCTAssertEqual(r.events("open").map { $0["trip"]?.string }, ["reykjavik"])
        let moving = try r.state(at: 500)
        XCTAssertEqual(moving["enlarged"]?.string, "reykjavik")
        XCTAssertEqual(moving["animating"]?.bool, true, "it grows from its slot on the 0.5 s spring")
        XCTAssertEqual(moving["hero"]?.string, "reykjavik", "the hero stays under the photo on its way in")
        let open = try r.state(at: 1500)
        XCTAssertEqual(open["photo", "frame"]?.numbers, [16, 68, 890, 524])
        XCTAssertTrue(open["hero"]?.isNull == true, "no hero while a photo is open")
        XCTAssertNil(heroElement(open))
    }

    func testAClickOnTheHeroOpensTheFirstTrip() throws {
        let r = try Replay.run("size 1920 1080\nat 100 mouse down 700 400\nat 160 mouse up 700 400\nat 1500 state")
        XCTAssertEqual(r.events("open").map { $0["trip"]?.string }, ["lisbon"])
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, "lisbon")
    }

    func testReturnWithNothingFocusedOpensTheHerosTrip() throws {
        let r = try Replay.run("size 1280 800\nat 100 key Return\nat 1500 state")
        XCTAssertEqual(r.events("open").map { $0["trip"]?.string }, ["lisbon"])
    }

    func testTheHeroFollowsTheFocusAcrossStripAndList() throws {
        // Down lands on Lisbon's row, Down again on Reykjavik's, then Kyoto's.
        let r = try Replay.run("size 1280 800\nat 100 key Down\nat 150 state\nat 200 key Down\nat 250 key Down\nat 300 state\nat 400 key Up\nat 450 state")
        XCTAssertEqual(try r.state(at: 150)["hero"]?.string, "lisbon")
        let kyoto = try r.state(at: 300)
        XCTAssertEqual(kyoto["hero"]?.string, "kyoto")
        XCTAssertEqual(heroElement(kyoto)?["label"]?.string, "Kyoto")
        XCTAssertEqual(try r.state(at: 450)["hero"]?.string, "reykjavik")
    }

    func testClosingAPhotoLeavesItsTripAsTheHero() throws {
        // Open Kyoto from its row with the keyboard; Escape closes it; the focus (and the hero) is Kyoto's.
        let r = try Replay.run("size 1280 800\nat 100 key Down\nat 150 key Down\nat 200 key Down\nat 250 key Return\nat 1200 key Escape\nat 1300 state\nat 2500 state")
        XCTAssertEqual(r.events("open").map { $0["trip"]?.string }, ["kyoto"])
        XCTAssertEqual(try r.state(at: 1300)["hero"]?.string, "kyoto", "under the photo on its way back")
        let closed = try r.state(at: 2500)
        XCTAssertEqual(closed["hero"]?.string, "kyoto")
        XCTAssertEqual(closed["focus"]?.string, "strip:kyoto")
    }

    func testAtThePhoneSizeThereIsNoHeroAndTheRoomTakesNoTap() throws {
        let r = try Replay.run("size 402 874\nat 100 down 1 200 150\nat 160 up 1\nat 1000 key Return\nat 1500 state")
        let s = try r.state(at: 1500)
        XCTAssertTrue(s["hero"]?.isNull == true)
        XCTAssertNil(heroElement(s))
        XCTAssertTrue(r.events("open").isEmpty, "the lesson's empty room opens nothing")
    }
}

extension HeroTests {
    func testAfterATapClosesAPhotoTheHeroIsTheTripOpenedLast() throws {
        // A tap on Kyoto's row opens it; a tap on the photo closes it (after the double-tap window).
        let r = try Replay.run("size 1280 800\nat 100 down 1 1100 146\nat 160 up 1\nat 1200 down 1 450 300\nat 1260 up 1\nat 2800 state")
        XCTAssertEqual(r.events("close").map { $0["trip"]?.string }, ["kyoto"])
        XCTAssertEqual(try r.state(at: 2800)["hero"]?.string, "kyoto")
    }
}
