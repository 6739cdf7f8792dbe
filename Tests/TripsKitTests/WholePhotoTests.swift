import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The whole photo (issue 37): fitted into the big frame and letterboxed,
/// the floor of the zoom's ladder below the filled card.
final class WholePhotoTests: XCTestCase {
    let opened = "size 1280 800\nat 100 down 1 300 700\nat 160 up 1\n"

    func testFKeyShowsTheWholePhotoAndAgainFillsTheCard() throws {
        let r = try ModelReplay(opened + "at 1000 key F\nat 1600 state\nat 1700 key F\nat 2300 state")
        XCTAssertEqual(try r.state(at: 1600)["whole"]?.bool, true)
        XCTAssertEqual(try r.state(at: 2300)["whole"]?.bool, false)
        XCTAssertEqual(r.events("whole").map { $0["whole"]?.bool }, [true, false])
    }

    func testMinusBelow1xShowsTheWholePhotoAndPlusFillsAgain() throws {
        let r = try ModelReplay(opened + "at 1000 key -\nat 1600 state\nat 1700 key +\nat 2300 state\nat 2400 key +\nat 3000 state")
        XCTAssertEqual(try r.state(at: 1600)["whole"]?.bool, true)
        XCTAssertEqual(try r.state(at: 2300)["whole"]?.bool, false)
        XCTAssertEqual(try r.state(at: 2300)["zoom"]?.number, 1, "the ladder: whole photo, then the filled card at 1x")
        XCTAssertEqual(try r.state(at: 3000)["zoom"]?.number, 1.5)
    }

    func testAPinchInBelow1xShowsTheWholePhotoAndAPinchOutFillsAgain() throws {
        var script = opened + "at 1000 pinch begin 460 330\n"
        for i in 1...5 { script += "at \(1000 + i * 16) pinch change \(1 - 0.1 * Double(i)) 0\n" }
        script += "at 1100 pinch end\nat 1800 state\nat 1900 pinch begin 460 330\n"
        for i in 1...5 { script += "at \(1900 + i * 16) pinch change \(1 + 0.2 * Double(i)) 0\n" }
        script += "at 2000 pinch end\nat 2700 state"
        let r = try ModelReplay(script)
        XCTAssertEqual(try r.state(at: 1800)["whole"]?.bool, true)
        XCTAssertEqual(try r.state(at: 1800)["zoom"]?.number, 1)
        XCTAssertEqual(try r.state(at: 2700)["whole"]?.bool, false)
    }

    func testAMouseDoubleClickShowsTheWholePhotoWhereTwoTapsZoom() throws {
        let click = { (t: Int) in "at \(t) mouse down 460 330\nat \(t + 50) mouse up 460 330\n" }
        let r = try ModelReplay(opened + click(1000) + click(1150) + "at 1900 state\n" + click(2000) + click(2150) + "at 2900 state")
        XCTAssertEqual(try r.state(at: 1900)["whole"]?.bool, true)
        XCTAssertEqual(try r.state(at: 1900)["zoom"]?.number, 1, "a double-click does not zoom to 2x")
        XCTAssertEqual(try r.state(at: 2900)["whole"]?.bool, false)
        XCTAssertTrue(r.events("close").isEmpty)
    }

    func testAPhotoOpenedFromOutsideIsWholeAndSaysSo() throws {
        let model = AppModel(catalog: try TripCatalog.load(file: ModelReplay.bundledTrips), size: CGSize(width: 1280, height: 800), mode: .windowed)
        let path = model.catalog.trips[0].photoPaths[0]
        XCTAssertTrue(model.openPhoto(atPath: path))
        model.advance(to: 1)
        XCTAssertTrue(model.bigPhoto.whole)
        let element = try XCTUnwrap(model.accessibilityElements.first { $0.id == "big-photo" })
        XCTAssertTrue(element.value.contains("Whole photo"), element.value)
    }

    func testTheWholePictureIsDrawnFittedAndLetterboxed() {
        // A portrait 3000 x 4000 picture in an 890 x 524 frame: 393 x 524, centred, all of it.
        let v = PhotoGeometry.fittedView(imageSize: CGSize(width: 3000, height: 4000), frame: CGRect(x: 16, y: 68, width: 890, height: 524),
                                         zoom: 1, center: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(v.source, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(v.frame.height, 524, accuracy: 1e-9)
        XCTAssertEqual(v.frame.width, 393, accuracy: 1e-9)
        XCTAssertEqual(v.frame.midX, 16 + 445, accuracy: 1e-9)
        // At the fill zoom it is the filled card's crop.
        let fill = PhotoGeometry.fillZoom(imageSize: CGSize(width: 3000, height: 4000), frameSize: CGSize(width: 890, height: 524))
        let filled = PhotoGeometry.fittedView(imageSize: CGSize(width: 3000, height: 4000), frame: CGRect(x: 16, y: 68, width: 890, height: 524),
                                              zoom: fill, center: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(filled.frame, CGRect(x: 16, y: 68, width: 890, height: 524))
        let crop = PhotoGeometry.aspectFillSource(imageSize: CGSize(width: 3000, height: 4000), frameSize: CGSize(width: 890, height: 524))
        XCTAssertEqual(filled.source.minY, crop.minY, accuracy: 1e-9)
        XCTAssertEqual(filled.source.height, crop.height, accuracy: 1e-9)
    }

    /// Any window from 360 x 360 to 3840 x 600: the big photo never shorter
    /// than a strip photo, its caption band never over a quarter of it.
    func testEveryWindowKeepsTheBigPhotoAtLeastATileAndItsCaptionAQuarter() throws {
        for (w, h) in [(360, 360), (360, 640), (800, 450), (2540, 400), (3840, 600), (3840, 1080), (1280, 800), (402, 874), (640, 360)] {
            let size = CGSize(width: w, height: h)
            let layout = OverviewLayout(size: size, itemCount: 3)
            XCTAssertGreaterThanOrEqual(layout.bigPhoto.height, layout.photoSize.height, "\(w)x\(h)")
            XCTAssertLessThanOrEqual(layout.strip.maxY, CGFloat(h), "\(w)x\(h)")
            let model = AppModel(catalog: try TripCatalog.load(file: ModelReplay.bundledTrips), size: size, mode: .windowed)
            model.open(0)
            model.advance(to: 2)
            let frame = layout.bigPhoto
            let bands = model.scene().commands.compactMap { command -> CGRect? in
                guard case let .fill(r, color, _) = command, color == RGBA(0, 0, 0, 90) else { return nil }
                return r
            }
            let band = try XCTUnwrap(bands.first, "\(w)x\(h)")
            XCTAssertLessThanOrEqual(band.height, frame.height / 4, "\(w)x\(h)")
        }
    }
}
