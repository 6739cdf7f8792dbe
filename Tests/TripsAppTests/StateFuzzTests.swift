import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// A seeded mutation fuzz of the files the app keeps for itself, through
/// the real binary: a library's capture-time cache and its saved order,
/// each mutated as the decode fuzz mutates photos (bytes flipped, set to
/// boundary values, runs zeroed or repeated, the file cut short), plus
/// lines of impossible numbers. Every start must end as a replay ends
/// (exit 0), whatever the files say. TRIPS_FUZZ_FILES and TRIPS_FUZZ_SEED
/// change the count and the seed.
final class StateFuzzTests: XCTestCase {
    func testMutatedCachesAndStateFilesNeverTakeTheAppDown() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["TRIPS_FUZZ_FILES"].flatMap { Int($0) }.map { max(1, $0 / 50) } ?? 12
        var rng = SplitMix64(seed: environment["TRIPS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x57A7E)
        let folder = try temporaryFolder("trips-state-fuzz")
        let jpeg = try Replay.bundledPhoto()
        for (name, time) in [("Lisbon/a.jpg", "2024:05:12 10:00:00"), ("Lisbon/b.jpg", "2024:05:13 10:00:00"), ("IMG_1.jpg", "2024:07:01 10:00:00")] {
            try folder.write(ExifStamp.stamped(jpeg, dateTime: time, offset: "+00:00"), to: "library/" + name)
        }
        let library = folder.appending("library"), state = folder.appending("state.json")
        let cacheHome = folder.appending("cache")
        let cache = CaptureTimeCache.defaultPath(library: library, environment: ["XDG_CACHE_HOME": cacheHome])
        let arguments = ["--photos", library, "--state", state]
        // A first run writes a sound cache, and a sound order is saved by hand: the seeds.
        let first = try Replay.run("size 640 400\nat 100 state", arguments: arguments, environment: ["XDG_CACHE_HOME": cacheHome, "TZ": "UTC"])
        XCTAssertEqual(first.status, ExitCode.done.rawValue, first.stderr)
        try OrderStore(path: state).save(order: ["Lisbon", "2024-07-01T10:00:00"])
        let cacheSeed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache)))
        let stateSeed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: state)))
        XCTAssertGreaterThan(cacheSeed.count, 60)
        let impossible = ["1e30", "-1e30", "nan", "inf", "-0", "1e308", "99999999999999999999", "-", "", "\t"]
        var said = Set<String>()
        for i in 0..<count {
            var cacheBytes = PhotoMutator.mutate(cacheSeed, using: &rng)
            if i % 3 == 0 {
                // A line of a known photo, its numbers swapped for impossible ones.
                let fields = String(decoding: cacheSeed, as: UTF8.self).split(separator: "\n")[1].split(separator: "\t", omittingEmptySubsequences: false)
                var line = fields.map(String.init)
                line[rng.below(min(4, line.count))] = impossible[rng.below(impossible.count)]
                cacheBytes = Array((CaptureTimeCache.header + "\n" + line.joined(separator: "\t") + "\n").utf8)
            }
            try Data(cacheBytes).write(to: URL(fileURLWithPath: cache))
            try Data(PhotoMutator.mutate(stateSeed, using: &rng)).write(to: URL(fileURLWithPath: state))
            let run = try Replay.run("size 640 400\nat 100 state", arguments: arguments, environment: ["XDG_CACHE_HOME": cacheHome, "TZ": "UTC"])
            XCTAssertEqual(run.status, ExitCode.done.rawValue, "round \(i): \(run.stderr)")
            XCTAssertNotNil(try? run.state(at: 100), "round \(i): no state printed")
            run.stderr.split(separator: "\n").forEach { said.insert(String($0.prefix(60))) }
            // A damaged state file is set aside, never lost: put the seed back for the next round.
            for aside in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where aside.hasPrefix("state.json.corrupt-") {
                try FileManager.default.removeItem(atPath: folder.appending(aside))
            }
        }
        print("state fuzz: \(count) rounds; the app said: \(said.sorted().joined(separator: " | "))")
    }
}
