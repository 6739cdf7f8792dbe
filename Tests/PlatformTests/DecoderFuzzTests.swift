import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// A seeded mutation fuzz through the real decode path (header check, a
/// sandboxed worker, pixels in shared memory): a few hundred mutated files
/// across every format the app reads, JPEGs also as detail tiles and as
/// previews (a seed with an EXIF thumbnail among them), every third file's
/// properties read by exiv2 instead (a seed with a camera's EXIF, written
/// by exiftool, among them). No mutated file may take the caller
/// down or run past its deadline, and after all of them every seed still
/// decodes. What made a worker crash or hang is kept and listed (new finds
/// go into Tests/e2e/fuzz-regressions/). TRIPS_FUZZ_FILES and
/// TRIPS_FUZZ_SEED change the count and the seed (`make bench` runs thousands).
final class DecoderFuzzTests: XCTestCase {
    func testMutatedPhotosOfEveryFormatAreContained() throws {
        let (count, seed) = Self.settings(files: 300)
        // Tiny images decode in milliseconds; a second is a hang.
        let deadline = 1.0
        let folder = try TemporaryFolder("trips-fuzz").path
        let withThumbnail = folder + "/seed-exif-thumbnail.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: withThumbnail, contents: Data(try DecodeFixtures.photoWithThumbnail(orientation: 6))))
        let camera = folder + "/seed-camera.jpg"
        let seeds = DecodeFixtures.seeds + [withThumbnail] + ((try? CameraPhoto.make(camera, width: 96, height: 64, tags: CameraPhoto.canon)) != nil ? [camera] : [])
        XCTAssertGreaterThanOrEqual(seeds.count, 10)
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        var outcomes: [String: Int] = [:], finds: [String] = [], slowest = Duration.zero
        try forEachMutant(of: seeds, count: count, seed: seed, in: folder) { i, source, path in
            let started = ContinuousClock.now
            // Mutated JPEGs are asked for as previews (their EXIF thumbnail)
            // every other round over the seeds; else every other one as a
            // detail tile (libjpeg's region decoding).
            let preview = source.hasSuffix(".jpg") && i / seeds.count % 2 == 1
            let region = !preview && i % 2 == 1 && source.hasSuffix(".jpg") ? DecodeRegion(level: 1 << (i / 2 % 2), x: 4, y: 4, width: 8, height: 8) : nil
            let outcome = i % 3 == 2
                ? process.readProperties(path: path, deadline: deadline).map { _ in () }
                : process.decode(path: path, target: (96, 64), deadline: deadline, preview: preview, region: region).map { _ in () }
            let took = ContinuousClock.now - started
            slowest = max(slowest, took)
            XCTAssertLessThan(took, .seconds(deadline + 2), "\(path): past its deadline")
            switch outcome {
            case .success: outcomes["decoded", default: 0] += 1
            case .failure(.refused): outcomes["refused", default: 0] += 1
            case .failure(.decode): outcomes["decoder said no", default: 0] += 1
            case .failure(.contained(let why)): outcomes["contained", default: 0] += 1; finds.append("\(path): \(why)"); return true
            }
            return false
        }
        for seed in seeds {
            if case .failure(let failure) = process.decode(path: seed, target: (96, 64), deadline: 5) {
                XCTFail("\(seed) no longer decodes after the fuzz: \(failure)")
            }
        }
        for seed in seeds {
            if case .failure(let failure) = process.readProperties(path: seed, deadline: 5) { XCTFail("\(seed): no properties after the fuzz: \(failure)") }
        }
        if case .failure(let failure) = process.decode(path: withThumbnail, target: (96, 64), deadline: 5, preview: true) {
            XCTFail("the preview of \(withThumbnail) is no longer made after the fuzz: \(failure)")
        }
        report("decode fuzz", seed: seed, count: count, seeds: seeds.count, outcomes: outcomes, finds: finds, slowest: slowest, folder: folder)
    }

    /// How many files (`files` unless TRIPS_FUZZ_FILES says) and the seed (TRIPS_FUZZ_SEED).
    private static func settings(files: Int) -> (count: Int, seed: UInt64) {
        let environment = ProcessInfo.processInfo.environment
        return (environment["TRIPS_FUZZ_FILES"].flatMap { Int($0) } ?? files, environment["TRIPS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x7121_95)
    }

    /// Writes `count` mutants of `seeds` (in turn, seeded by `seed`) into
    /// `folder` and hands each to `body` with its number and seed file; a
    /// mutant is removed after unless `body` keeps it (a find).
    private func forEachMutant(of seeds: [String], count: Int, seed: UInt64, in folder: String,
                               _ body: (_ index: Int, _ source: String, _ path: String) throws -> Bool) throws {
        var rng = SplitMix64(seed: seed)
        for i in 0..<count {
            let source = seeds[i % seeds.count]
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
            let path = folder + String(format: "/%05d-", i) + (source as NSString).lastPathComponent
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(PhotoMutator.mutate(bytes, using: &rng))))
            if try !body(i, source, path) { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// The fuzz's line: what became of the files, the slowest, and the finds kept (else the folder goes).
    private func report(_ name: String, seed: UInt64, count: Int, seeds: Int, outcomes: [String: Int], finds: [String], slowest: Duration,
                        folder: String) {
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("\(name): seed \(seed), \(count) files over \(seeds) seeds: \(summary); slowest \(slowest)")
        if finds.isEmpty {
            try? FileManager.default.removeItem(atPath: folder)
        } else {
            print("\(name): \(finds.count) finds kept in \(folder):\n  " + finds.joined(separator: "\n  "))
        }
    }

    /// The same for moving pictures, frame by frame: mutated GIF, APNG,
    /// WebP, JPEG XL, MP4, MOV and MKV files (made by the tools) opened and read to their
    /// end or 30 frames, and a clip's sound (the MKV's Opus) to its end or
    /// 20 chunks. No file may run past its deadline or break the
    /// sandbox (a call the list lacks), and after them every seed still plays.
    func testMutatedAnimationsAndClipsAreContained() throws {
        let (count, seed) = Self.settings(files: 150)
        let deadline = 2.0
        let folder = try TemporaryFolder("trips-fuzz-frames").path
        let colours = ["red", "blue", "lime"]
        try MovingMedia.gif(folder + "/seed.gif", colours: colours, delay: 10, loops: 0, width: 48, height: 32)
        try MovingMedia.apng(folder + "/seed.png", colours: colours, delay: 100, loops: 0, width: 48, height: 32)
        try MovingMedia.webp(folder + "/seed.webp", colours: colours, delay: 100, loops: 0, width: 48, height: 32)
        try MovingMedia.clip(folder + "/seed.mp4", colours: ["red", "blue"], seconds: 0.3, rate: 10, width: 64, height: 48)
        try MovingMedia.clip(folder + "/seed.mov", colours: ["red", "blue"], seconds: 0.3, rate: 10, width: 64, height: 48,
                             codec: ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p"])
        try MovingMedia.jxl(folder + "/seed.jxl", colours: colours, delay: 10, loops: 0, width: 48, height: 32)
        try MovingMedia.run("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "color=red:s=64x48:r=10:d=0.5", "-f", "lavfi",
                                       "-i", "sine=frequency=440:d=0.5", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                       "-c:a", "libopus", "-shortest", folder + "/seed.mkv"])
        let seeds = ["gif", "png", "webp", "jxl", "mp4", "mov", "mkv"].map { folder + "/seed." + $0 }
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        var outcomes: [String: Int] = [:], finds: [String] = [], slowest = Duration.zero
        try forEachMutant(of: seeds, count: count, seed: seed, in: folder) { _, _, path in
            var outcome: String
            var started = ContinuousClock.now
            func timed() {
                let took = ContinuousClock.now - started
                slowest = max(slowest, took)
                XCTAssertLessThan(took, .seconds(deadline + 2), "\(path): past its deadline")
                started = ContinuousClock.now
            }
            switch process.openFrames(path: path, target: (48, 32), deadline: deadline) {
            case .success:
                timed()
                outcome = "played"
                for _ in 0..<30 {
                    let next = process.nextFrame(deadline: deadline, name: path)
                    timed()
                    if case .failure(.contained(let why)) = next {
                        outcome = "contained"
                        finds.append("\(path): \(why)")
                        break
                    }
                    if case .failure = next { outcome = "failed part-way"; break }
                    if case .success(nil) = next { break }
                }
            case .failure(.refused): timed(); outcome = "refused"
            case .failure(.decode): timed(); outcome = "decoder said no"
            case .failure(.contained(let why)): timed(); outcome = "contained"; finds.append("\(path): \(why)")
            }
            if path.hasSuffix(".mkv") && outcome != "contained" {
                var next = process.openSound(path: path, from: 0, deadline: deadline)
                for _ in 0..<20 {
                    timed()
                    guard case .success(.some) = next else { break }
                    next = process.nextSound(deadline: deadline, name: path)
                }
                if case .failure(.contained(let why)) = next { outcome = "contained"; finds.append("\(path): its sound: \(why)") }
            }
            outcomes[outcome, default: 0] += 1
            return outcome == "contained"
        }
        for seed in seeds {
            if case .failure(let failure) = process.openFrames(path: seed, target: (48, 32), deadline: 5) { XCTFail("\(seed) no longer plays after the fuzz: \(failure)") }
        }
        if case .success(nil) = process.openSound(path: folder + "/seed.mkv", from: 0, deadline: 5) { XCTFail("the seed's sound no longer plays after the fuzz") }
        if case .failure(let failure) = process.openSound(path: folder + "/seed.mkv", from: 0, deadline: 5) { XCTFail("the seed's sound no longer plays: \(failure)") }
        XCTAssertEqual(finds.filter { $0.contains("SIGSYS") }, [], "a real decode needs a call the sandbox lacks")
        report("frames fuzz", seed: seed, count: count, seeds: seeds.count, outcomes: outcomes, finds: finds, slowest: slowest, folder: folder)
    }

    /// The files that crashed or hung SDL_image fail in their worker, with
    /// the reason, and the caller goes on.
    func testTheRegressionSetIsContained() {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        XCTAssertGreaterThanOrEqual(DecodeFixtures.regressions.count, 4)
        for file in DecodeFixtures.regressions {
            guard case .failure(.contained(let why)) = process.decode(path: file, target: (720, 180), deadline: 2) else {
                XCTFail("\(file) decoded or was refused; it is a known decoder crash or hang")
                continue
            }
            XCTAssertTrue(why.contains("SIGSEGV") || why.contains("no picture after 2 s"), "\(file): \(why)")
        }
    }
}
