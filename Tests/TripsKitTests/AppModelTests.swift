import Foundation
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
}
