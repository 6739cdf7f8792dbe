import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The kiosk's attract loop, replayed on the model in-process
/// (`ModelReplay`) with `--kiosk --idle 5 --slide 2`: the reset at 5 s, the
/// loop at 7 s (Lisbon first, then Reykjavik), the next photo at 9 s.
final class AttractTests: XCTestCase {
    let kiosk = ["--kiosk", "--idle", "5", "--slide", "2"]

    func testAfterTheIdleResetTheTripsPhotosPlay() throws {
        let r = try ModelReplay("size 1280 800\nat 6500 state\nat 7500 state\nat 9100 state", arguments: kiosk)
        XCTAssertEqual(try r.state(at: 6500)["screen"]?.string, "overview", "the reset lands on the Overview first")
        XCTAssertEqual(try r.state(at: 7500)["screen"]?.string, "attract")
        XCTAssertEqual(try r.state(at: 7500)["attract", "trip"]?.string, "lisbon")
        XCTAssertEqual(try r.state(at: 9100)["attract", "trip"]?.string, "reykjavik")
        // On the first frame (60 a second of virtual time) after 5 s, and one slide's time later.
        XCTAssertEqual(r.events("idle").map { $0["t"]?.number }, [5017])
        XCTAssertEqual(r.events("attract").map { $0["t"]?.number }, [7017])
    }

    func testTheFirstTouchOnlyEndsIt() throws {
        let r = try ModelReplay("size 1280 800\nat 8000 down 1 300 700\nat 8060 up 1\nat 8100 state\nat 16000 key Return\nat 16100 state",
                                arguments: kiosk)
        XCTAssertEqual(try r.state(at: 8100)["screen"]?.string, "overview")
        XCTAssertEqual(r.events("attract-end").count, 2, "the touch and the key each ended a loop")
        XCTAssertTrue(r.events("open").isEmpty, "and opened nothing")
    }

    func testAReadersClickEndsItAsATouchDoes() throws {
        let r = try ModelReplay("size 1280 800\nat 8000 reader click attract\nat 8100 state", arguments: kiosk)
        XCTAssertEqual(try r.state(at: 8100)["screen"]?.string, "overview")
        XCTAssertEqual(r.events("attract-end").count, 1)
    }

    func testInputBeforeTheIdleTimePutsItOff() throws {
        let r = try ModelReplay("size 1280 800\nat 4000 key Tab\nat 8500 state\nat 11500 state", arguments: kiosk)
        XCTAssertEqual(try r.state(at: 8500)["screen"]?.string, "overview", "the quiet spell began again at 4 s")
        XCTAssertEqual(r.events("idle").map { $0["t"]?.number }, [9000])
        XCTAssertEqual(try r.state(at: 11500)["screen"]?.string, "attract")
    }

    func testADesktopWindowPlaysNoLoopUnlessAsked() throws {
        let plain = try ModelReplay("size 1280 800\nat 20000 state", arguments: ["--idle", "5"])
        XCTAssertEqual(try plain.state(at: 20000)["screen"]?.string, "overview")
        XCTAssertTrue(plain.events("attract").isEmpty)
        let asked = try ModelReplay("size 1280 800\nat 8000 state", arguments: ["--idle", "5", "--slide", "2"])
        XCTAssertEqual(try asked.state(at: 8000)["screen"]?.string, "attract")
    }
}
