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

/// The attract loop with the platform's word on its photos
/// (`PhotoReadiness`, through `AppDriver.learn`): it starts, and moves on,
/// only onto a photo decoded at the window's size, holds the current one
/// while the next decodes, and passes over one that cannot be shown.
final class AttractReadinessTests: XCTestCase {
    private func kiosk(_ more: [String] = []) throws -> (AppModel, AppDriver) {
        guard case .run(let options) = try LaunchOptions.parse(["--kiosk", "--idle", "5", "--slide", "2"] + more) else { throw XCTSkip("not a run") }
        let app = AppModel(launching: options, catalog: try TripCatalog.load(file: ModelReplay.bundledTrips), size: CGSize(width: 1280, height: 800))
        return (app, AppDriver(app: app))
    }

    /// Lets the model's time pass to `seconds` a 60th at a time, as the loop's frames do.
    private func run(_ driver: AppDriver, to seconds: Double) {
        var t = driver.app.time
        while t < seconds { t = min(seconds, t + 1.0 / 60); driver.advance(to: t) }
    }

    private func number(_ app: AppModel, _ slide: Attract.Slide) -> Int { app.catalog.photoNumber(trip: slide.trip, photo: slide.photo) }

    func testTheFirstSlideWaitsForItsPhoto() throws {
        let (app, driver) = try kiosk()
        driver.learn(PhotoReadiness())
        run(driver, to: 9)
        XCTAssertEqual(app.screen, .overview, "its photo is not decoded: no placeholder plays")
        let first = try XCTUnwrap(app.photosAwaited.first, "the first slide's photo is asked for while the loop is due")
        XCTAssertEqual(first, number(app, app.attractSlides[0]))
        XCTAssertNil(app.nextDeadline.flatMap { $0 <= app.time ? $0 : nil }, "a wait with no clock: the loop sleeps until the word comes")
        XCTAssertTrue(driver.learn(PhotoReadiness(ready: [first])))
        run(driver, to: 9.1)
        XCTAssertEqual(app.screen, .attract)
        XCTAssertEqual(app.attract?.current, app.attractSlides[0])
    }

    func testASlowPhotoHoldsTheCurrentSlideAndAFailedOneIsPassedOver() throws {
        let (app, driver) = try kiosk()
        let slides = app.attractSlides
        XCTAssertGreaterThanOrEqual(slides.count, 3)
        driver.learn(PhotoReadiness(ready: [number(app, slides[0])]))
        run(driver, to: 7.5)
        XCTAssertEqual(app.attract?.current, slides[0])
        XCTAssertEqual(app.photosAwaited, [number(app, slides[1])], "the next photo is decoded ahead")
        run(driver, to: 12)
        XCTAssertEqual(app.attract?.current, slides[0], "held past its 2 s while the next decodes")
        // The next cannot be shown: the one after it is awaited instead, and it comes once decoded.
        driver.learn(PhotoReadiness(ready: [number(app, slides[0])], failed: [number(app, slides[1])]))
        XCTAssertEqual(app.photosAwaited, [number(app, slides[2])])
        run(driver, to: 12.5)
        XCTAssertEqual(app.attract?.current, slides[0])
        driver.learn(PhotoReadiness(ready: [number(app, slides[2])], failed: [number(app, slides[1])]))
        run(driver, to: 12.6)
        XCTAssertEqual(app.attract?.current, slides[2], "the failed photo never plays")
        let due = try XCTUnwrap(app.attract?.nextSlideTime)
        XCTAssertEqual(due, 12.5 + 2, accuracy: 0.05, "the photo that waited (its word came at 12.5 s) gets its whole stay")
    }

    /// A remote "next" in the loop takes the loop's own rule: a photo not
    /// decoded yet is passed over, never shown as a placeholder.
    func testARemoteNextPassesOverAPhotoNotDecodedYet() throws {
        let (app, driver) = try kiosk()
        let slides = app.attractSlides
        let ready = [number(app, slides[0]), number(app, slides[2])]
        driver.learn(PhotoReadiness(ready: Set(ready)))
        run(driver, to: 7.5)
        XCTAssertEqual(app.attract?.current, slides[0])
        driver.handle(.remote(.next), at: 7.5)
        XCTAssertEqual(app.attract?.current, slides[2], "slide 1's photo is still decoding")
        driver.learn(PhotoReadiness(ready: [number(app, slides[2])]))
        driver.handle(.remote(.next), at: 7.6)
        XCTAssertEqual(app.attract?.current, slides[2], "with no other photo ready it stays")
    }

    func testWithoutTheWordEveryPhotoCountsAsDecoded() throws {
        let (app, driver) = try kiosk()
        run(driver, to: 9.1)
        XCTAssertEqual(app.attract?.current, app.attractSlides[1], "a replay's loop keeps its rhythm")
    }

    /// The loop draws no more frames than its motion needs: its cross-fades
    /// step 30 times a second, 15 between still slides, which need none.
    func testTheLoopsFramesAreNoMoreThanItsMotionNeeds() throws {
        let (app, driver) = try kiosk()
        run(driver, to: 7.2)
        XCTAssertEqual(app.screen, .attract)
        XCTAssertEqual(try XCTUnwrap(app.minimumFrameInterval), 1.0 / 30, accuracy: 1e-9, "fading, with pan-and-zoom")
        let (still, stillDriver) = try kiosk(["--reduce-motion"])
        run(stillDriver, to: 7.2)
        XCTAssertEqual(try XCTUnwrap(still.minimumFrameInterval), 1.0 / 15, accuracy: 1e-9, "fading between still slides")
        run(stillDriver, to: 8.9)
        XCTAssertNil(still.minimumFrameInterval, "a still slide asks for no frames")
    }
}
