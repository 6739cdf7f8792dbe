import Foundation
import XCTest
@testable import TripsKit

final class OverviewSceneTests: XCTestCase {
    private let catalog = TripCatalog(trips: (0..<8).map { Trip(id: "t\($0)", city: "City " + String($0), nights: $0, photoPath: "/p/\($0).jpg") })

    private func photos(_ scene: Scene) -> [(trip: Int, frame: CGRect, source: CGRect, radius: CGFloat, label: String)] {
        scene.commands.compactMap { c in
            if case let .photo(t, f, s, r, p, _) = c { return (t, f, s, r, p.label) }
            return nil
        }
    }

    /// Every photo of the app's trips decoded at `size`.
    private func everyPhoto(of app: AppModel, _ size: CGSize) -> [Int: CGSize] {
        Dictionary(uniqueKeysWithValues: app.catalog.allPhotoPaths.indices.map { ($0, size) })
    }

    private func texts(_ scene: Scene) -> [String] {
        scene.commands.compactMap { c in
            if case .text(let s, _, _, _, _, _, _) = c { return s }
            return nil
        }
    }

    func testShowsTitleVisibleStripPhotosAndEveryListRow() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        let scene = app.scene(imageSizes: everyPhoto(of: app, CGSize(width: 1600, height: 1000)))
        // At a desktop size the hero comes first: the first trip in the big photo's room (docs/BEHAVIOUR.md, "The hero").
        XCTAssertEqual(photos(scene).first?.frame, app.layout.hero)
        XCTAssertEqual(photos(scene).dropFirst().map(\.trip), Array(app.layout.visibleStripItems(offset: 0)))
        let t = texts(scene)
        XCTAssertEqual(t.first, "Trips")
        for trip in catalog.trips { XCTAssertTrue(t.contains(trip.city)) }
        XCTAssertTrue(t.contains("1 night"))
        XCTAssertTrue(scene.commands.contains(.clip(app.layout.strip)), "the strip clips its photos like a scroll view")
        XCTAssertTrue(scene.commands.contains(.clip(nil)), "and lifts the clip after them")
    }

    func testStripPhotosHaveTwelvePointCornersAndAspectFill() throws {
        let app = AppModel(catalog: catalog, size: OverviewLayout.phoneSize, mode: .windowed)
        let first = try XCTUnwrap(photos(app.scene(imageSizes: everyPhoto(of: app, CGSize(width: 2000, height: 1000)))).first)
        XCTAssertEqual(first.radius, 12)
        XCTAssertEqual(first.label, "City 0")
        XCTAssertEqual(first.frame, app.layout.stripItem(0))
        // Source aspect (in pixels) equals the frame's aspect: no distortion.
        XCTAssertEqual(first.source.width * 2000 / (first.source.height * 1000), first.frame.width / first.frame.height, accuracy: 1e-9)
    }

    func testOpenPhotoLeavesItsSlotEmptyAndIsDrawnOnTopWithItsCity() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.open(0)
        for frame in 1...120 { app.advance(to: Double(frame) / 60) }
        let scene = app.scene()
        let drawn = photos(scene)
        XCTAssertEqual(drawn.filter { $0.trip == 0 }.count, 1, "the slot is empty: trip 0 is drawn once, as the big photo")
        XCTAssertEqual(drawn.last?.trip, 0, "the big photo is drawn above the strip")
        XCTAssertEqual(drawn.last?.radius, 16)
        XCTAssertEqual(drawn.last?.frame, app.layout.bigPhoto)
        XCTAssertTrue(texts(scene).contains("City 0"))
    }
}
