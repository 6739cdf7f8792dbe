import CSDL2
import XCTest
@testable import Platform

final class WindowEventRedrawTests: XCTestCase {
    private func loses(_ event: SDL_WindowEventID) -> Bool { FrameLoop.mayLosePicture(UInt8(event.rawValue)) }

    func testExposedResizedOrShownAgainRedrawsAll() {
        XCTAssertTrue(loses(SDL_WINDOWEVENT_EXPOSED))
        XCTAssertTrue(loses(SDL_WINDOWEVENT_SIZE_CHANGED))
        XCTAssertTrue(loses(SDL_WINDOWEVENT_RESIZED))
        XCTAssertTrue(loses(SDL_WINDOWEVENT_SHOWN))
        XCTAssertTrue(loses(SDL_WINDOWEVENT_RESTORED))
    }

    func testFocusAndThePointerComingAndGoingKeepThePicture() {
        XCTAssertFalse(loses(SDL_WINDOWEVENT_FOCUS_GAINED), "weston activates the window right after its first frame")
        XCTAssertFalse(loses(SDL_WINDOWEVENT_FOCUS_LOST))
        XCTAssertFalse(loses(SDL_WINDOWEVENT_ENTER))
        XCTAssertFalse(loses(SDL_WINDOWEVENT_LEAVE))
        XCTAssertFalse(loses(SDL_WINDOWEVENT_MOVED))
    }
}
