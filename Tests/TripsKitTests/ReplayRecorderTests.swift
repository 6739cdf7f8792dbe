import Foundation
import XCTest
import Gestures
@testable import TripsKit

/// `trips --record`'s writer: the header has the window's real size (what
/// the compositor gave, not what was asked for), a later resize is a script
/// line, and what it writes reads back as the script that happened.
final class ReplayRecorderTests: XCTestCase {
    /// Records `events` (each with its time in ms) and returns the text written.
    private func recording(launchSize: CGSize = CGSize(width: 1280, height: 800),
                           _ events: [(InputEvent, Double)]) -> String {
        var text = ""
        var recorder = ReplayRecorder(launchSize: launchSize) { text += $0 }
        for (event, ms) in events { recorder.record(event, atMilliseconds: ms) }
        return text
    }

    private func touch(_ phase: PointerPhase, _ x: CGFloat, _ y: CGFloat, at ms: Double) -> (InputEvent, Double) {
        (.pointer(PointerEvent(id: PointerID(0), phase: phase, location: CGPoint(x: x, y: y), timestamp: ms / 1000, kind: .touch)), ms)
    }

    func testTheHeaderHasTheSizeTheCompositorGaveNotTheOneAskedFor() throws {
        // Asked for 1280 x 800; a 1000 x 700 kiosk made the window its size.
        let text = recording([(.resized(CGSize(width: 1000, height: 700)), 0),
                              touch(.down, 500, 600, at: 40), touch(.up, 500, 600, at: 100)])
        XCTAssertEqual(text, """
        # recorded by trips
        size 1000 700
        at 40    down 1 500 600
        at 100   up 1 500 600

        """)
        let script = try ReplayScript.parse(text, file: "live.txt")
        XCTAssertEqual(script.size, CGSize(width: 1000, height: 700))
        XCTAssertEqual(script.steps.count, 2)
    }

    func testNothingIsWrittenBeforeTheSizeIsKnown() {
        var text = ""
        var recorder = ReplayRecorder(launchSize: CGSize(width: 1280, height: 800)) { text += $0 }
        XCTAssertEqual(text, "", "no header until the window's size is known")
        recorder.record(.resized(CGSize(width: 640, height: 400)), atMilliseconds: 0)
        XCTAssertEqual(text, "# recorded by trips\nsize 640 400\n")
    }

    func testALaterResizeIsAScriptLineAndTheSameSizeAgainIsNot() throws {
        let text = recording([(.resized(CGSize(width: 1280, height: 800)), 0),
                              (.resized(CGSize(width: 1280, height: 800)), 5),
                              touch(.down, 10, 20, at: 10),
                              (.resized(CGSize(width: 900, height: 600)), 250),
                              (.resized(CGSize(width: 900, height: 600)), 260),
                              touch(.up, 10, 20, at: 300)])
        XCTAssertEqual(text.components(separatedBy: "\n").filter { $0.contains("size") }, ["size 1280 800", "at 250   size 900 600"])
        let script = try ReplayScript.parse(text, file: "live.txt")
        XCTAssertEqual(script.size, CGSize(width: 1280, height: 800))
        XCTAssertEqual(script.steps.map(\.command), [
            .touch(finger: 1, phase: .down, location: CGPoint(x: 10, y: 20)),
            .resize(size: CGSize(width: 900, height: 600)),
            .touch(finger: 1, phase: .up, location: CGPoint(x: 10, y: 20)),
        ])
    }

    func testAnInputBeforeAnySizeGetsTheLaunchSize() throws {
        let text = recording(launchSize: CGSize(width: 800, height: 600), [(.key(Key(name: "Escape"), ctrl: false), 7)])
        let script = try ReplayScript.parse(text, file: "live.txt")
        XCTAssertEqual(script.size, CGSize(width: 800, height: 600))
        XCTAssertEqual(script.steps, [ReplayScript.Step(time: 7, command: .key(name: "Escape", modifiers: []))])
    }

    func testAWheelKeepsEveryModifierItWasTurnedWith() throws {
        let wheel = WheelEvent(location: CGPoint(x: 300, y: 200), dy: -1, modifiers: [.control, .shift, .option], timestamp: 0.05)
        let text = recording([(.resized(CGSize(width: 1280, height: 800)), 0), (.wheel(wheel), 50)])
        let script = try ReplayScript.parse(text, file: "live.txt")
        XCTAssertEqual(script.steps.map(\.command), [.wheel(dx: 0, dy: -1, modifiers: [.control, .shift, .option], location: CGPoint(x: 300, y: 200))])
    }

    func testTouchpadPinchesAndScrollsReadBackAsTheSameScript() throws {
        let at = CGPoint(x: 300, y: 200)
        let events: [(InputEvent, Double)] = [
            (.pinch(PinchEvent(phase: .began, location: at, timestamp: 1)), 1000),
            (.pinch(PinchEvent(phase: .changed, location: at, magnification: 1.25, rotation: .pi / 2, timestamp: 1.016)), 1016),
            (.pinch(PinchEvent(phase: .ended, location: at, magnification: 1.25, timestamp: 1.032)), 1032),
            (.scroll(TouchpadScroll(phase: .scroll, delta: CGSize(width: 12.5, height: -2), location: at, timestamp: 2)), 2000),
            (.scroll(TouchpadScroll(phase: .stop, location: at, timestamp: 2.008)), 2008),
            (.scroll(TouchpadScroll(phase: .hold, location: at, timestamp: 2.1)), 2100),
            (.scroll(TouchpadScroll(phase: .release, location: at, timestamp: 2.2)), 2200),
        ]
        let text = recording([(.resized(CGSize(width: 1280, height: 800)), 0)] + events)
        XCTAssertEqual(text, """
        # recorded by trips
        size 1280 800
        at 1000  pinch begin 300 200
        at 1016  pinch change 1.25 90 300 200
        at 1032  pinch end 300 200
        at 2000  scroll 12.5 -2 300 200
        at 2008  scroll stop 300 200
        at 2100  scroll hold 300 200
        at 2200  scroll release 300 200

        """)
        let script = try ReplayScript.parse(text, file: "live.txt")
        XCTAssertEqual(script.steps, events.compactMap { ReplayScript.Step(recording: $0.0, atMilliseconds: $0.1) })
    }

    func testAnInputStampedBeforeTheLastLineIsWrittenAtItsTime() throws {
        // A compositor's touchpad time can fall a millisecond before an SDL
        // event already written: the script must still read back.
        let at = CGPoint(x: 300, y: 700)
        let text = recording([(.resized(CGSize(width: 1280, height: 800)), 0), touch(.down, 300, 700, at: 1000),
                              (.scroll(TouchpadScroll(phase: .scroll, delta: CGSize(width: 5, height: 0), location: at, timestamp: 0.9995)), 999.5)])
        let script = try ReplayScript.parse(text, file: "live.txt")
        XCTAssertEqual(script.steps.map(\.time), [1000, 1000])
    }

    func testWhatAScriptCannotSayIsLeftOut() {
        let text = recording([(.resized(CGSize(width: 1280, height: 800)), 0), (.focusLost, 10), (.quit, 20), (.closeRequested, 30)])
        XCTAssertEqual(text, "# recorded by trips\nsize 1280 800\n")
    }

    // MARK: The `at T size W H` command

    func testAResizeLineReadsAndWritesBack() throws {
        let script = try ReplayScript.parse("size 1280 800\nat 16 size 640 400 # a kiosk output\n", file: "s.txt")
        XCTAssertEqual(script.steps, [ReplayScript.Step(time: 16, command: .resize(size: CGSize(width: 640, height: 400)))])
        XCTAssertEqual(try ReplayScript.parse(script.serialized(), file: "s.txt"), script)
        XCTAssertEqual(ReplayScript.line(for: script.steps[0]), "at 16    size 640 400")
    }

    func testABadResizeLineNamesItsLineAndValue() {
        func message(_ text: String) -> String? {
            do { _ = try ReplayScript.parse(text, file: "s.txt"); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(message("at 0 state\nat 5 size 100 400"), "s.txt:2: size must be from 200 to 16384 points, got 100")
        XCTAssertEqual(message("at 5 size 640"), "s.txt:1: expected 'size WIDTH HEIGHT', found 'size 640'")
        XCTAssertEqual(message("at 5 size 640.5 400"), "s.txt:1: size must be whole numbers of points, got '640.5'")
    }
}
