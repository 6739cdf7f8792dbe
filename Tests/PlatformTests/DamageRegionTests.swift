import CSDL2
import XCTest
@testable import Platform

/// What a frame redraws and copies: overlapping damage drawn once, apart damage kept apart.
final class DamageRegionTests: XCTestCase {
    private let window = SDL_Rect(x: 0, y: 0, w: 1280, h: 800)

    func testAPhotoMovedALittleIsOneBoxWhereItWasAndIs() {
        var region = DamageRegion(bounds: window)
        region.add(SDL_Rect(x: 15, y: 67, w: 892, h: 526))
        region.add(SDL_Rect(x: 20, y: 70, w: 880, h: 520))
        region.add(SDL_Rect(x: 10, y: 60, w: 900, h: 540)) // holds both: they go into it
        XCTAssertEqual(region.rects, [SDL_Rect(x: 10, y: 60, w: 900, h: 540)])
        region.add(SDL_Rect(x: 12, y: 62, w: 890, h: 530)) // inside: nothing more
        XCTAssertEqual(region.rects, [SDL_Rect(x: 10, y: 60, w: 900, h: 540)])
    }

    func testDamageFarApartStaysApartAndInsideTheBounds() {
        var region = DamageRegion(bounds: window)
        region.add(SDL_Rect(x: 9, y: 9, w: 22, h: 22))
        region.add(SDL_Rect(x: 1200, y: 700, w: 100, h: 200)) // past the edge: cut
        XCTAssertEqual(region.rects, [SDL_Rect(x: 9, y: 9, w: 22, h: 22), SDL_Rect(x: 1200, y: 700, w: 80, h: 100)])
        region.add(SDL_Rect(x: 2000, y: 0, w: 10, h: 10)) // outside: nothing
        XCTAssertEqual(region.rects.count, 2)
    }

    func testARectangleLessAnotherIsWhatIsLeftOfItInAtMostFourParts() {
        let damage = SDL_Rect(x: 10, y: 20, w: 100, h: 50)
        let photo = SDL_Rect(x: 30, y: 30, w: 200, h: 20) // across the right edge
        let left = damage.subtracting(photo)
        XCTAssertEqual(left, [SDL_Rect(x: 10, y: 20, w: 100, h: 10), SDL_Rect(x: 10, y: 50, w: 100, h: 20), SDL_Rect(x: 10, y: 30, w: 20, h: 20)])
        XCTAssertEqual(left.map(\.area).reduce(0, +), damage.area - damage.intersection(photo).area)
        XCTAssertTrue(left.allSatisfy { !$0.overlaps(photo) && damage.holds($0) })
        XCTAssertEqual(damage.subtracting(SDL_Rect(x: 40, y: 30, w: 10, h: 10)).count, 4, "a hole: above, below, left, right")
        XCTAssertEqual(damage.subtracting(SDL_Rect(x: 0, y: 0, w: 500, h: 500)), [], "covered: nothing left")
        XCTAssertEqual(damage.subtracting(SDL_Rect(x: 500, y: 500, w: 5, h: 5)), [damage], "apart: all of it")
    }

    func testARowAndAColumnCrossingStayTwo() {
        var region = DamageRegion(bounds: window)
        region.add(SDL_Rect(x: 0, y: 400, w: 1280, h: 10))
        region.add(SDL_Rect(x: 600, y: 0, w: 10, h: 800))
        XCTAssertEqual(region.rects.count, 2, "their box is the window, 40 times their area")
    }
}
