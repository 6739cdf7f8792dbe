import Foundation
import JSON
import XCTest
import TestSupport
@testable import TripsKit

/// The fuzz: 1,000,000 seeded random touch, mouse, wheel and key
/// events replayed through the built `trips` binary, as 20 scripts of
/// 50,000 events (two processes at a time). Every process exits 0, every
/// line it prints is JSON, and every snapshot keeps the invariants: a screen
/// the app has, zoom within 1 and the photo's ceiling, the focus on an element that exists;
/// nothing animates 1 s after the last event, and the last snapshot, 1.5 s
/// after it, is at rest (no pinch or pull left over, the strip on a photo).
///
/// A failure names the seed and the script line; `gen-gestures SEED 50000 0
/// 1000` (TestSupport's FuzzGenerator) writes the same script to replay by
/// hand with `trips --replay`.
final class FuzzTests: XCTestCase {
    static let baseSeed: UInt64 = 0x7121_F022_0000_0000
    static let scripts = 20
    static let eventsPerScript = 50_000
    static let stateEvery = 1_000

    func testAMillionRandomEventsNeverCrashAndKeepTheSnapshotInvariants() throws {
        let started = Date()
        let collected = Collected()
        DispatchQueue.concurrentPerform(iterations: Self.scripts) { index in
            collected.add(Self.fuzz(seed: Self.baseSeed + UInt64(index)))
        }
        var failures: [String] = []
        var events = 0, states = 0, screens: Set<String> = [], happenings: Set<String> = []
        for result in collected.results {
            failures += result.failures
            events += result.events
            states += result.states
            screens.formUnion(result.screens)
            happenings.formUnion(result.happenings)
        }
        let seconds = Date().timeIntervalSince(started)
        print("fuzz: \(events) events, \(states) snapshots in \(Self.scripts) scripts, seeds \(hex(Self.baseSeed))+0..\(Self.scripts - 1), \(String(format: "%.1f", seconds)) s")
        XCTAssertGreaterThanOrEqual(events, Self.scripts * Self.eventsPerScript)
        XCTAssertEqual(screens, ["overview", "playground"], "the gestures reach every screen")
        XCTAssertTrue(happenings.isSuperset(of: ["open", "close", "zoom", "reorder", "reset"]), "what the gestures did: \(happenings.sorted())")
        // Crashes first: they hide whatever the rest of their script would have found.
        failures = failures.filter { $0.contains("trips exited") } + failures.filter { !$0.contains("trips exited") }
        for failure in failures.prefix(20) { XCTFail(failure) }
        if failures.count > 20 { XCTFail("... and \(failures.count - 20) more fuzz failures") }
    }

    /// The soak's tame scripts make ordinary moves only; the
    /// fuzz's, from the same seed, also throw them to extreme coordinates.
    func testTameScriptsKeepFingersNearTheWindow() {
        func coordinates(_ script: String) -> [Double] {
            script.split(separator: "\n").flatMap { line -> [Double] in
                let words = line.split(separator: " ")
                guard words.count == 6, words[0] == "at", words[2] == "down" || words[2] == "move" else { return [] }
                return [Double(words[4]) ?? .nan, Double(words[5]) ?? .nan]
            }
        }
        var wild = FuzzGenerator(seed: Self.baseSeed, events: 20_000, stateEvery: 0)
        var tame = FuzzGenerator(seed: Self.baseSeed, events: 20_000, stateEvery: 0, tame: true)
        let wildCoordinates = coordinates(wild.run()), tameCoordinates = coordinates(tame.run())
        XCTAssertTrue(wildCoordinates.contains { abs($0) > 1e6 }, "the fuzz's script has extreme moves")
        XCTAssertFalse(tameCoordinates.isEmpty)
        XCTAssertEqual(tameCoordinates.filter { !(abs($0) < 10_000) }, [], "a tame script has ordinary moves only")
    }

    /// The scripts' results, added from the threads that replay them.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [Result] = []
        func add(_ result: Result) { lock.lock(); all.append(result); lock.unlock() }
        var results: [Result] { lock.lock(); defer { lock.unlock() }; return all }
    }

    struct Result: Sendable {
        var failures: [String] = []
        var events = 0
        var states = 0
        var screens: Set<String> = []
        var happenings: Set<String> = []
    }

    /// Generates, replays and checks one script.
    static func fuzz(seed: UInt64) -> Result {
        var result = Result()
        var generator = FuzzGenerator(seed: seed, events: eventsPerScript, stateEvery: stateEvery)
        let script = generator.run()
        result.events = generator.events
        let label = "fuzz seed \(seed) (\(hex(seed)); `gen-gestures \(seed) \(eventsPerScript) 0 \(stateEvery)` writes the script)"
        func fail(_ message: String) { result.failures.append("\(label): \(message)") }
        let run: Replay.Raw
        do { run = try Replay.runRaw(script, timeout: 240, keepOnFailure: "trips-fuzz-\(hex(seed))") } catch {
            fail("could not run trips: \(error)")
            return result
        }
        if run.timedOut { fail("trips did not finish within 240 s; \(run.kept ?? "")") }
        if run.status != 0 || run.crashed {
            let lastState = run.stdoutLines.last { $0.contains("\"screen\"") }
            let t = lastState.flatMap { try? JSONDocument.parse($0) }?["t"]?.number
            let cause = run.stderr.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("runtime failure") || $0.contains("Assertion") }
            let lines = script.split(separator: "\n")
            let culprit = firstFailingLine(script).map { n in
                "at script line \(n) (`\(lines[n - 1])`; before it: \(lines[max(0, n - 6)..<(n - 1)].map { "`\($0)`" }.joined(separator: ", ")))"
            } ?? "somewhere"
            fail("trips exited with \(run.status)\(run.crashed ? " (signal)" : "") \(culprit), after the snapshot at \(t.map { "\(Int($0)) ms" } ?? "none"): "
                 + "\(cause.map(String.init) ?? String(run.stderr.suffix(400))); script kept as \(run.kept ?? "?")")
        }
        let ids = Set((try? TripCatalogForFuzz.ids()) ?? [])
        var snapshots: [(line: Int, node: JSONNode)] = []
        for (n, text) in run.stdoutLines.enumerated() {
            guard let node = try? JSONDocument.parse(text) else {
                fail("output line \(n + 1) is not JSON: \(text.prefix(200))")
                continue
            }
            if let name = node["event"]?.string { result.happenings.insert(name) }
            guard node["screen"] != nil else { continue }
            let t = Int(node["t"]?.number ?? -1)
            snapshots.append((generator.stateLines[t] ?? 0, node))
        }
        result.states = snapshots.count
        if run.status == 0, snapshots.count != generator.states {
            fail("\(snapshots.count) snapshots printed, the script asks for \(generator.states)")
        }
        for (line, node) in snapshots {
            let t = Int(node["t"]?.number ?? -1)
            let at = "script line \(line) (`at \(t) state`)"
            let screen = node["screen"]?.string ?? "?"
            result.screens.insert(screen)
            for problem in invariantProblems(node, tripIDs: ids) { fail("\(at): \(problem)") }
            if t == generator.quietStateTime, node["animating"]?.bool != false {
                fail("\(at), 1 s after the last event: still animating")
            }
            if t == generator.finalStateTime {
                for problem in restProblems(node) { fail("\(at), 1.5 s after every finger lifted: \(problem)") }
            }
        }
        if run.status == 0, !snapshots.contains(where: { Int($0.node["t"]?.number ?? -1) == generator.finalStateTime }) {
            fail("no final snapshot at \(generator.finalStateTime) ms")
        }
        return result
    }

    /// The line whose command makes trips fail: the shortest prefix of the
    /// script that fails, found by halving (a crash is rare, so its cost is too).
    static func firstFailingLine(_ script: String) -> Int? {
        let lines = script.split(separator: "\n").map(String.init)
        func fails(_ count: Int) -> Bool {
            let run = try? Replay.runRaw(lines.prefix(count).joined(separator: "\n") + "\n", timeout: 240)
            return run.map { $0.status != 0 || $0.crashed } ?? false
        }
        var good = 1, bad = lines.count // the size line alone runs; the whole script fails
        guard fails(bad) else { return nil }
        while bad - good > 1 {
            let mid = (good + bad) / 2
            if fails(mid) { bad = mid } else { good = mid }
        }
        return bad
    }

    /// What every snapshot must keep, at rest or not.
    static func invariantProblems(_ s: JSONNode, tripIDs: Set<String>) -> [String] {
        var problems: [String] = []
        let screen = s["screen"]?.string
        if screen != "overview" && screen != "playground" { problems.append("screen \(screen ?? "missing")") }
        guard let zoom = s["zoom"]?.number else { return problems + ["no zoom"] }
        let ceiling = s["photo", "ceiling"]?.number ?? 4
        if !(1...ceiling).contains(zoom) { problems.append("zoom \(zoom) outside 1...\(ceiling)") }
        let order = s["order"]?.array.compactMap(\.string) ?? []
        if Set(order) != tripIDs || order.count != tripIDs.count { problems.append("order \(order) is not a permutation of \(tripIDs.sorted())") }
        let enlarged = s["enlarged"]?.string
        if let enlarged, !tripIDs.contains(enlarged) { problems.append("enlarged \(enlarged) is no trip") }
        // The focus is on something that exists on this screen.
        if let focus = s["focus"]?.string {
            let ok: Bool
            if focus.hasPrefix("strip:") || focus.hasPrefix("row:") {
                ok = screen == "overview" && tripIDs.contains(String(focus.split(separator: ":", maxSplits: 1)[1]))
            } else if focus == "big-photo" {
                ok = screen == "overview" && enlarged != nil
            } else if focus == "button:playground" {
                ok = screen == "overview"
            } else if focus == "button:reset" {
                ok = screen == "playground"
            } else {
                ok = false
            }
            if !ok { problems.append("focus \(focus) is on nothing that exists (screen \(screen ?? "?"), enlarged \(enlarged ?? "none"))") }
        } else if s["focus"]?.isNull != true {
            problems.append("focus is neither a name nor null")
        }
        // Every number that places something is finite and plausible.
        for item in s["strip", "items"]?.array ?? [] {
            let f = item["frame"]?.numbers ?? []
            if f.count != 4 || f.contains(where: { !$0.isFinite || abs($0) > 1e7 }) { problems.append("strip frame \(f)") }
        }
        if let offset = s["strip", "offset"]?.number, !offset.isFinite || abs(offset) > 1e7 { problems.append("strip offset \(offset)") }
        for element in s["a11y"]?.array ?? [] {
            let f = element["frame"]?.numbers ?? []
            if f.count != 4 || f.contains(where: { !$0.isFinite }) { problems.append("a11y frame of \(element["label"]?.string ?? "?"): \(f)") }
        }
        if s["animating"]?.bool == nil { problems.append("no animating flag") }
        return problems
    }

    /// What must hold once everything has let go and 1.5 s have passed.
    static func restProblems(_ s: JSONNode) -> [String] {
        var problems: [String] = []
        if s["animating"]?.bool != false { problems.append("still animating") }
        if s["pinch"]?.number != 1 { problems.append("pinch \(s["pinch"]?.number ?? .nan), not 1") }
        if s["drag"]?.numbers != [0, 0] { problems.append("drag \(s["drag"]?.numbers ?? []), not [0, 0]") }
        if let zoom = s["zoom"]?.number, !(1...(s["photo", "ceiling"]?.number ?? 4)).contains(zoom) { problems.append("zoom \(zoom) at rest") }
        if s["screen"]?.string == "overview", let offset = s["strip", "offset"]?.number {
            // At rest the strip stands on a photo, inside its range.
            let items = s["strip", "items"]?.array ?? []
            let lastX = (items.compactMap { $0["frame"]?.numbers.first }.max() ?? 0) + offset
            if offset < -0.5 || offset > lastX + 0.5 { problems.append("strip offset \(offset) outside 0...\(lastX)") }
        }
        return problems
    }
}

private func hex(_ v: UInt64) -> String { "0x" + String(v, radix: 16) }

/// The trip ids of the bundled Assets/trips.json, which the harness replays.
enum TripCatalogForFuzz {
    static func ids() throws -> [String] {
        let text = try String(contentsOfFile: Replay.assets, encoding: .utf8)
        let doc = try JSONDocument.parse(text)
        return doc["trips"]?.array.compactMap { $0["id"]?.string } ?? []
    }
}
