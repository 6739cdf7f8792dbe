import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// Every behaviour of docs/BEHAVIOUR.md, replayed on the model in this
/// process where the script asks nothing else of it (`Replay.run`), through
/// the real binary (SDL's offscreen driver and event queue) where it does,
/// and checked on the snapshots printed. Window 1280 x 800 points: the
/// big photo's frame is (16, 68, 890, 524); strip photo 0 is at (16, 604),
/// 709.6 x 180; list rows are 52 pt tall from (922, 16).
final class TripsBehaviourTests: XCTestCase {
    let big = [16.0, 68, 890, 524]
    let stripTap = "at 100 down 1 300 700\nat 160 up 1"
    /// Opened and settled by 1000 ms.
    var opened: String { "size 1280 800\n" + stripTap }

    private func assertFrame(_ node: JSONNode?, _ expected: [Double], accuracy: Double = 0.5, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        let got = node?.numbers ?? []
        XCTAssertEqual(got.count, 4, "frame \(message)", file: file, line: line)
        for (a, b) in zip(got, expected) { XCTAssertEqual(a, b, accuracy: accuracy, "frame \(got) vs \(expected) \(message)", file: file, line: line) }
    }

    func testTapOnAStripPhotoGrowsItIntoTheBigPhotoAndItsSlotStaysEmpty() throws {
        let r = try Replay.run(opened + "\nat 400 state\nat 1500 state")
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        XCTAssertEqual(r.events("open").first?["trip"]?.string, "lisbon")
        let moving = try r.state(at: 400)
        XCTAssertEqual(moving["enlarged"]?.string, "lisbon")
        XCTAssertEqual(moving["animating"]?.bool, true, "it travels on a 0.5 s spring")
        let frame = moving["photo", "frame"]?.numbers ?? []
        XCTAssertEqual(frame.count, 4, "the snapshot has the photo's frame")
        let height = frame.count == 4 ? frame[3] : .nan
        XCTAssertTrue(height > 180 && height < 524, "mid-way between slot and big frame: \(frame)")
        let settled = try r.state(at: 1500)
        assertFrame(settled["photo", "frame"], big)
        XCTAssertEqual(settled["animating"]?.bool, false)
        let labels = settled["a11y"]?.array.compactMap { $0["label"]?.string } ?? []
        XCTAssertEqual(labels.filter { $0 == "Photo of Lisbon" }.count, 1, "only the big photo; the slot is empty")
    }

    func testTapOnATripRowOpensItsPhotoAcrossTheWholeRowWidth() throws {
        // Kyoto is row 2 (y 120...172); tap near the row's right end, far from its text.
        let r = try Replay.run("size 1280 800\nat 100 down 1 1250 170\nat 160 up 1\nat 1500 state")
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, "kyoto")
    }

    func testPullPast120PointsPutsItBackAndShortOf120ItSpringsBack() throws {
        let short = try Replay.run(opened + "\n" + Gesture.drag(from: (400, 300), to: (400, 400), start: 1000, duration: 1000, every: 16)
                                   + "\nat 1990 state\nat 3000 state")
        let during = try short.state(at: 1990)
        XCTAssertEqual(during["drag"]?.numbers.last ?? 0, 100, accuracy: 2)
        assertFrame(during["photo", "frame"], [16, 68 + 100, 890, 524], accuracy: 2, "follows the finger down")
        let after = try short.state(at: 3000)
        XCTAssertEqual(after["enlarged"]?.string, "lisbon", "100 pt springs back")
        XCTAssertEqual(after["strip", "offset"]?.number, 0, "a drag on the big photo never scrolls the strip")
        assertFrame(after["photo", "frame"], big, "back at its big frame")
        XCTAssertTrue(short.events("close").isEmpty)

        let long = try Replay.run(opened + "\n" + Gesture.drag(from: (400, 300), to: (400, 520), start: 1000, duration: 1000, every: 16)
                                  + "\nat 3500 state")
        XCTAssertEqual(long.events("close").first?["trip"]?.string, "lisbon", "220 pt closes")
        let closed = try long.state(at: 3500)
        XCTAssertTrue(closed["enlarged"]?.isNull ?? false)
        XCTAssertTrue(closed["photo"]?.isNull ?? false, "back in the strip")
    }

    func testSlowPullOf100StaysButAFlickOf100ClosesThroughThePredictedEnd() throws {
        let slow = try Replay.run(opened + "\n" + Gesture.drag(from: (400, 300), to: (400, 400), start: 1000, duration: 1000, every: 16)
                                  + "\nat 3000 state")
        XCTAssertEqual(try slow.state(at: 3000)["enlarged"]?.string, "lisbon", "100 pt at 100 pt/s stays open")
        let flick = try Replay.run(opened + "\n" + Gesture.drag(from: (400, 300), to: (400, 400), start: 1000, duration: 33, every: 8)
                                   + "\nat 3000 state")
        XCTAssertEqual(flick.events("close").count, 1, "100 pt at 3000 pt/s: the predicted end passes 400 pt")
    }

    func testPullUpwardDoesNotMoveThePhoto() throws {
        let r = try Replay.run(opened + "\n" + Gesture.drag(from: (400, 400), to: (400, 250), start: 1000, duration: 500, every: 16, lift: false)
                               + "\nat 1510 state\nat 1600 up 1\nat 2500 state")
        assertFrame(try r.state(at: 1510)["photo", "frame"], big, "never up")
        XCTAssertEqual(try r.state(at: 2500)["enlarged"]?.string, "lisbon")
    }

    func testPinchTo2Point5ThenASecondPinchContinuesFrom2Point5() throws {
        let first = Gesture.pinch(center: (460, 330), startGap: 100, endGap: 250, start: 1000)
        let second = Gesture.pinch(center: (460, 330), startGap: 100, endGap: 120, start: 2000, duration: 200)
        let r = try Replay.run(opened + "\n" + first + "\nat 1150 state\nat 1800 state\n" + second + "\nat 2100 state\nat 2800 state")
        let mid = try r.state(at: 1150)
        XCTAssertGreaterThan(mid["pinch"]?.number ?? 1, 1.5, "drawn at zoom x pinch while the fingers move")
        let afterFirst = try r.state(at: 1800)
        XCTAssertEqual(afterFirst["zoom"]?.number ?? 0, 2.5, accuracy: 0.02)
        XCTAssertEqual(afterFirst["pinch"]?.number, 1, "every pinch starts again at 1")
        XCTAssertEqual(afterFirst["badge"]?.string, "2.5\u{00D7}")
        assertFrame(afterFirst["photo", "frame"], big, "the layout frame does not grow")
        let during = try r.state(at: 2100)
        XCTAssertEqual(during["photo", "scale"]?.number ?? 0, 2.5 * (during["pinch"]?.number ?? 0), accuracy: 0.02)
        XCTAssertEqual(try r.state(at: 2800)["zoom"]?.number ?? 0, 3.0, accuracy: 0.02, "2.5 x 1.2: continues from 2.5")
    }

    func testZoomIsClampedTo4xOfThePicturesPixelsAnd1WhenTheFingersLift() throws {
        // Lisbon's 1600 x 1000 photo fills the 890 x 524 card at 890/1600
        // points a pixel: 4 points a pixel is 4 x 1600/890 = 7.19x.
        let up = try Replay.run(opened + "\n" + Gesture.pinch(center: (460, 330), startGap: 60, endGap: 400, start: 1000) + "\nat 2000 state\n"
                                + Gesture.pinch(center: (460, 330), startGap: 60, endGap: 400, start: 2500) + "\nat 3500 state")
        let s = try up.state(at: 2000)
        XCTAssertEqual(s["zoom"]?.number ?? 0, 400.0 / 60, accuracy: 0.05, "6.7x: past the old 4x")
        XCTAssertEqual(s["photo", "ceiling"]?.number ?? 0, 4 * 1600 / 890, accuracy: 0.01)
        let deepest = try up.state(at: 3500)
        XCTAssertEqual(deepest["zoom"]?.number ?? 0, 4 * 1600 / 890, accuracy: 0.01, "clamped to 4 points a picture pixel")
        XCTAssertEqual(deepest["badge"]?.string, "7.2\u{00D7}")
        let down = try Replay.run(opened + "\n" + Gesture.pinch(center: (460, 330), startGap: 300, endGap: 80, start: 1000) + "\nat 2000 state")
        let d = try down.state(at: 2000)
        XCTAssertEqual(d["zoom"]?.number, 1)
        XCTAssertTrue(d["badge"]?.isNull ?? false, "no badge at 1x")
    }

    func testTwoTapsZoomTo2xThen1xAndThePhotoStaysOpen() throws {
        let r = try Replay.run(opened + "\n" + Gesture.tap(460, 330, at: 1000) + "\n" + Gesture.tap(460, 330, at: 1150)
                               + "\nat 1900 state\n" + Gesture.tap(460, 330, at: 2000) + "\n" + Gesture.tap(460, 330, at: 2150) + "\nat 2900 state")
        let zoomed = try r.state(at: 1900)
        XCTAssertEqual(zoomed["zoom"]?.number, 2)
        XCTAssertEqual(zoomed["badge"]?.string, "2.0\u{00D7}")
        XCTAssertEqual(zoomed["enlarged"]?.string, "lisbon", "two taps never close it")
        let back = try r.state(at: 2900)
        XCTAssertEqual(back["zoom"]?.number, 1)
        XCTAssertEqual(back["enlarged"]?.string, "lisbon")
        XCTAssertTrue(r.events("close").isEmpty)
    }

    func testOneTapClosesOnlyOnceNoSecondTapCanFollow() throws {
        let r = try Replay.run(opened + "\n" + Gesture.tap(460, 330, at: 1000) + "\nat 1200 state\nat 1500 state")
        XCTAssertEqual(try r.state(at: 1200)["enlarged"]?.string, "lisbon", "not at lift: a second tap could still come")
        XCTAssertTrue(try r.state(at: 1500)["enlarged"]?.isNull ?? false, "closed after the 0.3 s window")
        let close = try XCTUnwrap(r.events("close").first?["t"]?.number)
        XCTAssertGreaterThanOrEqual(close, 1060 + 300, "the single tap waits out the double-tap window")
    }

    func testZoomGoesBackTo1WhenAnotherPhotoIsEnlarged() throws {
        let r = try Replay.run(opened + "\n" + Gesture.tap(460, 330, at: 1000) + "\n" + Gesture.tap(460, 330, at: 1150)
                               + "\nat 1900 state\nat 2000 key Escape\n" + "at 3000 down 1 1250 170\nat 3060 up 1\nat 4000 state")
        XCTAssertEqual(try r.state(at: 1900)["zoom"]?.number, 2)
        let other = try r.state(at: 4000)
        XCTAssertEqual(other["enlarged"]?.string, "kyoto")
        XCTAssertEqual(other["zoom"]?.number, 1)
    }

    func testWhileZoomedOneFingerPansInsteadOfPulling() throws {
        let r = try Replay.run(opened + "\n" + Gesture.tap(460, 330, at: 1000) + "\n" + Gesture.tap(460, 330, at: 1150)
                               + "\n" + Gesture.drag(from: (460, 330), to: (460, 530), start: 2000, duration: 600, every: 16)
                               + "\nat 3500 state")
        let s = try r.state(at: 3500)
        XCTAssertEqual(s["enlarged"]?.string, "lisbon", "a 200 pt drag down while zoomed does not close")
        assertFrame(s["photo", "frame"], big, "the frame stays; the picture pans inside it")
        XCTAssertEqual(s["zoom"]?.number, 2)
        XCTAssertTrue(r.events("close").isEmpty)
    }

    func testEscapeClosesAndKeysZoom() throws {
        let r = try Replay.run(opened + "\nat 1000 key +\nat 1600 state\nat 1700 key +\nat 1800 key +\nat 1900 key +\nat 2000 key +\nat 2100 key +\nat 2600 state"
                               + "\nat 2700 key -\nat 3300 state\nat 3400 key 0\nat 4000 state\nat 4100 key Escape\nat 5000 state")
        XCTAssertEqual(try r.state(at: 1600)["zoom"]?.number, 1.5)
        XCTAssertEqual(try r.state(at: 2600)["zoom"]?.number, 4, "clamped at 4x")
        XCTAssertEqual(try r.state(at: 3300)["zoom"]?.number, 3.5)
        XCTAssertEqual(try r.state(at: 4000)["zoom"]?.number, 1)
        XCTAssertTrue(try r.state(at: 5000)["enlarged"]?.isNull ?? false, "Escape puts it back")
    }

    func testArrowsAndTabMoveAVisibleFocusAndEnterOpens() throws {
        let r = try Replay.run("size 1280 800\nat 100 key Right\nat 200 key Right\nat 300 state\nat 400 key Return\nat 1500 state"
                               + "\nat 1600 key Escape\nat 2600 key Down\nat 2700 state\nat 2800 key Space\nat 3800 state")
        XCTAssertEqual(try r.state(at: 300)["focus"]?.string, "strip:reykjavik")
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, "reykjavik")
        XCTAssertEqual(try r.state(at: 2700)["focus"]?.string, "row:reykjavik")
        XCTAssertEqual(try r.state(at: 3800)["enlarged"]?.string, "reykjavik")
    }

    func testHoldingAStripPhotoLiftsItAndDraggingItReordersAndTheOrderSurvivesARestart() throws {
        let folder = try temporaryFolder("trips-order"), dir = folder.url
        let state = dir.appendingPathComponent("state.json").path
        // Hold Lisbon 0.5 s, then drag it one photo to the right (721.6 pt).
        let script = "size 1280 800\n" + Gesture.drag(from: (300, 700), to: (300, 700), start: 100, duration: 400, every: 100, lift: false)
            + "\n" + Gesture.drag(from: (300, 700), to: (1030, 700), start: 600, duration: 600, every: 16, lift: false).split(separator: "\n").dropFirst().joined(separator: "\n")
            + "\nat 1250 state\nat 1300 up 1\nat 2500 state"
        let r = try Replay.run(script, arguments: ["--state", state])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        XCTAssertTrue(try r.state(at: 1250)["animating"]?.bool ?? false, "the others make room on springs")
        let order = try r.state(at: 2500)["order"]?.array.compactMap(\.string) ?? []
        XCTAssertEqual(Array(order.prefix(2)), ["reykjavik", "lisbon"])
        XCTAssertEqual(r.events("reorder").count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state), "saved")

        let again = try Replay.run("size 1280 800\nat 0 state", arguments: ["--state", state])
        XCTAssertEqual(Array((try again.state(at: 0)["order"]?.array.compactMap(\.string) ?? []).prefix(2)), ["reykjavik", "lisbon"],
                       "the new order stays after a restart")
    }

    func testACancelledPullSpringsBackAndDoesNotClose() throws {
        let r = try Replay.run(opened + "\n" + Gesture.drag(from: (400, 300), to: (400, 560), start: 1000, duration: 400, every: 16, lift: false)
                               + "\nat 1410 cancel 1\nat 1420 state\nat 2500 state")
        XCTAssertEqual(try r.state(at: 1420)["drag"]?.numbers ?? [], [0, 0], "the gesture state resets by itself")
        let after = try r.state(at: 2500)
        XCTAssertEqual(after["enlarged"]?.string, "lisbon", "a cancel never runs onEnded: no close")
        assertFrame(after["photo", "frame"], big, "and the photo springs back")
        XCTAssertTrue(r.events("close").isEmpty)
    }

    func testCtrlWheelZoomsAtThePointer() throws {
        let r = try Replay.run(opened + "\nat 1000 wheel 0 1 ctrl 460 330\nat 1050 wheel 0 1 ctrl 460 330\nat 1100 wheel 0 1 ctrl 460 330\nat 2000 state")
        let s = try r.state(at: 2000)
        XCTAssertEqual(s["zoom"]?.number ?? 0, 1.331, accuracy: 0.01, "three notches of 1.1x")
        XCTAssertEqual(s["badge"]?.string, "1.3\u{00D7}")
    }

    func testTheStripsEdgesResistLikeARubberBandAndSpringBack() throws {
        let r = try Replay.run("size 1280 800\n" + Gesture.drag(from: (300, 700), to: (600, 700), start: 100, duration: 300, every: 16, lift: false)
                               + "\nat 410 state\nat 900 up 1\nat 2000 state")
        let pulled = try XCTUnwrap(try r.state(at: 410)["strip", "offset"]?.number)
        XCTAssertLessThan(pulled, -50, "the strip follows past its edge")
        XCTAssertGreaterThan(pulled, -300, "but less than the finger: it resists")
        XCTAssertEqual(try r.state(at: 2000)["strip", "offset"]?.number, 0, "and springs back to its first photo")
    }

    func testAWheelOverTheStripMovesItOnePhotoANotch() throws {
        let r = try Replay.run("size 1280 800\nat 100 wheel 0 -1 400 700\nat 1500 state")
        XCTAssertEqual(try r.state(at: 1500)["strip", "offset"]?.number ?? 0, 709.6 + 12, accuracy: 0.5)
    }

    func testHiDPIScaleKeepsLayoutInPointsAndDrawsInPixels() throws {
        let folder = try temporaryFolder("trips-hidpi"), dir = folder.url
        let shot = dir.appendingPathComponent("hidpi.png").path
        let r = try Replay.run("size 640 400\nscale 2\nat 100 down 1 100 330\nat 160 up 1\nat 1500 state\nat 1500 shot \(shot)")
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let s = try r.state(at: 1500)
        XCTAssertEqual(s["enlarged"]?.string, "lisbon", "touches are in points")
        XCTAssertEqual(s["a11y"]?.array.first?["frame"]?.numbers.first, 16, "layout in points")
        let png = try XCTUnwrap(FileManager.default.contents(atPath: shot))
        // PNG IHDR: width and height, big-endian, at bytes 16 and 20.
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([w, h], [1280, 800], "drawn at 2 pixels per point")
    }

    func testCtrlArrowMovesTheFocusedTripWithoutAFinger() throws {
        let r = try Replay.run("size 1280 800\nat 100 key Right\nat 200 key ctrl+Right\nat 300 key ctrl+Right\nat 900 state")
        let s = try r.state(at: 900)
        XCTAssertEqual(Array((s["order"]?.array.compactMap(\.string) ?? []).prefix(3)), ["reykjavik", "kyoto", "lisbon"])
        XCTAssertEqual(s["focus"]?.string, "strip:lisbon", "the focus moves with it")
        XCTAssertEqual(r.events("reorder").count, 2)
    }

    func testSwipingTheStripScrollsAndSettlesOnAPhoto() throws {
        let r = try Replay.run("size 1280 800\n" + Gesture.drag(from: (700, 700), to: (400, 700), start: 100, duration: 300, every: 16)
                               + "\nat 2000 state")
        let offset = try XCTUnwrap(try r.state(at: 2000)["strip", "offset"]?.number)
        XCTAssertGreaterThan(offset, 1)
        let pitch = 709.6 + 12
        XCTAssertEqual(offset / pitch, (offset / pitch).rounded(), accuracy: 0.01, "settles with a photo at the leading edge")
        XCTAssertTrue(r.events("open").isEmpty, "a swipe is not a tap")
    }

    func testPlaygroundSquareEasesBackInsideTheWindowAndResetPutsItBack() throws {
        // The square starts centred at (640, 400); drag it 600 pt right so it leaves the window.
        let r = try Replay.run("size 1280 800\n" + Gesture.drag(from: (640, 400), to: (1240, 400), start: 100, duration: 300, every: 16)
                               + "\nat 1500 state\nat 1600 down 1 640 92\nat 1660 up 1\nat 2600 state", arguments: ["--playground"])
        let moved = try r.state(at: 1500)
        XCTAssertEqual(moved["screen"]?.string, "playground")
        let center = moved["playground", "square", "center"]?.numbers ?? []
        XCTAssertLessThanOrEqual(center.first ?? 9999, 1280 - 75 + 0.5, "wholly inside: centre at most 75 pt from the edge")
        XCTAssertGreaterThan(center.first ?? 0, 1000)
        XCTAssertEqual(r.events("reset").count, 1)
        let reset = try r.state(at: 2600)
        XCTAssertEqual(reset["playground", "square", "center"]?.numbers ?? [], [640, 400])
        XCTAssertEqual(reset["playground", "square", "scale"]?.number, 1)
    }

    func testPlaygroundCircleMustBeHeldBeforeItDrags() throws {
        // The circle rests at (640, 580). A quick drag does not move it; a held one does.
        let quick = try Replay.run("size 1280 800\n" + Gesture.drag(from: (640, 580), to: (740, 580), start: 100, duration: 200, every: 16)
                                   + "\nat 1000 state", arguments: ["--playground"])
        XCTAssertEqual(try quick.state(at: 1000)["playground", "circle", "center"]?.numbers ?? [], [640, 580])
        let held = try Replay.run("size 1280 800\nat 100 down 1 640 580\nat 700 state\n"
                                  + Gesture.drag(from: (640, 580), to: (740, 580), start: 700, duration: 200, every: 16).split(separator: "\n").dropFirst().joined(separator: "\n")
                                  + "\nat 1500 state", arguments: ["--playground"])
        XCTAssertEqual(try held.state(at: 700)["playground", "circle", "active"]?.bool, true, "red while held")
        let after = try held.state(at: 1500)
        XCTAssertEqual(after["playground", "circle", "center"]?.numbers.first ?? 0, 740, accuracy: 1)
        XCTAssertEqual(after["playground", "circle", "active"]?.bool, false, "blue at rest")
    }

    func testTheSameScriptGivesTheSameOutputEveryRun() throws {
        let script = opened + "\n" + Gesture.pinch(center: (460, 330), startGap: 100, endGap: 180, start: 1000)
            + "\n" + Gesture.drag(from: (400, 300), to: (400, 360), start: 1500, duration: 200) + "\nat 1600 state\nat 2500 state"
        let a = try Replay.run(script), b = try Replay.run(script)
        XCTAssertEqual(a.lines.map { JSONLine.write($0.value) }, b.lines.map { JSONLine.write($0.value) })
        XCTAssertGreaterThan(a.lines.count, 2)
    }

    func testAbsurdMouseAndWheelNumbersInAScriptAreTakenWithoutACrash() throws {
        let r = try Replay.run("size 1280 800\nat 0 mouse move 1e30 0\nat 5 mouse down 3e9 10\nat 10 wheel 1e30 0\nat 15 wheel 0 1 5e9 10\nat 20 mouse up 1 1\nat 30 state")
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        XCTAssertEqual(try r.state(at: 30)["screen"]?.string, "overview")
    }

    func testAMalformedScriptLineExitsWith2NamingTheLine() throws {
        let r = try Replay.run("size 1280 800\nat 0 state\nat 10 wiggle 1 2\n", ordered: false)
        XCTAssertEqual(r.status, ExitCode.badInput.rawValue)
        XCTAssertTrue(r.stderr.contains("script.txt:3: "), r.stderr)
    }

    /// A key SDL has no name for is refused like any other bad line; every
    /// key name SDL knows (here Page Down, which the app does nothing with,
    /// and a lower-case letter) is pressed.
    func testAnUnknownKeyNameExitsWith2NamingTheLineAndTheKeysItAccepts() throws {
        let r = try Replay.run("size 1280 800\nat 0 state\nat 100 key banana\n", ordered: false)
        XCTAssertEqual(r.status, ExitCode.badInput.rawValue)
        XCTAssertTrue(r.stderr.contains("script.txt:3: unknown key 'banana'; expected an SDL key name, such as 'Escape', "), r.stderr)
        XCTAssertTrue(r.stderr.contains("'Return'") && r.stderr.contains("'Keypad Enter'"), r.stderr)
        let known = try Replay.run("size 1280 800\nat 0 key PageDown\nat 10 key q\nat 20 state\n")
        XCTAssertEqual(known.status, ExitCode.done.rawValue, known.stderr)
    }

    func testTheSnapshotHasEveryFieldTripsMdLists() throws {
        let s = try Replay.run(opened + "\nat 1500 state").state(at: 1500)
        for key in ["t", "screen", "enlarged", "zoom", "pinch", "drag", "photo", "badge", "strip", "order", "focus", "a11y", "animating"] {
            XCTAssertNotNil(s[key], key)
        }
        XCTAssertNotNil(s["strip", "offset"])
        XCTAssertEqual(s["strip", "items"]?.array.first?["id"]?.string, "lisbon")
        XCTAssertNotNil(s["photo", "scale"])
        let a11y = s["a11y"]?.array ?? []
        XCTAssertTrue(a11y.contains { $0["label"]?.string == "Photo of Lisbon" && $0["traits"]?.array.contains { $0.string == "image" } == true })
        XCTAssertTrue(a11y.allSatisfy { $0["value"] != nil && $0["frame"]?.numbers.count == 4 })
    }

    /// A recording made where the compositor resized the window says so
    /// (`at T size W H`); the replay lays out anew, a touch lands on the new
    /// layout, and a shot has the new size.
    func testAResizeInTheScriptLaysOutAnewLikeTheCompositorsResize() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("trips-resize-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        // At 1280 x 800, (100, 300) is the empty big-photo area; at 640 x 400
        // it is strip photo 0 (16...292 x 232...384: the short window shares
        // its height evenly between the big photo and the strip).
        let r = try Replay.run("size 1280 800\nat 50 size 640 400\n" + Gesture.tap(100, 300, at: 100) + "\nat 1200 state\nat 1300 shot \(shot)")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.events("open").first?["trip"]?.string, "lisbon")
        let s = try r.state(at: 1200)
        assertFrame(s["strip", "items"]?.array.first?["frame"], [16, 232, 276, 152], "strip photo 0 at the bottom of a 640 x 400 window")
        let png = try XCTUnwrap(FileManager.default.contents(atPath: shot), "the shot was written")
        let side = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([side(16), side(20)], [640, 400], "the shot has the new size (PNG IHDR)")
    }
}
