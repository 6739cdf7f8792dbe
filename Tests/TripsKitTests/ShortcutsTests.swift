import Foundation
import Gestures
import JSON
import PhotoFile
import TestSupport
import XCTest
@testable import TripsKit

/// The shortcuts table against the keyboard (issue 37): every key in the
/// overlay, replayed, does what the overlay says, and no key outside it
/// does anything. Three trips of three photos each, run on the model.
final class ShortcutsTests: XCTestCase {
    /// The photos are files of the test's own, since Delete moves them to a trash of its own.
    lazy var folder = try! TemporaryFolder("trips-shortcuts")
    var catalog: TripCatalog {
        TripCatalog(trips: (0..<3).map { t in
            // The last trip opens on a clip (K plays and pauses it).
            Trip(id: "t\(t)", city: "City \(t)", nights: 2, photoPaths: (0..<3).map { folder.appending("t\(t)-\($0).jpg") },
                 photoShapes: t == 2 ? [PhotoShape(taken: nil, aspect: 1.5, kind: .clip, duration: 4)] + Array(repeating: PhotoShape(taken: nil, aspect: 1.5), count: 2) : [])
        })
    }

    override func tearDown() { folder.remove() }

    /// The snapshot at 2600 ms after `setup` (inputs before 1000 ms) and
    /// then `key` at 1600 (none when nil), with the model run.
    func run(_ setup: String, key: String?) throws -> (state: JSONNode, printed: String, app: AppModel) {
        let script = "size 1280 800\n" + setup + (key.map { "at 1600 key \($0)\n" } ?? "") + "at 2600 state\n"
        // Any name: a key Trips does not know is a key too (SDL's table is not at hand here).
        let parsed = try ReplayScript.parse(script, file: "shortcuts.txt", isKeyName: { _ in true })
        // Upright JPEGs, as each run starts: Ctrl+R turns them.
        for path in catalog.allPhotoPaths {
            try Data(OrientationStamp.jpeg(orientation: 1)).write(to: URL(fileURLWithPath: path))
        }
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed,
                           trash: Trash(environment: ["XDG_DATA_HOME": folder.appending("data")]), turner: PhotoTurner(environment: [:]))
        let lines = try ReplayRunner.lines(parsed, app: app)
        // (Ctrl+Q ends the replay before its snapshot.)
        let state = lines.last { $0.contains("\"screen\"") } ?? "{}"
        return (try JSONDocument.parse(state), state, app)
    }

    /// The bytes of the model's photo number `photo` now.
    static func file(_ app: AppModel, _ photo: Int) -> [UInt8]? {
        FileManager.default.contents(atPath: app.catalog.allPhotoPaths[photo]).map { Array($0) }
    }

    static let focused = "at 100 key Right\n"
    static let opened = "at 100 key Right\nat 200 key Return\n"

    /// For each key of the table, by what it does: where it starts, and
    /// what the snapshot says after it.
    let expectations: [Message: [String: (setup: String, holds: (JSONNode, AppModel) -> Bool)]] = [
        .shortcutFocus: [
            "Tab": ("", { s, _ in s["focus"]?.string == "button:playground" }),
            "Left": ("", { s, _ in s["focus"]?.string == "strip:t0" }),
            "Right": ("", { s, _ in s["focus"]?.string == "strip:t0" }),
            "Up": (focused, { s, _ in s["focus"]?.string == "row:t0" }),
            "Down": (focused, { s, _ in s["focus"]?.string == "row:t0" }),
        ],
        .shortcutOpen: [
            "Return": (focused, { s, _ in s["enlarged"]?.string == "t0" }),
            "Space": (focused, { s, _ in s["enlarged"]?.string == "t0" }),
            "Keypad Enter": (focused, { s, _ in s["enlarged"]?.string == "t0" }),
        ],
        .shortcutClose: ["Escape": (opened, { s, _ in s["enlarged"]?.isNull == true })],
        .shortcutPage: [
            "Right": (opened, { s, _ in s["photo", "index"]?.number == 1 }),
            "Left": (opened + "at 300 key Right\n", { s, _ in s["photo", "index"]?.number == 0 }),
        ],
        .shortcutFirstLast: [
            "End": (opened, { s, _ in s["photo", "index"]?.number == 2 }),
            "Home": (opened + "at 300 key End\n", { s, _ in s["photo", "index"]?.number == 0 }),
        ],
        .shortcutTrips: [
            "PageDown": (opened, { s, _ in s["enlarged"]?.string == "t1" && s["title"]?.string == "City 1 \u{2014} t1-0.jpg" }),
            "PageUp": (opened + "at 300 key PageDown\n", { s, _ in s["enlarged"]?.string == "t0" }),
        ],
        .shortcutZoomIn: [
            "+": (opened, { s, _ in s["zoom"]?.number == 1.5 }),
            "=": (opened, { s, _ in s["zoom"]?.number == 1.5 }),
            "Keypad +": (opened, { s, _ in s["zoom"]?.number == 1.5 }),
        ],
        .shortcutZoomOut: [
            "-": (opened, { s, _ in s["whole"]?.bool == true }),
            "Keypad -": (opened, { s, _ in s["whole"]?.bool == true }),
        ],
        .shortcutZoomReset: [
            "0": (opened + "at 300 key +\n", { s, _ in s["zoom"]?.number == 1 }),
            "Keypad 0": (opened + "at 300 key +\n", { s, _ in s["zoom"]?.number == 1 }),
        ],
        .shortcutWhole: ["F": (opened, { s, _ in s["whole"]?.bool == true })],
        .shortcutMoveTrip: [
            "ctrl+Right": (focused, { s, _ in s["order"]?.array.first?.string == "t1" }),
            "ctrl+Left": (focused + "at 200 key Right\n", { s, _ in s["order"]?.array.first?.string == "t1" }),
        ],
        .shortcutTrash: ["Delete": (opened, { s, _ in
            s["photo", "count"]?.number == 2 && s["toast"]?.string == "t0-0.jpg moved to the trash. Ctrl+Z or tap to undo"
        })],
        .shortcutUndo: ["ctrl+Z": (opened + "at 300 key Delete\n", { s, _ in
            s["photo", "count"]?.number == 3 && s["photo", "index"]?.number == 0 && s["toast"]?.string == "t0-0.jpg put back"
        })],
        .shortcutTurnClockwise: ["ctrl+R": (opened, { s, app in
            s["toast"]?.string == "t0-0.jpg turned" && ShortcutsTests.file(app, 0) == OrientationStamp.jpeg(orientation: 6)
        })],
        .shortcutTurnCounterClockwise: ["ctrl+shift+R": (opened, { s, app in
            s["toast"]?.string == "t0-0.jpg turned" && ShortcutsTests.file(app, 0) == OrientationStamp.jpeg(orientation: 8)
        })],
        .shortcutProperties: [
            "alt+Return": (opened, { s, _ in s["properties"]?.bool == true && s["enlarged"]?.string == "t0" }),
            "I": (opened, { s, _ in
                s["properties"]?.bool == true && s["a11y"]?.array.contains { $0["label"]?.string == "File" && $0["value"]?.string == "t0-0.jpg" } == true
            }),
        ],
        .shortcutDeleteForGood: ["shift+Delete": (opened, { s, app in
            s["delete"]?.string == "t0-0.jpg" && s["photo", "count"]?.number == 3 && ShortcutsTests.file(app, 0) != nil
        })],
        .shortcutCopy: ["ctrl+C": (opened, { s, _ in s["toast"]?.string == "Copying t0-0.jpg" })],
        .shortcutPlayPause: ["K": ("at 100 key End\nat 200 key Return\n", { s, app in
            s["enlarged"]?.string == "t2" && app.clipControls.pausedAt != nil && s["a11y"]?.array.contains { $0["label"]?.string == "Play" } == true
        })],
        // Paused under a second into its 4 s loop (read "0:01"): J goes round near its end, L a second on.
        .shortcutSeek: [
            "J": ("at 100 key End\nat 200 key Return\nat 900 key K\n", { s, app in
                app.clipControls.pausedAt.map { $0 > 3 && $0 < 4 } == true && s["a11y"]?.array.contains { $0["value"]?.string == "0:04 of 0:04" } == true
            }),
            "L": ("at 100 key End\nat 200 key Return\nat 900 key K\n", { s, app in
                app.clipControls.pausedAt.map { $0 > 1 && $0 < 2 } == true && s["a11y"]?.array.contains { $0["value"]?.string == "0:02 of 0:04" } == true
            }),
        ],
        .shortcutSound: ["M": ("at 100 key End\nat 200 key Return\n", { s, app in
            s["clip", "sound"]?.bool == true && app.clipControls.soundOn && s["a11y"]?.array.contains { $0["label"]?.string == "Sound off" } == true
        })],
        .shortcutFullscreen: ["F11": ("", { s, _ in s["fullscreen"]?.bool == true })],
        .shortcutOverlay: [
            "F1": ("", { s, _ in s["shortcuts"]?.bool == true }),
            "?": ("", { s, _ in s["shortcuts"]?.bool == true }),
            "ctrl+?": ("", { s, _ in s["shortcuts"]?.bool == true }),
        ],
        .shortcutQuit: ["ctrl+Q": ("", { _, app in app.quitRequested })],
    ]

    func testEveryKeyInTheOverlayDoesWhatItSays() throws {
        for shortcut in Shortcut.all {
            let cases = try XCTUnwrap(expectations[shortcut.what], "no test says what \(shortcut.keysText) does")
            for chord in shortcut.chords {
                let name = (chord.ctrl ? "ctrl+" : "") + (chord.shift ? "shift+" : "") + (chord.alt ? "alt+" : "") + chord.key.name
                let (setup, holds) = try XCTUnwrap(cases[name], "no test for \(name) (\(shortcut.what.id))")
                let after = try run(setup, key: name)
                XCTAssertTrue(holds(after.state, after.app), "\(name): \(shortcut.what.id); got \(after.printed)")
                XCTAssertFalse(holds(try run(setup, key: nil).state, after.app) && name != "ctrl+Q",
                               "\(name): the state held before the key too")
            }
        }
    }

    /// Any key not in the table, with or without Ctrl, in each of the
    /// Overview's states, leaves the snapshot as it was.
    func testNoKeyOutsideTheOverlayDoesAnything() throws {
        let letters = (UnicodeScalar("A").value...UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) }
        let others = (1...9).map(String.init) + (2...12).filter { $0 != 11 }.map { "F\($0)" }
            + ["Delete", "Insert", "Backspace", "/", ".", ",", "Menu", "Keypad 5"]
        var tried = 0
        for setup in ["", Self.focused, Self.opened] {
            let before = try run(setup, key: nil).printed
            for name in Key.actedOnNames + letters + others {
                for ctrl in [false, true] where !Shortcut.handles(Key(name: name), ctrl: ctrl) {
                    let after = try run(setup, key: (ctrl ? "ctrl+" : "") + name)
                    XCTAssertEqual(after.printed, before, "\(ctrl ? "Ctrl+" : "")\(name) is not in the overlay but changed the state")
                    XCTAssertFalse(after.app.quitRequested)
                    tried += 1
                }
            }
        }
        XCTAssertGreaterThan(tried, 150)
    }

    func testTheOverlayIsReadRowByRowAndClosesOnEscapeOrATap() throws {
        let model = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed, strings: .english)
        model.handle(.key(.f1, ctrl: false))
        let elements = model.accessibilityElements
        XCTAssertEqual(elements.first?.label, "Keyboard shortcuts", "read first, as a header")
        let rows = elements.filter { $0.id.hasPrefix("shortcut:") }
        XCTAssertEqual(rows.count, Shortcut.all.count)
        XCTAssertEqual(rows.first { $0.label == "F11" }?.value, "Fullscreen")
        model.handle(.key(.escape, ctrl: false))
        XCTAssertFalse(model.shortcutsShown)
        model.handle(.key(.question, ctrl: false))
        model.advance(to: 1)
        model.handle(.pointer(.mouse(.down, x: 40, y: 700, at: 1)))
        model.handle(.pointer(.mouse(.up, x: 40, y: 700, at: 1.05)))
        model.advance(to: 2)
        XCTAssertFalse(model.shortcutsShown, "a click anywhere closes it")
        XCTAssertNil(model.bigPhoto.trip, "and does nothing under it")
    }

    func testTheWheelOverTheBigPhotoPagesAndTheHintSaysClickToAMouse() throws {
        let paged = try run(Self.opened + "at 1000 wheel 0 -1 400 300\n", key: nil).state
        XCTAssertEqual(paged["photo", "index"]?.number, 1)
        let model = AppModel(catalog: catalog, size: CGSize(width: 402, height: 874), mode: .windowed)
        func hint() -> String? {
            model.scene().commands.compactMap { c -> String? in
                if case let .text(t, _, _, _, _, _, _) = c, t.hasSuffix("to open it") { return t }
                return nil
            }.first
        }
        XCTAssertEqual(hint(), "Tap a photo to open it")
        model.handle(.wheel(WheelEvent(location: CGPoint(x: 200, y: 700), dy: 1, timestamp: 0)))
        XCTAssertEqual(hint(), "Click a photo to open it")
    }

    /// The pointer resting over the window when it appears (SDL's enter,
    /// cage's cursor on a touch kiosk) does not turn "Tap" into "Click";
    /// moving it does.
    func testThePointerFirstSeenRestingIsNoMouseInputButMovingItIs() {
        let model = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk)
        func mouse(_ x: CGFloat, at t: Double) {
            model.handle(.pointer(PointerEvent(id: PointerID(0), phase: .move, location: CGPoint(x: x, y: 400), timestamp: t, kind: .mouse)))
        }
        mouse(640, at: 0.1)
        XCTAssertFalse(model.lastInputWasMouse, "the pointer was there when the window came")
        mouse(650, at: 0.2)
        XCTAssertTrue(model.lastInputWasMouse, "then it moved")
    }

    func testEscapeLeavesFullscreenOnlyWithNoPhotoOutAndAKioskNeverLeaves() throws {
        let s = try run("at 100 key F11\n" + "at 200 key Right\nat 300 key Return\n", key: "Escape").state
        XCTAssertEqual(s["fullscreen"]?.bool, true, "the first Escape closes the photo")
        XCTAssertEqual(try run("at 100 key F11\n", key: "Escape").state["fullscreen"]?.bool, false)
        let kiosk = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk)
        kiosk.handle(.key(.f11, ctrl: false))
        kiosk.handle(.key(.escape, ctrl: false))
        XCTAssertTrue(kiosk.fullscreen)
    }
}

/// Delete in a kiosk, and the undo's time.
final class TrashKeyTests: XCTestCase {
    func testAKioskChangesNoFileAndTheUndoEndsAfterTenSeconds() throws {
        let folder = try TemporaryFolder("trips-kiosk-trash")
        defer { folder.remove() }
        let paths = try ["a.jpg", "b.jpg"].map { try folder.write(Data($0.utf8), to: $0).path }
        let catalog = TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: paths)])
        let trash = Trash(environment: ["XDG_DATA_HOME": folder.appending("data")])
        let kiosk = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk, trash: trash)
        kiosk.open(0)
        kiosk.handle(.key(.delete, ctrl: false))
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[0]))
        XCTAssertNil(kiosk.toast)

        let desk = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed, trash: trash)
        desk.open(0)
        desk.advance(to: 1)
        desk.handle(.key(.delete, ctrl: false))
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[0]))
        XCTAssertEqual(desk.catalog.trips[0].photoPaths, [paths[1]], "the trip follows at once")
        XCTAssertEqual(desk.nextDeadline, 11)
        desk.advance(to: 11)
        XCTAssertNil(desk.toast)
        desk.handle(.key(.z, ctrl: true))
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[0]), "too late to undo")
    }
}

/// Delete on a Live Photo takes its MOV along; Ctrl+Z brings both back.
final class LivePhotoTrashTests: XCTestCase {
    func testALivePhotosClipGoesAndComesBackWithIt() throws {
        let folder = try TemporaryFolder("trips-live-trash")
        defer { folder.remove() }
        let still = try folder.write(Data("still".utf8), to: "IMG_1.HEIC").path, clip = try folder.write(Data("clip".utf8), to: "IMG_1.MOV").path
        let other = try folder.write(Data("other".utf8), to: "b.jpg").path
        let catalog = TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: [still, other], photoShapes: [
            PhotoShape(taken: nil, aspect: 1, kind: .live, duration: 3, liveClip: .beside(path: clip)), PhotoShape(taken: nil, aspect: 1),
        ])])
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed,
                           trash: Trash(environment: ["XDG_DATA_HOME": folder.appending("data")]))
        app.open(0)
        app.advance(to: 1)
        app.handle(.key(.delete, ctrl: false))
        XCTAssertFalse(FileManager.default.fileExists(atPath: still))
        XCTAssertFalse(FileManager.default.fileExists(atPath: clip), "the MOV went with its still")
        XCTAssertEqual(app.catalog.trips[0].photoPaths, [other])
        XCTAssertEqual(app.catalog.trips[0].shape(photo: 0)?.kind, .still)
        app.handle(.key(.z, ctrl: true))
        XCTAssertTrue(FileManager.default.fileExists(atPath: still))
        XCTAssertEqual(try String(contentsOfFile: clip, encoding: .utf8), "clip", "and came back with it")
        XCTAssertEqual(app.catalog.trips[0].shape(photo: 0)?.liveClip, .beside(path: clip))
    }
}

/// A double-click on empty space toggles fullscreen; a finger's two taps do not.
final class EmptySpaceTests: XCTestCase {
    func testAMouseDoubleClickOnEmptySpaceTogglesFullscreen() throws {
        let click = { (t: Int) in "at \(t) mouse down 1100 500\nat \(t + 40) mouse up 1100 500\n" }
        let r = try ModelReplay("size 1280 800\n" + click(100) + click(250) + "at 900 state\n" + click(1000) + click(1150) + "at 1800 state\n"
                                + "at 2000 down 1 1100 500\nat 2040 up 1\nat 2150 down 1 1100 500\nat 2190 up 1\nat 2900 state")
        XCTAssertEqual(try r.state(at: 900)["fullscreen"]?.bool, true)
        XCTAssertEqual(try r.state(at: 1800)["fullscreen"]?.bool, false)
        XCTAssertEqual(try r.state(at: 2900)["fullscreen"]?.bool, false, "two taps of a finger leave it")
        XCTAssertTrue(r.events("open").isEmpty)
    }
}

/// Ctrl+R in a kiosk, and on a file that is not the shown photo's format.
final class TurnKeyTests: XCTestCase {
    func testAKioskTurnsNoFileAndAFileWithoutTheTagIsLeftAlone() throws {
        let folder = try TemporaryFolder("trips-kiosk-turn")
        defer { folder.remove() }
        let jpeg = try folder.write(Data(OrientationStamp.jpeg(orientation: 1)), to: "a.jpg").path
        let bare = try folder.write(Data(OrientationStamp.jpeg(orientation: nil)), to: "b.jpg").path
        let catalog = TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: [jpeg, bare])])
        let kiosk = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk, turner: PhotoTurner(environment: [:]))
        kiosk.open(0)
        kiosk.handle(.key(.r, ctrl: true))
        XCTAssertEqual(FileManager.default.contents(atPath: jpeg).map { Array($0) }, OrientationStamp.jpeg(orientation: 1))
        XCTAssertNil(kiosk.toast)

        let desk = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed, turner: PhotoTurner(environment: [:]))
        desk.open(0)
        desk.advance(to: 1)
        desk.handle(.key(.right, ctrl: false))
        desk.advance(to: 2)
        desk.handle(.key(.r, ctrl: true))
        XCTAssertEqual(desk.toast?.text, "b.jpg cannot be turned losslessly; it is left as it is")
        XCTAssertEqual(FileManager.default.contents(atPath: bare).map { Array($0) }, OrientationStamp.jpeg(orientation: nil))
    }
}

/// The properties panel on the model: the same key or Escape closes it,
/// closing the photo closes it, paging shows the next photo's, and what a
/// worker read is read out row by row, only the fields the file has.
final class PropertiesPanelTests: XCTestCase {
    func testThePanelOpensClosesAndReadsEveryFieldItWasTold() throws {
        let paths = ["/photos/a.jpg", "/photos/b.png"]
        let catalog = TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: paths)])
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        app.handle(.key(.i, ctrl: false))
        XCTAssertFalse(app.propertiesShown, "no photo out: nothing to show")
        app.open(0)
        app.advance(to: 1)
        app.handle(.key(.returnKey, ctrl: false, alt: true))
        XCTAssertTrue(app.propertiesShown)
        XCTAssertNotNil(app.bigPhoto.trip, "Alt+Return does not close the photo as Return would")
        XCTAssertEqual(app.propertiesAwaited, paths[0])
        func read() -> [String: String] {
            Dictionary(app.accessibilityElements.filter { $0.id.hasPrefix("property:") }.map { ($0.label, $0.value) }) { a, _ in a }
        }
        XCTAssertEqual(read(), ["File": "a.jpg", "Reading the file…": ""])
        var p = PhotoProperties()
        (p.fileBytes, p.width, p.height, p.format) = (2_400_000, 4000, 3000, "JPEG")
        (p.make, p.model, p.exposureTime, p.fNumber, p.iso, p.focalLength) = ("Canon", "Canon EOS 5D", "1/250", "28/10", 400, "35/1")
        XCTAssertTrue(AppDriver(app: app).learn(p, place: "Lisbon, Portugal", of: paths[0]))
        XCTAssertNil(app.propertiesAwaited)
        XCTAssertEqual(read(), ["File": "a.jpg", "Size": "2.4 MB", "Dimensions": "4000 × 3000", "Format": "JPEG", "Camera": "Canon EOS 5D",
                                "Exposure": "1/250 s", "Aperture": "f/2.8", "ISO": "400", "Focal length": "35 mm", "Place": "Lisbon, Portugal"])
        XCTAssertEqual(app.accessibilityElements.first { $0.id == "properties" }?.label, "Properties")
        app.handle(.key(.right, ctrl: false))
        app.advance(to: 2)
        XCTAssertEqual(app.propertiesAwaited, paths[1], "the next page's properties are asked for")
        XCTAssertFalse(AppDriver(app: app).learn(PhotoProperties(), place: nil, of: "/elsewhere.jpg"), "not the photo shown: nothing changes")
        AppDriver(app: app).learn(PhotoProperties(), place: nil, of: paths[1])
        XCTAssertEqual(read(), ["File": "b.png"], "a file without metadata: the fields it has")
        app.handle(.key(.escape, ctrl: false))
        XCTAssertFalse(app.propertiesShown)
        XCTAssertNotNil(app.bigPhoto.trip, "the first Escape closes the panel, not the photo")
        app.handle(.key(.i, ctrl: false))
        app.handle(.key(.i, ctrl: false))
        XCTAssertFalse(app.propertiesShown, "the same key closes it")
        app.handle(.key(.i, ctrl: false))
        app.handle(.key(.escape, ctrl: false))
        app.handle(.key(.escape, ctrl: false))
        XCTAssertFalse(app.propertiesShown)
        XCTAssertEqual(app.windowTitle, "Trips", "the photo closed")
        XCTAssertNil(app.propertiesAwaited)
    }

    /// A turned photo's properties are read again: its size is upright.
    func testATurnedPhotosPropertiesAreAskedForAgain() throws {
        let folder = try temporaryFolder("trips-properties-turn")
        let path = try folder.write(Data(OrientationStamp.jpeg(orientation: 1)), to: "a.jpg").path
        let catalog = TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: [path])])
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed, turner: PhotoTurner(environment: [:]))
        app.open(0)
        app.advance(to: 1)
        app.handle(.key(.i, ctrl: false))
        AppDriver(app: app).learn(PhotoProperties(), place: nil, of: path)
        XCTAssertNil(app.propertiesAwaited)
        app.handle(.key(.r, ctrl: true))
        XCTAssertEqual(app.toast?.text, "a.jpg turned")
        XCTAssertEqual(app.propertiesAwaited, path)
    }

    /// In a wide window the panel is beside the photo, never over it; in a
    /// narrow or short one it stays inside the window.
    func testThePanelNeverCoversTheBigPhotoInAWideWindowAndFitsEveryWindow() throws {
        let catalog = TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: ["/p/a.jpg"])])
        for (w, h) in [(1280.0, 800.0), (2540, 400), (360, 640), (800, 450), (3840, 1080), (360, 360)] {
            let app = AppModel(catalog: catalog, size: CGSize(width: w, height: h), mode: .windowed)
            app.open(0)
            app.advance(to: 1)
            app.handle(.key(.i, ctrl: false))
            var p = PhotoProperties()
            (p.make, p.model, p.lens, p.captured, p.fileBytes) = ("Canon", "EOS R5", "RF24-105mm F4 L IS USM", "2024:05:12 10:04:31", 1234)
            AppDriver(app: app).learn(p, place: "Lisbon, Portugal", of: "/p/a.jpg")
            app.advance(to: 2)
            let window = CGRect(x: 0, y: 0, width: w, height: h)
            let panel = try XCTUnwrap(app.accessibilityElements.first { $0.id == "properties" }?.frame)
            let rows = app.accessibilityElements.filter { $0.id.hasPrefix("property:") }
            XCTAssertEqual(rows.count, 6, "\(w)x\(h)")
            for row in rows { XCTAssertTrue(window.contains(row.frame) && panel.contains(row.frame), "\(w)x\(h): \(row.label) at \(row.frame)") }
            if app.layout.listBeside {
                XCTAssertFalse(panel.intersects(app.bigPhoto.drawnFrame), "\(w)x\(h): the panel covers the photo")
            }
            XCTAssertFalse(app.accessibilityElements.contains { $0.id.hasPrefix("row:") }, "\(w)x\(h): the list under the panel is read")
        }
    }
}

/// Shift+Delete's confirmation: Return or its Delete button deletes the
/// photo for good, Escape or Cancel keeps it; it is read as a dialog; a
/// kiosk never asks.
final class DeleteForGoodTests: XCTestCase {
    func testTheDialogAsksAndOnlyAConfirmationDeletes() throws {
        let folder = try TemporaryFolder("trips-delete-for-good")
        defer { folder.remove() }
        let paths = try ["a.jpg", "b.jpg", "c.jpg"].map { try folder.write(Data($0.utf8), to: $0).path }
        let trash = Trash(environment: ["XDG_DATA_HOME": folder.appending("data")])
        func model(_ mode: LaunchOptions.WindowMode = .windowed) -> AppModel {
            let m = AppModel(catalog: TripCatalog(trips: [Trip(id: "t", city: "C", nights: 1, photoPaths: paths)]),
                             size: CGSize(width: 1280, height: 800), mode: mode, trash: trash)
            m.handle(.key(.returnKey, ctrl: false))
            m.advance(to: 1)
            return m
        }
        let m = model()
        m.handle(.key(.delete, ctrl: false, shift: true))
        XCTAssertEqual(m.deleteAsked, paths[0])
        let dialog = try XCTUnwrap(m.accessibilityElements.first)
        XCTAssertEqual(dialog.label, "Delete a.jpg for good?")
        XCTAssertTrue(dialog.traits.contains("dialog"))
        XCTAssertEqual(m.accessibilityElements.map(\.id), ["delete-dialog", "delete-detail", "button:cancel", "button:delete-for-good"],
                       "a reader reads only the dialog")
        m.handle(.key(.right, ctrl: false))
        XCTAssertEqual(m.bigPhoto.page, 0, "the dialog takes the keys")
        m.handle(.key(.escape, ctrl: false))
        XCTAssertNil(m.deleteAsked)
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[0]), "Escape keeps it")
        XCTAssertNotNil(m.bigPhoto.trip, "and the photo stays open")
        m.handle(.key(.delete, ctrl: false, shift: true))
        m.handle(.key(.returnKey, ctrl: false))
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[0]), "Return deletes it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appending("data/Trash/files/a.jpg")), "for good, not to the trash")
        XCTAssertEqual(m.catalog.trips[0].photoPaths, Array(paths.dropFirst()))
        XCTAssertEqual(m.toast?.text, "a.jpg deleted")
        // The buttons, as a screen reader (or a tap) presses them.
        m.handle(.key(.delete, ctrl: false, shift: true))
        m.handle(.reader(.click(element: "button:cancel")))
        XCTAssertNil(m.deleteAsked)
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[1]))
        m.handle(.key(.delete, ctrl: false, shift: true))
        m.handle(.reader(.click(element: "button:delete-for-good")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[1]))
        let kiosk = model(.kiosk)
        kiosk.handle(.key(.delete, ctrl: false, shift: true))
        XCTAssertNil(kiosk.deleteAsked, "a kiosk never deletes")
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[2]))
    }

    func testTabGoesBetweenTheDialogsButtonsAndReturnPressesTheOneItIsOn() throws {
        let folder = try TemporaryFolder("trips-delete-tab")
        defer { folder.remove() }
        let paths = try ["a.jpg", "b.jpg"].map { try folder.write(Data($0.utf8), to: $0).path }
        let m = AppModel(catalog: TripCatalog(trips: [Trip(id: "t", city: "C", nights: 1, photoPaths: paths)]),
                         size: CGSize(width: 1280, height: 800), mode: .windowed,
                         trash: Trash(environment: ["XDG_DATA_HOME": folder.appending("data")]))
        m.handle(.key(.returnKey, ctrl: false))
        m.advance(to: 1)
        m.handle(.key(.delete, ctrl: false, shift: true))
        let frames = OverviewWalk.deleteDialogFrames(size: m.size)
        XCTAssertEqual(m.focusName, "button:delete-for-good", "the dialog opens on its Delete button")
        XCTAssertEqual(m.focusFrame, frames.delete)
        func ringOnTop() -> Bool {
            // Drawn over the dialog, not under its dimming.
            m.layoutWalk().elements.last?.children.last?.id == .focusRing
        }
        XCTAssertTrue(ringOnTop())
        m.handle(.key(.tab, ctrl: false))
        XCTAssertEqual(m.focusName, "button:cancel")
        XCTAssertEqual(m.focusFrame, frames.cancel)
        XCTAssertTrue(ringOnTop())
        m.handle(.key(.returnKey, ctrl: false))
        XCTAssertNil(m.deleteAsked)
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[0]), "Return on Cancel keeps it")
        XCTAssertEqual(m.focusName, "big-photo", "the focus goes back to the photo")
        m.handle(.key(.delete, ctrl: false, shift: true))
        m.handle(.key(.tab, ctrl: false))
        m.handle(.key(.tab, ctrl: false))
        XCTAssertEqual(m.focusName, "button:delete-for-good", "Tab comes round again")
        m.handle(.key(.space, ctrl: false))
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[0]), "Space on Delete deletes it")
        XCTAssertEqual(m.focusName, "big-photo")
    }
}

/// The big photo's previous and next buttons: shown while a mouse is over
/// it, a click pages; a touch never shows them.
final class PageButtonTests: XCTestCase {
    func testAMouseOverTheBigPhotoShowsItsPageButtonsAndAClickPages() throws {
        let paths = (0..<3).map { "/nowhere/p\($0).jpg" }
        let model = AppModel(catalog: TripCatalog(trips: [Trip(id: "t", city: "C", nights: 1, photoPaths: paths)]),
                             size: CGSize(width: 1280, height: 800), mode: .windowed)
        model.handle(.key(.returnKey, ctrl: false))
        model.advance(to: 5)
        func buttons() -> [String] { model.accessibilityElements.map(\.id).filter { $0 == "button:previous" || $0 == "button:next" } }
        XCTAssertEqual(buttons(), [], "none before a mouse comes")
        let frame = model.bigPhoto.drawnFrame
        model.handle(.pointer(.mouse(.move, x: frame.midX - 2, y: frame.midY, at: 5.05)))
        XCTAssertEqual(buttons(), [], "a pointer first seen resting is no mouse in use")
        model.handle(.pointer(.mouse(.move, x: frame.midX, y: frame.midY, at: 5.1)))
        XCTAssertEqual(buttons(), ["button:next"], "the first page has no previous")
        let next = try XCTUnwrap(model.accessibilityElements.first { $0.id == "button:next" })
        XCTAssertEqual(next.label, "Next photo")
        XCTAssertGreaterThan(next.frame.minX, frame.midX, "at the photo's right side")
        model.handle(.pointer(.mouse(.down, x: next.frame.midX, y: next.frame.midY, at: 5.2)))
        model.handle(.pointer(.mouse(.up, x: next.frame.midX, y: next.frame.midY, at: 5.25)))
        model.advance(to: 9)
        XCTAssertEqual(model.bigPhoto.page, 1, "a click pages")
        let now = model.bigPhoto.drawnFrame
        model.handle(.pointer(.mouse(.move, x: now.midX, y: now.midY, at: 9.05)))
        XCTAssertEqual(buttons(), ["button:previous", "button:next"])
        model.handle(.pointer(.mouse(.move, x: 4, y: 4, at: 9.1)))
        XCTAssertEqual(buttons(), [], "off the photo they go")
        model.handle(.pointer(.mouse(.move, x: now.midX, y: now.midY, at: 9.2)))
        XCTAssertEqual(buttons().count, 2)
        model.handle(.pointer(PointerEvent(id: PointerID(0), phase: .down, location: CGPoint(x: now.midX, y: now.midY), timestamp: 9.3, kind: .touch)))
        XCTAssertEqual(buttons(), [], "a touch hides them")
    }
}
