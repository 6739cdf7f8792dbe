import XCTest
import Gestures
@testable import TripsKit

/// The Playground, a developer's test screen, is not offered to a kiosk's
/// visitors unless asked for; its square and circle keep to the window when
/// it changes size.
final class KioskPlaygroundTests: XCTestCase {
    private let catalog = TripCatalog(trips: (0..<3).map { Trip(id: "t\($0)", city: "C", nights: 1, photoPath: "/x") })
    private let size = CGSize(width: 1280, height: 800)

    func testAKioskOffersNoPlaygroundUnlessAskedFor() {
        let kiosk = AppModel(catalog: catalog, size: size, mode: .kiosk)
        XCTAssertFalse(kiosk.accessibilityElements.map(\.id).contains("button:playground"), "not drawn, touched or read")
        for _ in 0..<8 { kiosk.handle(.key(.tab, ctrl: false)) }
        XCTAssertNotEqual(kiosk.focusName, "button:playground", "nor reached with Tab")
        // A tap where the button would be opens nothing.
        let where_ = kiosk.playgroundButtonFrame
        kiosk.handle(.pointer(.mouse(.down, x: where_.midX, y: where_.midY, at: 0)))
        kiosk.handle(.pointer(.mouse(.up, x: where_.midX, y: where_.midY, at: 0.05)))
        kiosk.advance(to: 1)
        XCTAssertEqual(kiosk.screen, .overview)

        let asked = AppModel(catalog: catalog, size: size, mode: .kiosk, screen: .playground)
        asked.show(.overview)
        XCTAssertTrue(asked.accessibilityElements.map(\.id).contains("button:playground"), "--kiosk --playground offers it")
        let desktop = AppModel(catalog: catalog, size: size, mode: .windowed)
        XCTAssertTrue(desktop.accessibilityElements.map(\.id).contains("button:playground"))
    }

    func testTheSquareAndCircleComeBackInsideWhenTheWindowChangesSize() {
        let app = AppModel(catalog: catalog, size: size, mode: .windowed, screen: .playground)
        XCTAssertEqual(app.playground.square.center, CGPoint(x: 640, y: 400))
        app.handle(.resized(CGSize(width: 800, height: 1280)))
        XCTAssertEqual(app.playground.square.center, CGPoint(x: 400, y: 640), "at home: the new window's middle")
        XCTAssertTrue(CGRect(origin: .zero, size: app.size).contains(app.playground.circle))
        app.handle(.resized(CGSize(width: 400, height: 400)))
        for corner in app.playground.squareCorners {
            XCTAssertTrue(CGRect(x: -0.5, y: -0.5, width: 401, height: 401).contains(corner), "\(corner) inside 400x400")
        }
        XCTAssertTrue(CGRect(origin: .zero, size: app.size).contains(app.playground.circle), "\(app.playground.circle)")
    }
}
