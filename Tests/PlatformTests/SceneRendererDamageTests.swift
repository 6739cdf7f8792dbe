import CSDL2
import Foundation
import PhotoLoading
import TripsKit
import XCTest
@testable import Platform

/// A frame redrawn only where it changed must be the frame drawn whole:
/// two software renderers on two surfaces draw the same Overview, one
/// incrementally (`SceneRenderer`'s damage), one whole every frame.
final class SceneRendererDamageTests: XCTestCase {
    /// A software renderer drawing into its own surface, with its own textures.
    private final class Canvas {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer
        let text: TextRenderer
        let photos: PhotoTextures
        let scene: SceneRenderer

        init(width: Int32, height: Int32, loader: PhotoLoader, fonts: FontLocator.Choice?, photoPaths: [String] = []) throws {
            surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888.rawValue))
            renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            text = TextRenderer(renderer: renderer, fonts: fonts, log: { _ in })
            photos = PhotoTextures(renderer: renderer, photoPaths: photoPaths, opaqueFormat: SDL_PIXELFORMAT_RGB888.rawValue, loader: loader,
                                   decodesReady: RegisteredEvent(), log: { _ in })
            scene = SceneRenderer(renderer: renderer, photos: photos, text: text, opaqueFormat: SDL_PIXELFORMAT_RGB888.rawValue)
        }

        /// The picture drawn, flushed.
        func pixels() -> UnsafeRawBufferPointer {
            SDL_RenderFlush(renderer)
            return UnsafeRawBufferPointer(start: surface.pointee.pixels, count: Int(surface.pointee.pitch) * Int(surface.pointee.h))
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
    }

    /// Plays `inputs` on `app` (0.2 s, then 0.6 s after each), every frame
    /// drawn in `incremental` where it changed and in `whole` all of it, and
    /// fails where the two pictures differ. `waitingForDecodes`: each frame
    /// is drawn again in both once what it asked for is decoded, so both
    /// show the same pictures. What each frame's first drawing drew.
    private func play(_ app: AppModel, on incremental: Canvas, and whole: Canvas, waitingForDecodes: Bool = false,
                      inputs: [InputEvent]) -> [DrawnFrame] {
        var t = 0.0
        var frames: [DrawnFrame] = []
        func frame() {
            let scene = app.scene()
            let first = incremental.scene.draw(scene, scale: 1)
            whole.scene.draw(scene, scale: 1, everything: true)
            frames.append(first)
            let moved = first.damage
            var damage = moved
            if waitingForDecodes {
                incremental.photos.finishPending()
                whole.photos.finishPending()
                damage = incremental.scene.draw(scene, scale: 1).damage
                whole.scene.draw(scene, scale: 1, everything: true)
            }
            let drawn = incremental.pixels(), expected = whole.pixels()
            guard memcmp(drawn.baseAddress!, expected.baseAddress!, drawn.count) != 0 else { return }
            let differing = (0..<drawn.count).filter { drawn[$0] != expected[$0] }
            let pitch = Int(incremental.surface.pointee.pitch)
            let xs = differing.map { $0 % pitch / 4 }, ys = differing.map { $0 / pitch }
            XCTFail("frame \(frames.count) at \(t) s: \(differing.count) bytes differ from the whole frame, in x \(xs.min()!)...\(xs.max()!), "
                    + "y \(ys.min()!)...\(ys.max()!) (damage \(String(describing: moved)), then \(String(describing: damage)))")
        }
        func run(for seconds: Double) {
            let end = t + seconds
            while t < end {
                t += 1.0 / 60
                app.advance(to: t)
                frame()
            }
        }
        frame()
        run(for: 0.2)
        for input in inputs {
            app.handle(input)
            run(for: 0.6)
        }
        return frames
    }

    func testAFrameDrawnWhereItChangedIsTheFrameDrawnWhole() throws {
        let loader = PhotoLoader(workers: 1, executable: DecodeFixtures.trips)
        defer { loader.stop() }
        let fonts = try? FontLocator.choose(fontFile: nil, environment: ProcessInfo.processInfo.environment).get()
        let catalog = TripCatalog(trips: (0..<6).map { Trip(id: "t\($0)", city: "City \($0)", nights: $0 + 1, photoPath: "/nowhere/\($0).jpg") })
        let app = AppModel(catalog: catalog, size: CGSize(width: 800, height: 600), mode: .windowed)
        let incremental = try Canvas(width: 800, height: 600, loader: loader, fonts: fonts)
        let whole = try Canvas(width: 800, height: 600, loader: loader, fonts: fonts)

        // The keyboard's focus walks along the strip; a photo opens and closes.
        let damages = play(app, on: incremental, and: whole, inputs: [.key(.tab, ctrl: false), .key(.right, ctrl: false), .key(.right, ctrl: false),
                                                                     .key(.returnKey, ctrl: false), .key(.escape, ctrl: false), .key(.left, ctrl: false)])
            .map(\.damage)
        let partial = damages.filter { $0.map { !$0.isEmpty } ?? false }.count
        let unchanged = damages.filter { $0?.isEmpty ?? false }.count
        XCTAssertGreaterThan(partial, 0, "no frame was drawn in part: the test did not test it")
        XCTAssertGreaterThan(unchanged, 0, "no frame was found unchanged")
    }

    /// With real photos: opaque pictures copied and stretched over the
    /// parts of the damage left uncleared under them, translucent bands as
    /// alpha-modulated copies, while a photo grows into the big photo,
    /// pages and shrinks back.
    func testAFrameWithPhotosDrawnWhereItChangedIsTheFrameDrawnWhole() throws {
        // A loader each: a decode's result goes to the textures that asked.
        let loaders = [PhotoLoader(workers: 1, executable: DecodeFixtures.trips), PhotoLoader(workers: 1, executable: DecodeFixtures.trips)]
        defer { loaders.forEach { $0.stop() } }
        let fonts = try? FontLocator.choose(fontFile: nil, environment: ProcessInfo.processInfo.environment).get()
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos").standardized.path
        let names = ["dune", "storm", "garden", "aqua", "wood"]
        let catalog = TripCatalog(trips: [Trip(id: "lisbon", city: "Lisbon", nights: 4, photoPaths: names.prefix(3).map { "\(assets)/\($0).jpg" }),
                                          Trip(id: "kyoto", city: "Kyoto", nights: 5, photoPath: "\(assets)/aqua.jpg"),
                                          Trip(id: "oslo", city: "Oslo", nights: 2, photoPath: "\(assets)/wood.jpg")])
        let app = AppModel(catalog: catalog, size: CGSize(width: 800, height: 600), mode: .windowed)
        let incremental = try Canvas(width: 800, height: 600, loader: loaders[0], fonts: fonts, photoPaths: catalog.allPhotoPaths)
        let whole = try Canvas(width: 800, height: 600, loader: loaders[1], fonts: fonts, photoPaths: catalog.allPhotoPaths)

        // Tab reaches the playground button, Right the first strip photo.
        let frames = play(app, on: incremental, and: whole, waitingForDecodes: true,
                           inputs: [.key(.tab, ctrl: false), .key(.right, ctrl: false), .key(.returnKey, ctrl: false), .key(.right, ctrl: false),
                                    .key(.escape, ctrl: false), .key(.right, ctrl: false)])
        let partial = frames.filter { $0.damage.map { !$0.isEmpty } ?? false }.count
        XCTAssertGreaterThan(frames.map(\.photos).max() ?? 0, 0, "no photo was drawn: the test did not test it")
        XCTAssertGreaterThan(partial, 20, "few frames were drawn in part: the test did not test it")
    }

    func testTheDamageOfAMovedFillIsWhereItWasAndWhereItIs() {
        let whole = SDL_Rect(x: 0, y: 0, w: 800, h: 600)
        var before = DrawList(), after = DrawList()
        before.add(.clear(RGBA(0, 0, 0)), bounds: whole, clip: nil)
        after.add(.clear(RGBA(0, 0, 0)), bounds: whole, clip: nil)
        before.add(.fill([SDL_Rect(x: 10, y: 10, w: 20, h: 20)], RGBA(255, 0, 0)), bounds: SDL_Rect(x: 9, y: 9, w: 22, h: 22), clip: nil)
        after.add(.fill([SDL_Rect(x: 100, y: 10, w: 20, h: 20)], RGBA(255, 0, 0)), bounds: SDL_Rect(x: 99, y: 9, w: 22, h: 22), clip: nil)
        XCTAssertTrue(after.damage(since: after, whole: whole).isEmpty)
        let damage = after.damage(since: before, whole: whole)
        XCTAssertEqual(damage.rects.count, 2)
        XCTAssertTrue(damage.rects.contains(SDL_Rect(x: 9, y: 9, w: 22, h: 22)))
        XCTAssertTrue(damage.rects.contains(SDL_Rect(x: 99, y: 9, w: 22, h: 22)))
    }

    func testAScaledCopyTouchedByAChangeIsRedrawnWholeAndTheEdgesOfTheWindowEnd() {
        let whole = SDL_Rect(x: 0, y: 0, w: 800, h: 600)
        let texture = OpaquePointer(bitPattern: 0x1000)!
        // A picture larger than the window, scaled: drawn in parts it could show seams.
        func list(badgeX: Float) -> DrawList {
            var l = DrawList()
            l.add(.copy(texture: texture, from: SDL_Rect(x: 0, y: 0, w: 700, h: 500), to: .init(x: -5, y: -5, w: 810, h: 610),
                        alpha: 255, blend: 0), bounds: SDL_Rect(x: -6, y: -6, w: 812, h: 612), clip: nil)
            l.add(.fill([SDL_Rect(x: Int32(badgeX), y: 10, w: 20, h: 20)], RGBA(255, 0, 0)),
                  bounds: SDL_Rect(x: Int32(badgeX) - 1, y: 9, w: 22, h: 22), clip: nil)
            return l
        }
        let damage = list(badgeX: 50).damage(since: list(badgeX: 10), whole: whole)
        XCTAssertTrue(damage.isWhole, "\(damage.rects)")
    }

    func testNoDamagedRectangleHoldsOnlyAPartOfAScaledCopy() {
        let whole = SDL_Rect(x: 0, y: 0, w: 1280, h: 800)
        // A photo growing (scaled) down over the corner of a strip photo
        // (scaled too) whose picture changes: apart, the two are damage too
        // far from filling the box around them to be drawn as it.
        func list(grown: Int32, strip: Int) -> DrawList {
            var l = DrawList()
            l.add(.copy(texture: OpaquePointer(bitPattern: strip)!, from: SDL_Rect(x: 0, y: 0, w: 200, h: 150), to: .init(x: 432, y: 405, w: 107, h: 178),
                        alpha: 255, blend: 0), bounds: SDL_Rect(x: 431, y: 404, w: 109, h: 180), clip: nil)
            l.add(.copy(texture: OpaquePointer(bitPattern: 0x1000)!, from: SDL_Rect(x: 0, y: 0, w: 1000, h: 700),
                        to: .init(x: 12, y: 68, w: 512, h: Float(300 + grown)), alpha: 255, blend: 0),
                  bounds: SDL_Rect(x: 11, y: 67, w: 514, h: 302 + grown), clip: nil)
            return l
        }
        let after = list(grown: 80, strip: 0x3000)
        let damage = after.damage(since: list(grown: 70, strip: 0x2000), whole: whole)
        XCTAssertFalse(damage.isWhole)
        for item in after.items {
            for rect in damage.rects where rect.overlaps(item.bounds) {
                XCTAssertTrue(rect.holds(item.bounds), "\(rect) draws a part of \(item.bounds)")
            }
        }
    }

    func testTheSameCallsInAnotherOrderAreDamage() {
        let whole = SDL_Rect(x: 0, y: 0, w: 800, h: 600)
        let a = DrawList.Item.Operation.fill([SDL_Rect(x: 10, y: 10, w: 50, h: 50)], RGBA(255, 0, 0))
        let b = DrawList.Item.Operation.fill([SDL_Rect(x: 30, y: 30, w: 50, h: 50)], RGBA(0, 0, 255))
        var before = DrawList(), after = DrawList()
        before.add(a, bounds: SDL_Rect(x: 9, y: 9, w: 52, h: 52), clip: nil)
        before.add(b, bounds: SDL_Rect(x: 29, y: 29, w: 52, h: 52), clip: nil)
        after.add(b, bounds: SDL_Rect(x: 29, y: 29, w: 52, h: 52), clip: nil)
        after.add(a, bounds: SDL_Rect(x: 9, y: 9, w: 52, h: 52), clip: nil)
        XCTAssertFalse(after.damage(since: before, whole: whole).isEmpty)
    }
}
