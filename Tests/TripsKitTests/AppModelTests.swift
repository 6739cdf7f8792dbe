import Foundation
import XCTest
@testable import TripsKit

final class AppModelTests: XCTestCase {
    private let catalog = TripCatalog(trips: (0..<3).map { Trip(id: "t\($0)", city: "C", nights: 1, photoPath: "/x") })

    func testKioskRefusesQuitKeysAndWindowCloseButNotSignals() {
        let kiosk = AppModel(catalog: catalog, size: CGSize(width: 800, height: 600), mode: .kiosk)
        kiosk.handle(.key("Q", ctrl: true))
        kiosk.handle(.closeRequested)
        XCTAssertFalse(kiosk.quitRequested)
        kiosk.handle(.quit)
        XCTAssertTrue(kiosk.quitRequested)
    }

    func testWindowedQuitsOnCtrlQAndClose() {
        for event in [InputEvent.key("Q", ctrl: true), .closeRequested] {
            let app = AppModel(catalog: catalog, size: CGSize(width: 800, height: 600), mode: .windowed)
            app.handle(.key("Q", ctrl: false))
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
}
