import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The kiosk's idle timeout, replayed through the real binary on its virtual
/// clock: a script of silence shows what a kiosk left alone shows. Window
/// 1280 x 800 points: strip photos from (16, 604), the Playground button at
/// the title's right end (about 776...906 x 18...54), the playground's
/// square at the window's centre.
final class KioskTests: XCTestCase {
    /// Scrolls the strip one photo, opens a photo, zooms it, moves the focus:
    /// everything the reset must undo. The last input is at 1600 ms.
    let busyVisitor = """
        size 1280 800
        at 100 wheel 0 -1 300 700
        at 800 down 1 300 700
        at 860 up 1
        at 1500 key +
        at 1600 key Tab
        """

    private func assertAtStart(_ s: JSONNode, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(s["screen"]?.string, "overview", message, file: file, line: line)
        XCTAssertTrue(s["enlarged"]?.isNull ?? false, "big photo closed \(message)", file: file, line: line)
        XCTAssertTrue(s["photo"]?.isNull ?? false, "back in its slot \(message)", file: file, line: line)
        XCTAssertEqual(s["zoom"]?.number, 1, message, file: file, line: line)
        XCTAssertEqual(s["strip", "offset"]?.number, 0, "strip at its start \(message)", file: file, line: line)
        XCTAssertTrue(s["focus"]?.isNull ?? false, "focus cleared \(message)", file: file, line: line)
        XCTAssertEqual(s["animating"]?.bool, false, message, file: file, line: line)
    }

    func testNoInputForTheIdleTimeoutGoesBackToTheOverview() throws {
        let r = try Replay.run(busyVisitor + "\nat 6500 state\nat 8500 state", arguments: ["--idle", "5"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let before = try r.state(at: 6500)
        XCTAssertNotNil(before["enlarged"]?.string, "4.9 s of quiet: still as the visitor left it")
        XCTAssertEqual(before["zoom"]?.number, 1.5)
        XCTAssertNotEqual(before["strip", "offset"]?.number, 0)
        XCTAssertFalse(before["focus"]?.isNull ?? true)
        XCTAssertEqual(r.events("idle").map { $0["t"]?.number }, [6600], "once, 5 s after the last input")
        assertAtStart(try r.state(at: 8500), "2 s after the reset")
    }

    func testEveryInputStartsTheQuietSpellAgain() throws {
        let r = try Replay.run(busyVisitor + "\nat 5000 key Right\nat 9000 state\nat 12000 state", arguments: ["--idle", "5"])
        XCTAssertNotNil(try r.state(at: 9000)["enlarged"]?.string, "the key at 5 s moved the deadline to 10 s")
        XCTAssertEqual(r.events("idle").map { $0["t"]?.number }, [10000])
        assertAtStart(try r.state(at: 12000))
    }

    func testThePlaygroundIsResetAndLeftForTheOverview() throws {
        let moved = Gesture.drag(from: (640, 400), to: (400, 250), start: 200, duration: 300)
        let r = try Replay.run("size 1280 800\n" + moved + "\nat 2000 state\nat 8000 state\n"
                               + Gesture.tap(840, 35, at: 9000) + "\nat 10000 state",
                               arguments: ["--playground", "--idle", "5"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let played = try XCTUnwrap(try r.state(at: 2000)["playground", "square", "center"]?.numbers)
        XCTAssertEqual(played[0], 400, accuracy: 1, "the square was dragged away")
        assertAtStart(try r.state(at: 8000))
        XCTAssertEqual(r.events("reset").count, 1, "the playground was put back")
        let again = try r.state(at: 10000)
        XCTAssertEqual(again["screen"]?.string, "playground", "the next visitor opens it")
        XCTAssertEqual(again["playground", "square", "center"]?.numbers ?? [], [640, 400], "as new")
        XCTAssertEqual(again["playground", "square", "scale"]?.number, 1)
    }

    func testAStuckTouchDoesNotKeepTheKioskFromResettingOrWedgeIt() throws {
        let r = try Replay.run("size 1280 800\n" + Gesture.tap(300, 700, at: 100) + "\nat 1000 down 2 400 300\nat 7000 state\n"
                               + Gesture.tap(300, 700, at: 8000) + "\nat 9500 state", arguments: ["--idle", "5"])
        assertAtStart(try r.state(at: 7000), "the finger never lifted")
        XCTAssertEqual(try r.state(at: 9500)["enlarged"]?.string, "lisbon", "a new touch works as before")
    }

    func testAKioskResetsAfterTwoMinutesByDefaultAndADesktopWindowNever() throws {
        let script = "size 1280 800\n" + Gesture.tap(300, 700, at: 100) + "\nat 120000 state\nat 121500 state"
        let kiosk = try Replay.run(script, arguments: ["--kiosk"])
        XCTAssertEqual(try kiosk.state(at: 120000)["enlarged"]?.string, "lisbon")
        assertAtStart(try kiosk.state(at: 121500))
        let desktop = try Replay.run(script)
        XCTAssertEqual(try desktop.state(at: 121500)["enlarged"]?.string, "lisbon")
        XCTAssertTrue(desktop.events("idle").isEmpty)
        let off = try Replay.run(script, arguments: ["--kiosk", "--idle", "0"])
        XCTAssertTrue(off.events("idle").isEmpty, "--idle 0 turns it off")
    }

    func testABadIdleValueIsAUsageError() throws {
        let r = try Replay.run("size 1280 800\nat 0 state", arguments: ["--idle", "soon"])
        XCTAssertEqual(r.status, ExitCode.badInput.rawValue)
        XCTAssertTrue(r.stderr.contains("--idle expects seconds from 0 (off) to 86400, got 'soon'"), r.stderr)
    }
}
