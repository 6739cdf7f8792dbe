import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// A clip's sound as the model runs it (issue #38's `M`): a clip opens
/// muted; `M` or the sound button turns its sound on and off, the scene
/// asks the platform for it and the snapshot says so; a kiosk's clips stay
/// muted; a clip the platform finds silent says so and stays muted; each
/// clip opens muted again.
final class ClipSoundTests: XCTestCase {
    /// One trip: a clip, a photo, a clip.
    var catalog: TripCatalog {
        let clip = PhotoShape(taken: nil, aspect: 1.5, kind: .clip, duration: 4)
        return TripCatalog(trips: [Trip(id: "t", city: "City", nights: 2, photoPaths: ["/nowhere/a.mp4", "/nowhere/b.jpg", "/nowhere/c.mp4"],
                                        photoShapes: [clip, PhotoShape(taken: nil, aspect: 1.5), clip])])
    }

    /// The model after `script` (the clip opened by Return on the focused
    /// trip at 200 ms first), and its snapshots.
    func run(_ script: String, mode: LaunchOptions.WindowMode = .windowed) throws -> (app: AppModel, states: [JSONNode], lines: [String]) {
        let parsed = try ReplayScript.parse("size 1280 800\nat 100 key Right\nat 200 key Return\n" + script, file: "sound.txt", isKeyName: { _ in true })
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: mode)
        let lines = try ReplayRunner.lines(parsed, app: app)
        return (app, try lines.filter { $0.contains("\"screen\"") }.map { try JSONDocument.parse($0) }, lines)
    }

    private func labels(_ state: JSONNode) -> [String] { state["a11y"]?.array.compactMap { $0["label"]?.string } ?? [] }

    func testAClipOpensMutedAndMTurnsItsSoundOnAndOff() throws {
        let r = try run("at 1000 state\nat 1100 key M\nat 1200 state\nat 2000 key M\nat 2100 state")
        XCTAssertEqual(r.states.map { $0["clip", "sound"]?.bool }, [false, true, false])
        XCTAssertFalse(labels(r.states[0]).contains("Sound on"), "no controls before M")
        XCTAssertTrue(labels(r.states[1]).contains("Sound off"), "M brings the controls up; the button mutes: \(labels(r.states[1]))")
        XCTAssertTrue(labels(r.states[2]).contains("Sound on"))
    }

    func testTheSceneAsksForTheSoundOnlyWhileItIsOn() throws {
        let r = try run("at 1100 key M")
        XCTAssertEqual(r.app.scene().moving?.sound, true)
        r.app.handle(.key(.m, ctrl: false))
        XCTAssertEqual(r.app.scene().moving?.sound, false)
    }

    func testTheSoundButtonIsTheSameToggle() throws {
        let r = try run("at 1100 key M\nat 1300 reader click button:clip-sound\nat 1400 state\nat 1500 reader click button:clip-sound\nat 1600 state")
        XCTAssertEqual(r.states.map { $0["clip", "sound"]?.bool }, [false, true])
    }

    func testEachClipOpensMutedAgain() throws {
        // Sound on the first clip, then to the photo and on to the second clip.
        let r = try run("at 1100 key M\nat 1200 state\nat 1500 key Right\nat 2500 key Right\nat 3500 state")
        XCTAssertEqual(r.states[0]["clip", "sound"]?.bool, true)
        XCTAssertEqual(r.states[1]["photo", "index"]?.number, 2)
        XCTAssertEqual(r.states[1]["clip", "sound"]?.bool, false)
    }

    func testAKioskClipStaysMutedAndHasNoSoundButton() throws {
        let r = try run("at 1000 key K\nat 1100 key M\nat 1200 state", mode: .kiosk)
        XCTAssertEqual(r.states[0]["clip", "sound"]?.bool, false)
        XCTAssertTrue(labels(r.states[0]).contains("Play"), "the controls are up: \(labels(r.states[0]))")
        XCTAssertFalse(labels(r.states[0]).contains("Sound on"))
        XCTAssertEqual(r.app.scene().moving?.sound, false)
    }

    func testAClipWithoutSoundSaysSoAndStaysMuted() throws {
        let r = try run("at 1100 key M")
        let driver = AppDriver(app: r.app)
        driver.clipHasNoSound(photo: 2) // another clip's word: nothing
        XCTAssertTrue(r.app.clipControls.soundOn)
        driver.clipHasNoSound(photo: 0)
        XCTAssertFalse(r.app.clipControls.soundOn)
        XCTAssertEqual(r.app.toast?.text, "This clip has no sound")
        r.app.toast = nil
        r.app.handle(.key(.m, ctrl: false))
        XCTAssertFalse(r.app.clipControls.soundOn, "known silent, M only says so again")
        XCTAssertEqual(r.app.toast?.text, "This clip has no sound")
    }
}
