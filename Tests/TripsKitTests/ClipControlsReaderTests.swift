import Foundation
import Gestures
import XCTest
@testable import TripsKit

/// A clip's controls to a screen reader, on the model: brought up by a
/// reader's click they stay until the next tap (a finger's go after 3 s),
/// and the scrubber's value set by the reader moves the clip.
final class ClipControlsReaderTests: XCTestCase {
    private let catalog = TripCatalog(trips: [Trip(id: "c", city: "Porto", nights: 1, photoPaths: ["/c/a.mp4"],
                                                   photoShapes: [PhotoShape(taken: nil, aspect: 1.5, kind: .clip, duration: 20)])])

    private func run(_ app: AppModel, to seconds: Double) {
        while app.time + 1.0 / 60 < seconds { app.advance(to: app.time + 1.0 / 60) }
        app.advance(to: seconds)
    }

    private func labels(_ app: AppModel) -> [String] { app.accessibilityElements.map(\.label) }

    func testAReadersClickKeepsTheControlsUntilTheNextTapAndItsSetMovesTheClip() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.open(0)
        run(app, to: 1)
        app.handle(.reader(.click(element: "big-photo")))
        run(app, to: 2)
        XCTAssertTrue(labels(app).contains("Position"), "\(labels(app))")
        run(app, to: 12)
        XCTAssertTrue(labels(app).contains("Position"), "still there 10 s on")
        app.handle(.reader(.setValue(element: "button:clip-scrubber", value: 15)))
        XCTAssertEqual(app.clipPosition, 15, accuracy: 0.01)
        run(app, to: 13)
        XCTAssertEqual(app.clipPosition, 16, accuracy: 0.01, "and plays on from there")
        app.handle(.reader(.click(element: "big-photo")))
        run(app, to: 14)
        XCTAssertFalse(labels(app).contains("Position"), "the next tap puts them away")
    }

    func testAFingersTapShowsThemForThreeSeconds() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.open(0)
        run(app, to: 1)
        let centre = CGPoint(x: app.bigPhoto.drawnFrame.midX, y: app.bigPhoto.drawnFrame.midY)
        app.handle(.pointer(PointerEvent(id: PointerID(1), phase: .down, location: centre, timestamp: 1, kind: .touch)))
        app.handle(.pointer(PointerEvent(id: PointerID(1), phase: .up, location: centre, timestamp: 1.05, kind: .touch)))
        run(app, to: 2)
        XCTAssertTrue(labels(app).contains("Position"))
        run(app, to: 5)
        XCTAssertFalse(labels(app).contains("Position"))
    }
}
