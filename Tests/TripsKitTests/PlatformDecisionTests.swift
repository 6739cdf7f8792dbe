import Foundation
import XCTest
@testable import TripsKit

final class VideoDriverChoiceTests: XCTestCase {
    func testWaylandIsPreferredOverX11() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"]), .preferred("wayland,x11"))
    }
    func testOnlyTheNamedDisplaysAreTried() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["DISPLAY": ":99"]), .preferred("x11"))
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["WAYLAND_DISPLAY": "w"]), .preferred("wayland"))
    }
    func testExplicitDriverIsHonoured() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":0"]), .explicit("offscreen"))
    }
    func testTheDriverTriedFirst() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["WAYLAND_DISPLAY": "w", "DISPLAY": ":0"]).firstDriver, "wayland")
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["DISPLAY": ":0"]).firstDriver, "x11")
        XCTAssertEqual(VideoDriverChoice.explicit(" X11 ,wayland").firstDriver, "x11")
        XCTAssertNil(VideoDriverChoice.none.firstDriver)
    }
    func testNoDisplayAtAll() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["DISPLAY": " ", "SDL_VIDEODRIVER": ""]), .none)
        XCTAssertEqual(VideoDriverChoice.noDisplayMessage, "trips: no Wayland or X11 display (set WAYLAND_DISPLAY or DISPLAY)")
    }
}

final class FontLocatorTests: XCTestCase {
    func testFindsDejaVuAndFallsBackToRegularForBold() {
        let found = FontLocator.locate(environment: [:]) { $0 == "/usr/share/fonts/dejavu/DejaVuSans.ttf" }
        XCTAssertEqual(try found.get(), FontLocator(regular: "/usr/share/fonts/dejavu/DejaVuSans.ttf", bold: "/usr/share/fonts/dejavu/DejaVuSans.ttf"))
    }
    func testFontconfigChoosesUnlessAFontIsPinned() {
        XCTAssertEqual(try FontLocator.choose(fontFile: nil, environment: [:]) { _ in false }.get(),
                       .system(pattern: "sans-serif", dejaVu: nil))
        XCTAssertEqual(try FontLocator.choose(fontFile: "/f/Noto.ttf", environment: ["TRIPS_FONT_DIR": "/d"]) { $0 == "/f/Noto.ttf" }.get(),
                       .pinned(FontLocator(regular: "/f/Noto.ttf", bold: "/f/Noto.ttf")), "--font wins over TRIPS_FONT_DIR")
        XCTAssertEqual(try FontLocator.choose(fontFile: nil, environment: ["TRIPS_FONT_DIR": "/d"]) { $0.hasPrefix("/d/") }.get(),
                       .pinned(FontLocator(regular: "/d/DejaVuSans.ttf", bold: "/d/DejaVuSans-Bold.ttf")))
    }
    func testMissingFontFileIsNamed() {
        guard case .failure(let missing) = FontLocator.choose(fontFile: "/no/such.ttf", environment: [:], exists: { _ in false }) else {
            return XCTFail("a missing --font file was accepted")
        }
        XCTAssertTrue(missing.description.contains("/no/such.ttf"), missing.description)
    }
    func testMissingFontSaysWhereItLookedAndWhatToInstall() {
        let result = FontLocator.locate(environment: ["TRIPS_FONT_DIR": "/nowhere"]) { _ in false }
        guard case .failure(let missing) = result else { return XCTFail("found a font in /nowhere") }
        XCTAssertTrue(missing.description.contains("/nowhere"))
        XCTAssertTrue(missing.description.contains("fonts-dejavu-core"))
    }
}
