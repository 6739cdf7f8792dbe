import Foundation
import JSON
import XCTest
@testable import TripsKit

/// A slide whose picture has another shape than the window drifts at 1x
/// across what the window's crop hides (drawn texel for pixel, a plain
/// copy each frame); one of the window's shape, or of no known shape,
/// zooms (docs/PRESENTING.md).
final class AttractDriftTests: XCTestCase {
    let kiosk = ["--kiosk", "--idle", "5", "--slide", "2"]

    func testTheDriftFollowsWhatTheCropHides() throws {
        let landscape = CGSize(width: 1280, height: 800)
        // 4:3 on 16:10: 5/6 of its height shown; the sixth left is the drift.
        let camera = try XCTUnwrap(Attract.drift(aspect: 4.0 / 3, window: landscape))
        XCTAssertFalse(camera.acrossWidth)
        XCTAssertEqual(camera.length, 1.0 / 6, accuracy: 1e-9)
        // A panorama drifts a third of the part shown, not across all of itself.
        let panorama = try XCTUnwrap(Attract.drift(aspect: 3, window: landscape))
        XCTAssertTrue(panorama.acrossWidth)
        XCTAssertEqual(panorama.length, (1.6 / 3) / 3, accuracy: 1e-9)
        // A portrait panel: a landscape photo drifts sideways.
        XCTAssertEqual(Attract.drift(aspect: 1.5, window: CGSize(width: 800, height: 1280))?.acrossWidth, true)
        XCTAssertNil(Attract.drift(aspect: 1.6, window: landscape), "the window's shape: nothing hidden")
        XCTAssertNil(Attract.drift(aspect: 1.62, window: landscape), "too little hidden to drift across")
        XCTAssertNil(Attract.drift(aspect: nil, window: landscape), "no known shape")
        XCTAssertNil(Attract.drift(aspect: .nan, window: landscape))
    }

    /// Camera photos (4:3) on 16:10: no zoom, the view moves down on the
    /// first slide and back up on the second, and the walk's source is the
    /// window's shape at the picture's own scale all the while.
    func testACameraPhotoDriftsDownThenTheNextUp() throws {
        let shapes = (0..<3).map { PhotoShape(taken: Double($0) * 3600, aspect: 4.0 / 3) }
        let catalog = TripCatalog(trips: [Trip(id: "rome", city: "Rome", nights: 1, photoPaths: ["a", "b", "c"].map { "/p/\($0).jpg" },
                                               photoShapes: shapes)])
        let r = try ModelReplay("size 1280 800\nat 7100 state\nat 8900 state\nat 9200 state\nat 10900 state", arguments: kiosk, catalog: catalog)
        for t in [7100, 8900, 9200, 10900] { XCTAssertEqual(try r.state(at: t)["attract", "zoom"]?.number, 1, "no zoom at \(t)") }
        let y = { (t: Int) in try XCTUnwrap(r.state(at: t)["attract", "center"]?.numbers.last) }
        XCTAssertLessThan(try y(7100), 0.45)
        XCTAssertGreaterThan(try y(8900), 0.55, "the first slide went down")
        XCTAssertGreaterThan(try y(9200), 0.55)
        XCTAssertLessThan(try y(10900), 0.45, "the second came back up")
        XCTAssertEqual(try r.state(at: 8900)["attract", "center"]?.numbers.first, 0.5)
    }

    func testTheSourceIsTheWindowsShapeAtThePicturesScale() throws {
        let shapes = [PhotoShape(taken: 0, aspect: 4.0 / 3)]
        let catalog = TripCatalog(trips: [Trip(id: "rome", city: "Rome", nights: 1, photoPaths: ["/p/a.jpg"], photoShapes: shapes)])
        guard case .run(let options) = try LaunchOptions.parse(kiosk) else { throw XCTSkip("not a run") }
        let app = AppModel(launching: options, catalog: catalog, size: CGSize(width: 1280, height: 800))
        let driver = AppDriver(app: app)
        var t = 0.0, sources: [CGRect] = []
        while t < 8.9 {
            t += 1.0 / 60
            driver.advance(to: t)
            guard app.screen == .attract, let attract = app.attract else { continue }
            // The picture decoded to cover the window: 1280 x 960 texels.
            sources += AttractWalk(model: app, attract: attract, imageSize: { _ in CGSize(width: 1280, height: 960) }).make()
                .flatMap(\.drawing).compactMap { if case .photo(_, _, let source, _, _, let opacity) = $0, opacity > 0 { source } else { nil } }
        }
        XCTAssertGreaterThan(sources.count, 60)
        for source in sources {
            XCTAssertEqual(source.width * 1280, 1280, accuracy: 1e-6)
            XCTAssertEqual(source.height * 960, 800, accuracy: 1e-6)
        }
        XCTAssertEqual(try XCTUnwrap(sources.first?.minY), 0, accuracy: 0.005, "from the top")
        XCTAssertGreaterThan(try XCTUnwrap(sources.last?.minY), 0.8 / 6, "most of the way to the bottom")
    }
}
