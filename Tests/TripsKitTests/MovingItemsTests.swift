import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// Items that move in a library (docs/PHOTOS.md, "Clips, Live Photos and
/// Motion Photos"): a clip is an item of the trip of its container's
/// creation time (else its file's time) with its duration; a Live Photo
/// pair is one item; a Motion Photo is one live item; the capture-time
/// cache keeps what moves; the strip badges them and a screen reader says
/// what they are, in the visitor's language.
final class MovingItemsTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC")!
    /// 2024-05-01T10:00:00Z.
    private let may1 = 1_714_557_600.0

    private func setModified(_ path: String, _ seconds: Double) {
        var times = [timespec(tv_sec: Int(seconds), tv_nsec: 0), timespec(tv_sec: Int(seconds), tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    /// A loose library: photos of May 2024 and January 2023, a clip of each
    /// (the old one without a creation time, dated by its file), a Live
    /// Photo pair and a Motion Photo of May 2024.
    private func makeLibrary() throws -> (folder: String, motion: (path: String, offset: Int, length: Int)) {
        let folder = try temporaryFolder("trips-moving").path
        let media = PhoneRoll(folder: folder)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:01 09:00:00", offset: "+00:00").write(to: URL(fileURLWithPath: folder + "/a.jpg"))
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:02 18:00:00", offset: "+00:00").write(to: URL(fileURLWithPath: folder + "/b.jpg"))
        try ExifStamp.stamped(jpeg, dateTime: "2023:01:10 12:00:00", offset: "+00:00").write(to: URL(fileURLWithPath: folder + "/c.jpg"))
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:01 11:00:00", offset: "+00:00").write(to: URL(fileURLWithPath: folder + "/IMG_7.JPG"))
        try media.clip("IMG_7.MOV", seconds: 3, width: 160, height: 120, created: "2024-05-01T11:00:00Z")
        try media.clip("clip.mp4", seconds: 7, created: "2024-05-01T10:00:00Z")
        try media.clip("old.webm", seconds: 2, width: 64, height: 48)
        setModified(folder + "/old.webm", 1_673_352_000 + 3600) // 2023-01-10 13:00
        // An iPhone's pair: HEIC and MOV, the ending's case aside.
        try media.run("convert", [folder + "/a.jpg", "-strip", "-resize", "240x160", folder + "/small.jpg"])
        try media.run("heif-enc", ["-q", "50", "small.jpg", "-o", "IMG_8.HEIC"])
        try FileManager.default.removeItem(atPath: folder + "/small.jpg")
        setModified(folder + "/IMG_8.HEIC", 1_714_640_400) // 2024-05-02 09:00
        try media.clip("IMG_8.mov", seconds: 2, width: 64, height: 48, created: "2024-05-02T09:00:00Z")
        let motion = try media.motionPhoto("PXL_1.MP.jpg", seconds: 4)
        setModified(motion.path, 1_714_676_400) // 2024-05-02 19:00
        return (folder, motion)
    }

    func testClipsLivePhotosAndMotionPhotosAreItemsOfTheirTrips() throws {
        let (folder, motion) = try makeLibrary()
        let library = try PhotoLibrary.scan(folder)
        let reading = CaptureTimeReading(photos: library.allPhotos, cache: .empty, timeZone: utc)
        let catalog = library.catalog(times: reading.times, problems: reading.problems, aspects: reading.aspects, motions: reading.motions,
                                      timeZone: utc)
        XCTAssertEqual(catalog.trips.map { $0.photoPaths.map { ($0 as NSString).lastPathComponent } }, [
            ["c.jpg", "old.webm"],
            ["a.jpg", "clip.mp4", "IMG_7.JPG", "IMG_8.HEIC", "b.jpg", "PXL_1.MP.jpg"],
        ], "each clip in the trip of its time; the Live Photos' MOVs are no items")
        XCTAssertTrue(reading.problems.isEmpty, "\(reading.problems)")
        let may = catalog.trips[1], january = catalog.trips[0]
        XCTAssertEqual(may.photoCount, 6)
        XCTAssertEqual(may.shape(photo: 3)?.liveClip, .beside(path: folder + "/IMG_8.mov"))
        XCTAssertEqual(may.shape(photo: 3)?.duration ?? 0, 2, accuracy: 0.05)

        let clip = try XCTUnwrap(may.shape(photo: 1))
        XCTAssertEqual(clip.kind, .clip)
        XCTAssertEqual(clip.duration ?? 0, 7, accuracy: 0.05)
        XCTAssertEqual(clip.taken, may1, "its container's creation time is its own")
        XCTAssertEqual(clip.aspect, 320.0 / 240)

        let old = try XCTUnwrap(january.shape(photo: 1))
        XCTAssertEqual(old.kind, .clip)
        XCTAssertNil(old.taken, "no creation time: its file's time placed it")
        XCTAssertEqual(old.duration ?? 0, 2, accuracy: 0.05)

        let live = try XCTUnwrap(may.shape(photo: 2))
        XCTAssertEqual(live.kind, .live)
        XCTAssertEqual(live.liveClip, .beside(path: folder + "/IMG_7.MOV"))
        XCTAssertEqual(live.duration ?? 0, 3, accuracy: 0.05)
        XCTAssertEqual(live.aspect, 1600.0 / 1067, "the still's shape")

        let motionPhoto = try XCTUnwrap(may.shape(photo: 5))
        XCTAssertEqual(motionPhoto.kind, .live)
        XCTAssertEqual(motionPhoto.liveClip, .embedded(offset: motion.offset, length: motion.length))
        XCTAssertEqual(motionPhoto.duration ?? 0, 4, accuracy: 0.05)
        XCTAssertEqual(may.shape(photo: 0)?.kind, .still)
    }

    func testTheCacheKeepsWhatMovesAndAnOlderCacheIsReadAgainForIt() throws {
        let (folder, _) = try makeLibrary()
        let cachePath = folder + "/cache/capture-times.tsv"
        let library = try PhotoLibrary.scan(folder)
        let first = CaptureTimeReading(photos: library.allPhotos, cache: CaptureTimeCache(path: cachePath), timeZone: utc)
        try first.cache.save(keeping: library.allPhotos)
        let text = try String(contentsOfFile: cachePath, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("trips capture times 5\n"))
        XCTAssertTrue(text.contains("\tclip 7.0\t"), text)

        var cache = CaptureTimeCache(path: cachePath)
        XCTAssertNil(cache.load())
        let second = CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: utc)
        XCTAssertEqual(second.filesOpened, 0)
        XCTAssertEqual(second.motions, first.motions)
        XCTAssertEqual(second.times, first.times)
        XCTAssertEqual(first.motions.count, 5, "\(first.motions)") // two clips, the Live Photos' MOVs, the Motion Photo
        XCTAssertEqual(library.catalog(times: second.times, aspects: second.aspects, motions: second.motions, timeZone: utc),
                       library.catalog(times: first.times, aspects: first.aspects, motions: first.motions, timeZone: utc))

        // Format 4 (before motion): its lines hold, and are read again once.
        let old = text.replacingOccurrences(of: "trips capture times 5", with: "trips capture times 4")
            .split(separator: "\n").map { line -> String in
                var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count == 10 { fields.remove(at: 8) }
                return fields.joined(separator: "\t")
            }.joined(separator: "\n")
        try old.write(toFile: cachePath, atomically: true, encoding: .utf8)
        cache = CaptureTimeCache(path: cachePath)
        XCTAssertNil(cache.load())
        XCTAssertEqual(cache.entries.count, library.allPhotos.count)
        XCTAssertTrue(cache.entries.values.allSatisfy { !$0.placeRead && $0.motion == nil })
        let third = CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: utc)
        XCTAssertEqual(third.filesOpened, library.allPhotos.count)
        XCTAssertEqual(third.motions, first.motions)
        // A damaged motion field is a damaged line.
        try (text + "5\t1.5\t-\t-\t-\t-\t-\t-\tclip x\t/p/bad.mp4\n").write(toFile: cachePath, atomically: true, encoding: .utf8)
        cache = CaptureTimeCache(path: cachePath)
        XCTAssertNotNil(cache.load())
        XCTAssertNil(cache.entries["/p/bad.mp4"])
    }

    func testADamagedClipIsStillAClipAndNoPhotoIsMarkedByItsNameAlone() throws {
        let folder = try temporaryFolder("trips-damaged-clip").path
        let media = PhoneRoll(folder: folder)
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try media.clip("whole.mp4", seconds: 1, width: 64, height: 48))))
        try FileManager.default.removeItem(atPath: folder + "/whole.mp4")
        // Its moov cut off: a container Trips knows, that says no size.
        let moov = try XCTUnwrap((0..<whole.count - 4).first { Array(whole[$0..<$0 + 4]) == Array("moov".utf8) })
        try Data(whole.prefix(moov + 20)).write(to: URL(fileURLWithPath: folder + "/cut.mp4"))
        try Data("not a clip".utf8).write(to: URL(fileURLWithPath: folder + "/notes.mov"))
        let library = try PhotoLibrary.scan(folder)
        let reading = CaptureTimeReading(photos: library.allPhotos, cache: .empty, timeZone: utc)
        XCTAssertEqual(reading.motions[folder + "/cut.mp4"], .clip(seconds: nil))
        XCTAssertNil(reading.problems[folder + "/cut.mp4"], "its decode says what is wrong, as a damaged photo's does")
        XCTAssertEqual(reading.problems[folder + "/notes.mov"], "is not a photo (its bytes are not MOV data)")
        XCTAssertNil(reading.motions[folder + "/notes.mov"])
    }

    func testMotionTextsRoundTrip() {
        for motion: PhotoMotion in [.animated(frames: 12), .animated(frames: nil), .clip(seconds: 7.25), .clip(seconds: nil),
                                    .embeddedClip(offset: 1234, length: 5678, seconds: 3.5), .embeddedClip(offset: 1, length: 2, seconds: nil)] {
            XCTAssertEqual(PhotoMotion(cacheText: motion.cacheText[...]), motion)
        }
        for bad in ["", "clip", "clip -1", "clip nan", "animated 0", "motion 0 5 1", "motion 5 5", "still", "clip 7 8"] {
            XCTAssertNil(PhotoMotion(cacheText: bad[...]), bad)
        }
    }

    // MARK: Badges and words

    /// A catalogue's words, from po/LANG.po, as gettext gives them.
    private func strings(_ language: String) throws -> Strings {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po/\(language).po").standardized
        var singular: [String: String] = [:], plural: [String: [String]] = [:], id = ""
        for line in try String(contentsOf: po, encoding: .utf8).split(separator: "\n") {
            let text = line.firstIndex(of: "\"").map { String(line[line.index(after: $0)...].dropLast()) } ?? ""
            if line.hasPrefix("msgid ") { id = text }
            if line.hasPrefix("msgstr ") { singular[id] = text }
            if line.hasPrefix("msgstr[") { plural[id, default: []].append(text) }
        }
        let (words, counted, french) = (singular, plural, language == "fr")
        return Strings(language: language, decimalSeparator: ".", translate: { words[$0].flatMap { $0.isEmpty ? nil : $0 } ?? $0 },
                       translatePlural: { one, _, n in
                           let forms = counted[one] ?? [one]
                           return forms[min(forms.count - 1, (french ? n > 1 : n != 1) ? 1 : 0)]
                       })
    }

    /// The strip shows the first two trips at this size; the third is
    /// clipped away under the list, so it is neither touched nor read.
    private let wide = CGSize(width: 1280, height: 800)

    private let moving = TripCatalog(trips: [
        Trip(id: "clip", city: "Porto", nights: 0, photoPaths: ["/p/clip.mp4"],
             photoShapes: [PhotoShape(taken: nil, aspect: 4.0 / 3, kind: .clip, duration: 6.6)]),
        Trip(id: "live", city: "Faro", nights: 0, photoPaths: ["/p/IMG_1.HEIC"],
             photoShapes: [PhotoShape(taken: nil, aspect: 4.0 / 3, kind: .live, duration: 3, liveClip: .beside(path: "/p/IMG_1.MOV"))]),
        Trip(id: "still", city: "Evora", nights: 0, photoPaths: ["/p/s.jpg"], photoShapes: [PhotoShape(taken: nil, aspect: 1)]),
        Trip(id: "anim", city: "Braga", nights: 0, photoPaths: ["/p/a.gif"], photoShapes: [PhotoShape(taken: nil, aspect: 1, kind: .animated)]),
    ])

    func testTheStripBadgesWhatMovesAndAScreenReaderSaysWhatItIs() throws {
        let app = AppModel(catalog: moving, size: wide, mode: .windowed)
        let labels = app.accessibilityElements.filter { $0.id.hasPrefix("strip:") }.map(\.label)
        XCTAssertEqual(labels, ["Photo of Porto, Video, 7 seconds", "Photo of Faro, Live photo"])
        XCTAssertEqual(OverviewWalk.photoLabel(moving.trips[2], photo: 0, strings: .english), "Photo of Evora", "a still is said as a photo only")

        let commands = app.scene().commands
        var texts: [String: CGPoint] = [:]
        for case let .text(s, origin, _, _, _, _, _) in commands { texts[s] = origin }
        let tile = app.layout.stripItem(0)
        let duration = try XCTUnwrap(texts["0:07"], "a clip's badge gives its length")
        XCTAssertTrue(tile.contains(duration))
        XCTAssertLessThan(duration.y - tile.minY, tile.height / 4, "in the tile's top corner, off the middle")
        XCTAssertTrue(app.layout.stripItem(1).contains(try XCTUnwrap(texts["LIVE"])))
        let plays = commands.compactMap { c -> [CGPoint]? in if case .polygon(let p, _) = c { return p }; return nil }
        XCTAssertEqual(plays.count, 2, "one play sign on the clip's strip tile, one on the hero it leads")
        XCTAssertTrue(plays.contains { $0.allSatisfy(tile.contains) })
        let hero = try XCTUnwrap(app.layout.hero)
        XCTAssertTrue(plays.contains { $0.allSatisfy(hero.contains) })
        // The still's tile wears nothing: its strip element draws the photo only.
        let walk = app.layoutWalk()
        let strip = try XCTUnwrap(walk.elements.first { $0.id == .strip })
        let still = try XCTUnwrap(strip.children.first { $0.id == .stripPhoto(trip: 2) })
        XCTAssertEqual(still.drawing.count, 1)
        // An animation: a plate and three frames, no words; said as one.
        let animation = moving.trips[3].shape(photo: 0)
        XCTAssertEqual(MotionBadge.drawing(animation, in: tile, strings: .english).count, 4)
        XCTAssertEqual(OverviewWalk.photoLabel(moving.trips[3], photo: 0, strings: .english), "Photo of Braga, Animation")
        XCTAssertEqual(MotionBadge.drawing(animation, in: CGRect(x: 0, y: 0, width: 60, height: 40), strings: .english), [], "no badge on a tiny tile")
    }

    func testTheBigPhotoIsReadAsWhatItIs() throws {
        let app = AppModel(catalog: moving, size: wide, mode: .windowed, strings: try strings("de"))
        app.open(1)
        app.advance(to: 2)
        let big = try XCTUnwrap(app.accessibilityElements.first { $0.id == "big-photo" })
        XCTAssertEqual(big.label, "Foto von Faro, Live Photo")
    }

    func testTheWordsAreTheVisitorsLanguage() throws {
        let expected = [
            "fr": ["Photo de Porto, Vidéo, 7 secondes", "Photo de Faro, Photo Live"],
            "de": ["Foto von Porto, Video, 7 Sekunden", "Foto von Faro, Live Photo"],
            "ja": ["Portoの写真, 動画、7秒", "Faroの写真, ライブフォト"],
        ]
        for (language, labels) in expected {
            let app = AppModel(catalog: moving, size: wide, mode: .windowed, strings: try strings(language))
            XCTAssertEqual(app.accessibilityElements.filter { $0.id.hasPrefix("strip:") }.map(\.label), labels, language)
        }
        XCTAssertEqual(MotionBadge.spoken(PhotoShape(taken: nil, aspect: nil, kind: .clip, duration: 1.2), strings: try strings("fr")), "Vidéo, 1 seconde")
        XCTAssertEqual(MotionBadge.spoken(PhotoShape(taken: nil, aspect: nil, kind: .clip), strings: .english), "Video")
        XCTAssertEqual(MotionBadge.spoken(moving.trips[3].shape(photo: 0), strings: try strings("ja")), "アニメーション")
        XCTAssertEqual([0.2, 7, 59.6, 61, 3725].map(MotionBadge.duration), ["0:00", "0:07", "1:00", "1:01", "1:02:05"])
    }
}
