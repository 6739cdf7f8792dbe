import Foundation
import XCTest
@testable import TripsKit

/// A kiosk's still parts move against burn-in on the model's clock: a new
/// place every 3 minutes, never more than 4 points away, the same in every run.
final class BurnInShiftTests: XCTestCase {
    private func model(_ arguments: [String]) throws -> AppModel {
        guard case .run(let options) = try LaunchOptions.parse(arguments) else { throw XCTSkip("not a run") }
        return AppModel(launching: options, catalog: try TripCatalog.load(file: ModelReplay.bundledTrips), size: CGSize(width: 1280, height: 800))
    }

    func testAKiosksOverviewMovesAFewPointsEveryFewMinutes() throws {
        let app = try model(["--kiosk", "--idle", "0"])
        let still = app.accessibilityElements.map(\.frame)
        app.advance(to: 100)
        XCTAssertEqual(app.burnInOffset, .zero, "in its place for the first 3 minutes")
        XCTAssertEqual(try XCTUnwrap(app.nextDeadline), 180, accuracy: 1e-9, "an idle kiosk wakes for the next place")
        XCTAssertTrue(app.advance(to: 181), "the next place is drawn")
        let shift = app.burnInOffset
        XCTAssertNotEqual(shift, .zero)
        XCTAssertEqual(app.accessibilityElements.map(\.frame), still.map { $0.offsetBy(dx: shift.width, dy: shift.height) },
                       "the list, the title and the photos, as drawn, touched and read")
        XCTAssertTrue(app.snapshot().contains("\"burn-in\": [\(Int(shift.width)), \(Int(shift.height))]"), app.snapshot())
        // A day of places: none more than 4 points off, each step a few points from the last.
        var last = CGSize.zero, seen: Set<String> = []
        for minute in stride(from: 3.0, through: 24 * 60, by: 3) {
            app.advance(to: minute * 60 + 1)
            let o = app.burnInOffset
            XCTAssertLessThanOrEqual(hypot(o.width, o.height), BurnInShift.maxShift)
            XCTAssertLessThanOrEqual(hypot(o.width - last.width, o.height - last.height), 4)
            last = o
            seen.insert("\(o.width),\(o.height)")
        }
        XCTAssertEqual(seen.count, BurnInShift.offsets.count, "it goes round all its places")
    }

    func testADesktopWindowStaysPut() throws {
        let app = try model(["--idle", "0"])
        app.advance(to: 400)
        XCTAssertEqual(app.burnInOffset, .zero)
        XCTAssertFalse(app.snapshot().contains("burn-in"))
    }

    func testTheAttractCaptionMovesToo() throws {
        let app = try model(["--kiosk", "--idle", "5", "--slide", "2"])
        var t = 0.0
        while t < 181 { t += 1.0 / 30; app.advance(to: t) }
        XCTAssertEqual(app.screen, .attract)
        let caption = app.scene().commands.compactMap { command -> CGPoint? in
            if case let .text(_, origin, _, 26, _, _, _) = command { return origin } else { return nil }
        }
        XCTAssertEqual(caption, [CGPoint(x: 32 + app.burnInOffset.width, y: 800 - 72 + 20 + app.burnInOffset.height)])
    }
}
