import Foundation
import Gestures
import Motion
import XCTest
@testable import TripsKit

final class AppModelTests: XCTestCase {
    private let catalog = TripCatalog(trips: (0..<3).map { Trip(id: "t\($0)", city: "C", nights: 1, photoPath: "/x") })

    func testKioskRefusesQuitKeysAndWindowCloseButNotSignals() {
        let kiosk = AppModel(catalog: catalog, size: CGSize(width: 800, height: 600), mode: .kiosk)
        kiosk.handle(.key(.q, ctrl: true))
        kiosk.handle(.closeRequested)
        XCTAssertFalse(kiosk.quitRequested)
        kiosk.handle(.quit)
        XCTAssertTrue(kiosk.quitRequested)
    }

    func testWindowedQuitsOnCtrlQAndClose() {
        for event in [InputEvent.key(.q, ctrl: true), .closeRequested] {
            let app = AppModel(catalog: catalog, size: CGSize(width: 800, height: 600), mode: .windowed)
            app.handle(.key(.q, ctrl: false))
            XCTAssertFalse(app.quitRequested)
            app.handle(event)
            XCTAssertTrue(app.quitRequested)
        }
    }

    func testResizeRelaysOutInPoints() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.handle(.resized(OverviewLayout.phoneSize))
        XCTAssertEqual(app.layout.bigPhoto.height, 260)
        app.handle(.resized(.zero))
        XCTAssertEqual(app.size, OverviewLayout.phoneSize, "a zero size (minimised) keeps the last layout")
    }

    func testTheFocusRingOfAStripPhotoHalfUnderTheListStaysInTheStrip() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        let second = app.strip.drawnFrame(position: 1, layout: app.layout)
        XCTAssertGreaterThan(second.maxX, app.layout.strip.maxX, "the second photo reaches under the list")
        app.focus = .stripPhoto(trip: 1)
        let ring = try? XCTUnwrap(app.focusFrame)
        XCTAssertEqual(ring?.minX, second.minX)
        XCTAssertEqual(ring?.maxX, app.layout.strip.maxX)
        app.focus = .stripPhoto(trip: 2)
        XCTAssertNil(app.focusFrame, "a photo the strip does not show has no ring")
    }

    func testAReadersGrabFocusMovesTheFocusToAStopOnTheScreenOnly() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        let row = "row:" + catalog.trips[0].id
        XCTAssertTrue(app.focus(named: row))
        XCTAssertEqual(app.focus, .row(trip: 0))
        XCTAssertEqual(app.focusName, row)
        XCTAssertFalse(app.focus(named: "big-photo"), "no big photo is out")
        XCTAssertFalse(app.focus(named: "strip:nowhere"))
        XCTAssertEqual(app.focus, .row(trip: 0), "a refused grab leaves the focus where it was")
        app.handle(.key(.tab, ctrl: false))
        XCTAssertEqual(app.focusName, "row:" + catalog.trips[1].id, "Tab goes on from where the reader put the focus")
    }

    func testTheBigPhotosElementCarriesItsZoomAsANumber() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        XCTAssertTrue(app.focus(named: "strip:" + catalog.trips[0].id))
        app.handle(.key(.returnKey, ctrl: false))
        app.handle(.key(.plus, ctrl: false))
        let big = app.accessibilityElements.first { $0.id == "big-photo" }
        XCTAssertEqual(big?.range, AccessibilityElement.Range(current: 1.5, minimum: 1, maximum: 4, step: 0.5))
        XCTAssertNil(app.accessibilityElements.first { $0.id.hasPrefix("row:") }?.range, "a row stands for no number")
    }

    func testANewCatalogKeepsOrderOpenPhotoAndFocusByTripId() {
        let trips = (0..<4).map { Trip(id: "t\($0)", city: "C\($0)", nights: 1, photoPath: "/p/\($0)") }
        let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.open(2)
        app.handle(.key(.right, ctrl: false)) // focus on t0
        // t1 goes, t9 comes: t2 is now index 1, t0 stays 0.
        let next = [trips[0], trips[2], trips[3], Trip(id: "t9", city: "C9", nights: 1, photoPath: "/p/9")]
        app.updateCatalog(TripCatalog(trips: next))
        XCTAssertEqual(app.strip.order.map { app.catalog.trips[$0].id }, ["t0", "t2", "t3", "t9"])
        XCTAssertEqual(app.bigPhoto.trip.map { app.catalog.trips[$0].id }, "t2", "the open photo follows its trip")
        XCTAssertEqual(app.focus, .stripPhoto(trip: 0))
        XCTAssertEqual(app.layout.itemCount, 4)
        // The open photo's file goes: it is gone at once.
        app.updateCatalog(TripCatalog(trips: [trips[0], trips[3]]))
        XCTAssertNil(app.bigPhoto.trip)
        XCTAssertEqual(app.strip.order.count, 2)
    }

    func testSettledTripsTakeTheirPlacesUnlessTheOrderWasMadeByHand() {
        let trips = (0..<3).map { Trip(id: "t\($0)", city: "C\($0)", nights: 1, photoPath: "/p/\($0)") }
        let settled = [trips[0], Trip(id: "t5", city: "C5", nights: 1, photoPath: "/p/5"), trips[1], trips[2]]
        let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.updateCatalog(TripCatalog(trips: settled))
        XCTAssertEqual(app.strip.order.map { app.catalog.trips[$0].id }, ["t0", "t5", "t1", "t2"], "in the catalog's order: t5 in its place")

        let moved = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .windowed, order: ["t2", "t0", "t1"])
        moved.updateCatalog(TripCatalog(trips: settled))
        XCTAssertEqual(moved.strip.order.map { moved.catalog.trips[$0].id }, ["t2", "t0", "t1", "t5"], "an order made by hand stays; t5 joins at the end")
    }

    func testAnAttractLoopFollowsANewCatalogAndATouchOnlyEndsIt() {
        let trips = (0..<4).map { Trip(id: "t\($0)", city: "C\($0)", nights: 1, photoPaths: ["/p/\($0)a", "/p/\($0)b"]) }
        let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .kiosk,
                           idleTimeout: 1, attract: Attract.Settings(slideSeconds: 2))
        app.advance(to: 1)
        XCTAssertEqual(app.screen, .overview)
        app.advance(to: 3)
        XCTAssertEqual(app.screen, .attract)
        for t in stride(from: 3.0, through: 15, by: 0.5) { app.advance(to: t) } // 2 s a photo: the seventh, the last trip's
        XCTAssertEqual(app.attract?.current?.trip, 3)
        // The library settled with two trips fewer while it played.
        app.updateCatalog(TripCatalog(trips: [trips[0], trips[1]]))
        XCTAssertLessThan(app.attract?.current?.trip ?? 99, 2)
        _ = app.scene()
        _ = app.snapshot()
        let finger = PointerID(1)
        app.handle(.pointer(PointerEvent(id: finger, phase: .down, location: CGPoint(x: 300, y: 700), timestamp: 16)))
        XCTAssertEqual(app.screen, .overview)
        app.handle(.pointer(PointerEvent(id: finger, phase: .up, location: CGPoint(x: 300, y: 700), timestamp: 16.05)))
        app.advance(to: 17)
        XCTAssertNil(app.bigPhoto.trip, "the touch that ended the loop opened nothing")
        XCTAssertEqual(app.takeEvents().map(\.kind).filter { $0 == .attract || $0 == .attractEnd }, [.attract, .attractEnd])
    }

    /// `trips IMG.jpg` before the dates are read: the photo sits in the trip
    /// its file time put it in; its date then moves it to another trip, and
    /// the trip it left keeps its id. The big photo goes with the photo.
    func testTheBigPhotoFollowsItsPhotoToTheTripItsDateMovesItTo() {
        let may = Trip(id: "may", city: "Porto", nights: 1, photoPaths: ["/m/a", "/m/shown"])
        let june = Trip(id: "june", city: "Faro", nights: 1, photoPaths: ["/j/a"])
        let app = AppModel(catalog: TripCatalog(trips: [may, june]), size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.open(0)
        app.bigPhoto.page(by: 1)
        XCTAssertEqual(app.windowTitle, "Porto \u{2014} shown")
        app.updateCatalog(TripCatalog(trips: [Trip(id: "may", city: "Porto", nights: 1, photoPaths: ["/m/a"]),
                                              Trip(id: "june", city: "Faro", nights: 1, photoPaths: ["/j/a", "/m/shown"])]))
        XCTAssertEqual(app.bigPhoto.trip.map { app.catalog.trips[$0].id }, "june")
        XCTAssertEqual(app.bigPhoto.page, 1)
        XCTAssertEqual(app.windowTitle, "Faro \u{2014} shown", "still the photo that was opened")
    }

    func testTheBigPhotoKeepsShowingItsPhotoWhenItsTripsPhotosSettle() {
        let before = Trip(id: "rome", city: "Rome", nights: 1, photoPaths: ["/r/a", "/r/b", "/r/c"])
        let app = AppModel(catalog: TripCatalog(trips: [before]), size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.open(0)
        app.bigPhoto.page(by: 1)
        app.bigPhoto.page(by: 1)
        XCTAssertEqual(app.bigPhoto.page, 2) // "/r/c"
        // Its dates arrived: c was taken first, and a fourth photo came.
        app.updateCatalog(TripCatalog(trips: [Trip(id: "rome", city: "Rome", nights: 1, photoPaths: ["/r/c", "/r/a", "/r/b", "/r/d"])]))
        XCTAssertEqual(app.bigPhoto.page, 0, "still c")
        XCTAssertEqual(app.bigPhoto.pageCount, 4)
        app.updateCatalog(TripCatalog(trips: [Trip(id: "rome", city: "Rome", nights: 1, photoPaths: ["/r/a"])]))
        XCTAssertEqual(app.bigPhoto.page, 0, "c went: a page that is there")
        XCTAssertEqual(app.bigPhoto.pageCount, 1)
    }

    func testANewCatalogWaitsForTheFingersToLift() {
        let trips = (0..<3).map { Trip(id: "t\($0)", city: "C\($0)", nights: 1, photoPath: "/p/\($0)") }
        let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .windowed)
        var heard: [Int] { app.takeEvents().compactMap { if case .tripsChanged(let c) = $0.kind { c.trips.count } else { nil } } }
        let finger = PointerID(1), row = CGPoint(x: app.layout.listRow(1).minX + 20, y: app.layout.listRow(1).midY)
        app.handle(.pointer(PointerEvent(id: finger, phase: .down, location: row, timestamp: 1)))
        XCTAssertFalse(app.offerCatalog(TripCatalog(trips: [trips[0], Trip(id: "t5", city: "C5", nights: 1, photoPath: "/p/5"), trips[1], trips[2]])))
        app.advance(to: 1.1)
        XCTAssertEqual(app.catalog.trips.count, 3, "not while a finger is on a row")
        XCTAssertEqual(heard, [])
        app.handle(.pointer(PointerEvent(id: finger, phase: .up, location: row, timestamp: 1.2)))
        XCTAssertTrue(app.advance(to: 1.3), "a frame is needed")
        XCTAssertEqual(app.catalog.trips.map(\.id), ["t0", "t5", "t1", "t2"])
        XCTAssertEqual(heard, [4])
        XCTAssertFalse(app.offerCatalog(app.catalog), "the same trips again change nothing")
    }

    func testAModelDroppedDuringItsAttractLoopIsFreed() {
        weak var weakModel: AppModel?
        weak var weakAnimator: Animator?
        do {
            let trips = (0..<2).map { Trip(id: "t\($0)", city: "C\($0)", nights: 1, photoPaths: ["/p/\($0)a"]) }
            let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .kiosk,
                               idleTimeout: 1, attract: Attract.Settings(slideSeconds: 2))
            app.advance(to: 1)
            app.advance(to: 3)
            XCTAssertEqual(app.screen, .attract)
            XCTAssertTrue(app.animator.isAnimating, "the slide fades in and pans while the model is dropped")
            weakModel = app
            weakAnimator = app.animator
        }
        XCTAssertNil(weakModel)
        XCTAssertNil(weakAnimator, "the attract loop's springs must not keep the animator alive")
    }
}

/// The hero follows the trips when the library changes under it.
final class HeroModelTests: XCTestCase {
    private func trips(_ ids: [String]) -> [Trip] { ids.map { Trip(id: $0, city: $0.uppercased(), nights: 1, photoPath: "/p/\($0)") } }

    func testTheHeroFollowsItsTripAndFallsBackToTheFirstWhenItGoes() {
        let app = AppModel(catalog: TripCatalog(trips: trips(["a", "b", "c"])), size: CGSize(width: 1280, height: 800), mode: .windowed)
        XCTAssertEqual(app.heroTrip.map { app.catalog.trips[$0].id }, "a")
        app.focus = .row(trip: 2)
        XCTAssertEqual(app.heroTrip.map { app.catalog.trips[$0].id }, "c")
        // A trip comes in front of it (the catalog's order): the hero keeps c.
        app.updateCatalog(TripCatalog(trips: trips(["0", "a", "b", "c"])))
        XCTAssertEqual(app.heroTrip.map { app.catalog.trips[$0].id }, "c")
        // c goes: the focus goes with it, and the hero is the strip's first.
        app.updateCatalog(TripCatalog(trips: trips(["0", "a", "b"])))
        XCTAssertNil(app.focus)
        XCTAssertEqual(app.heroTrip.map { app.catalog.trips[$0].id }, "0")
        XCTAssertEqual(app.accessibilityElements.first { $0.traits == ["button", "image"] }?.label, "0")
        // Every trip goes: no hero, and the scene draws none.
        app.updateCatalog(TripCatalog(trips: []))
        XCTAssertNil(app.heroTrip)
        XCTAssertFalse(app.scene().commands.contains { if case .photo = $0 { return true }; return false })
    }

    func testATapOnTheHeroOpensWhatItShowsAndThePhoneHasNone() {
        let app = AppModel(catalog: TripCatalog(trips: trips(["a", "b"])), size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.focus = .stripPhoto(trip: 1)
        let scene = app.scene()
        XCTAssertTrue(scene.commands.contains { if case .text("B", _, _, _, _, _, _) = $0 { return true }; return false }, "the hero names b")
        app.handle(.key(.returnKey, ctrl: false))
        XCTAssertEqual(app.bigPhoto.trip, 1)
        let phone = AppModel(catalog: TripCatalog(trips: trips(["a"])), size: OverviewLayout.phoneSize, mode: .windowed)
        XCTAssertNil(phone.layout.hero)
        XCTAssertNil(phone.heroTrip)
    }
}
