import CSDL2
import TripsKit
import XCTest
@testable import Platform

/// SDL stamps events with 32-bit milliseconds, which wrap after 49.7 days;
/// the translator reads them against SDL's 64-bit clock.
final class EventTranslatorTests: XCTestCase {
    func testAStampIsReadAgainstTheClockAcrossTheWrap() {
        let wrap = UInt64(UInt32.max) + 1
        // 10 ms before the wrap, read 20 ms later (10 ms after it).
        XCTAssertEqual(EventTranslator.seconds(ofTicks: UInt32.max - 9, now: wrap + 10), Double(wrap - 10) / 1000)
        // Just after the wrap, read at once.
        XCTAssertEqual(EventTranslator.seconds(ofTicks: 5, now: wrap + 5), Double(wrap + 5) / 1000)
        // Three wraps on, 250 ms old.
        XCTAssertEqual(EventTranslator.seconds(ofTicks: 1_000, now: 3 * wrap + 1_250), Double(3 * wrap + 1_000) / 1000)
    }

    func testAStampFromTheFutureIsTakenAsNow() {
        XCTAssertEqual(EventTranslator.seconds(ofTicks: 2_000, now: 1_000), 1.0)
        XCTAssertEqual(EventTranslator.seconds(ofTicks: 0, now: UInt64(UInt32.max) + 1 - 5), Double(UInt64(UInt32.max) + 1 - 5) / 1000)
    }

    func testAStampOlderThanTheClockIsNeverBeforeZero() {
        XCTAssertEqual(EventTranslator.seconds(ofTicks: 100, now: 300), 0.1)
        // A stamp taken just before the wrap, read just after the clock began: at its start.
        XCTAssertEqual(EventTranslator.seconds(ofTicks: UInt32.max - 295, now: 100), 0)
    }

    /// A key press carries Shift and Alt as SDL gives them (Ctrl+Shift+R
    /// turns the other way, Alt+Return shows properties), but Shift not
    /// for "?", which is how Shift and "/" type it.
    func testAKeyCarriesCtrlAndShiftAndAQuestionMarkTakesItsShift() {
        func press(_ sym: SDL_Keycode, _ mod: SDL_Keymod) -> InputEvent? {
            var event = SDL_Event()
            event.type = SDL_KEYDOWN.rawValue
            event.key.keysym.sym = sym
            event.key.keysym.mod = UInt16(mod.rawValue)
            return EventTranslator().translate(event, size: CGSize(width: 100, height: 100), stamp: EventStamp(time: 0))
        }
        XCTAssertEqual(press(SDL_Keycode(SDLK_r.rawValue), SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue)), .key(.r, ctrl: true, shift: true))
        XCTAssertEqual(press(SDL_Keycode(SDLK_r.rawValue), KMOD_RCTRL), .key(.r, ctrl: true, shift: false))
        XCTAssertEqual(press(SDL_Keycode(SDLK_SLASH.rawValue), KMOD_LSHIFT), .key(.question, ctrl: false, shift: false))
        // Alt+Return: the properties panel, not Return's open.
        XCTAssertEqual(press(SDL_Keycode(SDLK_RETURN.rawValue), KMOD_LALT), .key(.returnKey, ctrl: false, shift: false, alt: true))
        XCTAssertEqual(press(SDL_Keycode(SDLK_i.rawValue), KMOD_NONE), .key(.i, ctrl: false))
    }

    /// SDL's drop is a file event a path between a begin and a complete
    /// (X11's XDND): one `drop` input with every path, at the complete.
    func testTheFilesOfOneDropAreOneInputAtItsEnd() {
        let translator = EventTranslator()
        func send(_ type: SDL_EventType, _ file: String? = nil) -> InputEvent? {
            var event = SDL_Event()
            event.type = type.rawValue
            if let file { event.drop.file = SDL_strdup(file) }
            return translator.translate(event, size: CGSize(width: 100, height: 100), stamp: EventStamp(time: 0))
        }
        XCTAssertNil(send(SDL_DROPBEGIN))
        XCTAssertNil(send(SDL_DROPFILE, "/a b/c.jpg"))
        XCTAssertNil(send(SDL_DROPFILE, "/d"))
        XCTAssertEqual(send(SDL_DROPCOMPLETE), .drop(["/a b/c.jpg", "/d"]))
        XCTAssertNil(send(SDL_DROPCOMPLETE), "a drop of no file (text) is nothing")
    }

    /// The mouse leaving the window is a move to a point off it, so what a
    /// hover shows goes; a drag that leaves it is not ended by it.
    func testTheMouseLeavingTheWindowIsAMoveOffIt() {
        var leave = SDL_Event()
        leave.type = SDL_WINDOWEVENT.rawValue
        leave.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
        let translator = EventTranslator()
        XCTAssertEqual(translator.translate(leave, size: CGSize(width: 100, height: 100), stamp: EventStamp(time: 2)),
                       .pointer(.mouse(.move, x: -1, y: -1, at: 2)))
    }

    /// A Wayland drop's `text/uri-list`: local files only, comments and CRs out.
    func testAURIListGivesItsLocalFiles() {
        XCTAssertEqual(WaylandDataDevice.paths(inURIList: "# a comment\r\nfile:///tmp/Old%20Town/a%25b.jpg\r\nhttps://example.com/x.jpg\r\nfile://localhost/c.jpg\r\n"),
                       ["/tmp/Old Town/a%b.jpg", "/c.jpg"])
    }
}
