import Foundation
import XCTest
@testable import TripsKit

/// An animation's badge in the big photo, on the model: a button of the
/// layout walk (drawn, touched and read from one place) that plays an
/// animation with reduced motion and holds or plays it on without; `K`
/// is its keyboard path. And the attract loop's animation, which plays
/// as its slide with no pan or zoom.
final class MotionBadgeButtonTests: XCTestCase {
    /// One trip: an animation, then a still.
    private let catalog = TripCatalog(trips: [
        Trip(id: "t", city: "Lisbon", nights: 2, photoPaths: ["/t/a.gif", "/t/b.jpg"],
             photoShapes: [PhotoShape(taken: nil, aspect: 1.5, kind: .animated), PhotoShape(taken: nil, aspect: 1.5)]),
    ])

    private func opened(reduceMotion: Bool) -> AppModel {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed, reduceMotion: reduceMotion)
        app.open(0)
        app.advance(to: 1)
        return app
    }

    private func badge(_ app: AppModel) -> AccessibilityElement? { app.accessibilityElements.first { $0.id == "button:motion-badge" } }

    func testWithReducedMotionTheBadgePlaysTheAnimationAndKHoldsIt() {
        let app = opened(reduceMotion: true)
        XCTAssertNil(app.moving, "its first frame, still")
        XCTAssertEqual(badge(app)?.label, "Play animation")
        XCTAssertEqual(badge(app)?.traits, ["button"])
        // A tap on the badge (a reader's click is a tap at its centre).
        app.handle(.reader(.click(element: "button:motion-badge")))
        app.advance(to: 1.5)
        XCTAssertEqual(app.moving?.photo, 0, "it plays")
        XCTAssertEqual(app.moving?.since ?? 0, 1, accuracy: 0.01, "from its start at the tap")
        XCTAssertEqual(badge(app)?.label, "Pause animation")
        XCTAssertEqual(app.scene().moving?.paused, false)
        app.handle(.key(.k, ctrl: false))
        XCTAssertEqual(app.scene().moving?.paused, true, "K holds it")
        XCTAssertEqual(app.scene().moving?.seconds ?? 0, 0.5, accuracy: 0.01, "where it was")
        XCTAssertEqual(badge(app)?.label, "Play animation")
        // Paged away and back: its first frame again, until the badge asks.
        app.handle(.key(.right, ctrl: false))
        app.advance(to: 3)
        XCTAssertNil(badge(app), "a still wears none")
        app.handle(.key(.left, ctrl: false))
        app.advance(to: 4.5)
        XCTAssertNil(app.moving)
        XCTAssertEqual(badge(app)?.label, "Play animation")
    }

    /// With reduced motion a clip shows its first frame until its badge
    /// (its play sign and length, read "Play") plays it: then its own controls serve.
    func testWithReducedMotionAClipsBadgePlaysIt() {
        let clips = TripCatalog(trips: [Trip(id: "c", city: "Porto", nights: 1, photoPaths: ["/c/a.mp4"],
                                             photoShapes: [PhotoShape(taken: nil, aspect: 1.5, kind: .clip, duration: 7)])])
        let app = AppModel(catalog: clips, size: CGSize(width: 1280, height: 800), mode: .windowed, reduceMotion: true)
        app.open(0)
        app.advance(to: 1)
        XCTAssertNil(app.moving)
        XCTAssertNil(app.playingClip)
        XCTAssertEqual(badge(app)?.label, "Play")
        let frame = MotionBadgeButtonWalk.frame(over: app.bigPhoto.drawnFrame, isClip: true)
        XCTAssertTrue(app.scene().commands.contains {
            if case .text("0:07", let origin, _, _, _, _, _) = $0 { return frame.contains(origin) }
            return false
        }, "its length on it")
        app.handle(.key(.k, ctrl: false))
        app.advance(to: 1.5)
        XCTAssertEqual(app.moving?.photo, 0, "K, as the badge, plays it")
        XCTAssertNotNil(app.playingClip)
        XCTAssertNil(badge(app), "its controls serve from then on")
        app.handle(.key(.k, ctrl: false))
        XCTAssertNotNil(app.clipControls.pausedAt, "K pauses it as any clip")
    }

    func testWithoutReducedMotionItPlaysAndTheBadgeHoldsIt() {
        let app = opened(reduceMotion: false)
        XCTAssertEqual(app.moving?.photo, 0)
        XCTAssertEqual(badge(app)?.label, "Pause animation")
        let since = app.moving?.since ?? 0
        app.advance(to: since + 0.5)
        app.handle(.reader(.click(element: "button:motion-badge")))
        XCTAssertEqual(app.scene().moving?.paused, true)
        XCTAssertEqual(badge(app)?.label, "Play animation")
        app.advance(to: since + 2)
        XCTAssertEqual(app.scene().moving?.seconds ?? 0, 0.5, accuracy: 0.01, "held")
        app.handle(.key(.k, ctrl: false))
        XCTAssertEqual(app.scene().moving?.paused, false)
        app.advance(to: since + 2.25)
        XCTAssertEqual(app.scene().moving?.seconds ?? 0, 0.75, accuracy: 0.01, "on from where it was held")
        // Drawn: the badge's plate in the big photo's top-left corner.
        let frame = MotionBadgeButtonWalk.frame(over: app.bigPhoto.drawnFrame)
        XCTAssertTrue(app.scene().commands.contains {
            if case .fill(let r, _, _) = $0 { return r == frame }
            return false
        })
    }

    func testTheAttractLoopPlaysAnAnimationWithoutPanOrZoom() {
        for reduceMotion in [false, true] {
            let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk, idleTimeout: 5,
                               attract: Attract.Settings(slideSeconds: 2), reduceMotion: reduceMotion)
            // The idle reset at 5 s, the loop at 7 s, on the replay's frames.
            for frame in 1...450 { app.advance(to: Double(frame) / 60) }
            XCTAssertEqual(app.screen, .attract)
            XCTAssertEqual(app.attract?.current?.animated, true)
            XCTAssertEqual(app.attract?.currentPanZoom(window: app.size).zoom, 1)
            if reduceMotion {
                XCTAssertNil(app.scene().moving, "its first frame")
            } else {
                XCTAssertEqual(app.scene().moving?.photo, 0)
                XCTAssertEqual(app.scene().moving?.once, false, "as its file asks, for the slide's time")
            }
        }
    }
}
