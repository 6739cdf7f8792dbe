import Foundation
import XCTest
@testable import TripsKit

final class OverviewSceneTests: XCTestCase {
    private let trips = (0..<8).map { Trip(id: "t\($0)", city: "City " + String($0), nights: $0, photoPath: "/p/\($0).jpg") }

    func testShowsTitleVisibleStripPhotosAndEveryListRow() {
        let layout = OverviewLayout(size: CGSize(width: 1280, height: 800), itemCount: trips.count)
        let scene = OverviewScene(layout: layout, trips: trips).make(stripOffset: 0) { _ in CGSize(width: 1600, height: 1000) }
        let photos = scene.commands.compactMap { c -> Int? in if case .photo(let t, _, _, _, _) = c { return t }; return nil }
        XCTAssertEqual(photos, Array(layout.visibleStripItems(offset: 0)))
        XCTAssertEqual(photos.first, 0)
        let texts = scene.commands.compactMap { c -> String? in if case .text(let s, _, _, _, _, _, _) = c { return s }; return nil }
        XCTAssertEqual(texts.first, "Trips")
        for trip in trips { XCTAssertTrue(texts.contains(trip.city)) }
        XCTAssertTrue(texts.contains("1 night"))
        XCTAssertTrue(scene.commands.contains(.clip(layout.strip)), "the strip clips its photos like a scroll view")
        XCTAssertTrue(scene.commands.contains(.clip(nil)), "and lifts the clip after them")
    }

    func testStripPhotosHaveTwelvePointCornersAndAspectFill() {
        let layout = OverviewLayout(size: OverviewLayout.phoneSize, itemCount: trips.count)
        let scene = OverviewScene(layout: layout, trips: trips).make(stripOffset: 0) { _ in CGSize(width: 2000, height: 1000) }
        guard case .photo(_, let frame, let source, let radius, let label)? = scene.commands.first(where: {
            if case .photo = $0 { return true }; return false
        }) else { return XCTFail("no photo") }
        XCTAssertEqual(radius, 12)
        XCTAssertEqual(label, "City 0")
        XCTAssertEqual(frame, layout.stripItem(0))
        // Source aspect (in pixels) equals the frame's aspect: no distortion.
        XCTAssertEqual(source.width * 2000 / (source.height * 1000), frame.width / frame.height, accuracy: 1e-9)
    }
}
