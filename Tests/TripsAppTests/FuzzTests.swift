import Foundation
import JSON
import XCTest
import TestSupport
@testable import TripsKit

/// The fuzz of issue 6: 1,000,000 seeded random touch, mouse, wheel and key
/// events replayed through the built `trips` binary, as 20 scripts of
/// 50,000 events (two processes at a time). Every process exits 0, every
/// line it prints is JSON, and every snapshot keeps the invariants: a screen
/// the app has, zoom within 1...4, the focus on an element that exists;
/// nothing animates 1 s after the last event, and the last snapshot, 1.5 s
/// after it, is at rest (no pinch or pull left over, the strip on a photo).
///
/// A failure names the seed and the script line; `Benchmarks/gen_gestures.py
/// SEED 50000 0 1000` writes the same script (the two generators agree line for
/// line, checked below) to replay by hand with `trips --replay`.
final class FuzzTests: XCTestCase {
    static let baseSeed: UInt64 = 0x7121_F022_0000_0000
    static let scripts = 20
    static let eventsPerScript = 50_000
    static let stateEvery = 1_000

    func testAMillionRandomEventsNeverCrashAndKeepTheSnapshotInvariants() throws {
        let started = Date()
        let lock = NSLock()
        var failures: [String] = []
        var events = 0, states = 0, screens: Set<String> = [], happenings: Set<String> = []
        DispatchQueue.concurrentPerform(iterations: Self.scripts) { index in
            let seed = Self.baseSeed + UInt64(index)
            let result = Self.fuzz(seed: seed)
            lock.lock()
            failures += result.failures
            events += result.events
            states += result.states
            screens.formUnion(result.screens)
            happenings.formUnion(result.happenings)
            lock.unlock()
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

    /// The Swift generator and Benchmarks/gen_gestures.py write the same
    /// script for a seed, so a seed from a failure replays by hand.
    func testThePythonGeneratorWritesTheSameScripts() throws {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python else { throw XCTSkip("no python3") }
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/gen_gestures.py").standardized.path
        for (seed, count, hours) in [(Self.baseSeed, 3_000, 0.0), (UInt64(7), 2_000, 0.01)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [generator, String(seed), String(count), String(hours), "500"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            var swift = FuzzGenerator(seed: seed, events: count, hours: hours, stateEvery: 500)
            let mine = swift.run()
            let theirs = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (n, (a, b)) in zip(mine.split(separator: "\n", omittingEmptySubsequences: false), theirs).enumerated() where a != b {
                XCTFail("seed \(seed) line \(n + 1): Swift '\(a)' but Python '\(b)'")
                break
            }
            XCTAssertEqual(mine, text, "seed \(seed)")
        }
    }

    struct Result {
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
        let label = "fuzz seed \(seed) (\(hex(seed)); `Benchmarks/gen_gestures.py \(seed) \(eventsPerScript) 0 \(stateEvery)` writes the script)"
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
        if !(1...4).contains(zoom) { problems.append("zoom \(zoom) outside 1...4") }
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
        if let zoom = s["zoom"]?.number, !(1...4).contains(zoom) { problems.append("zoom \(zoom) at rest") }
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

// MARK: - The generator

/// Random gestures as a replay script at 1280 x 800: the port, call for
/// call, of Benchmarks/gen_gestures.py (see there for the mix). Integer
/// arithmetic only, and Swift's `/` truncates as the script's `tdiv`.
struct FuzzGenerator {
    static let w = 1280, h = 800
    static let keys = ["Escape", "Return", "Space", "Tab", "Left", "Right", "Up", "Down", "+", "-", "0", "ctrl+Left", "ctrl+Right"]
    static let extremes = ["1e40", "-1e40", "1e30", "-99999999", "99999999", "3e38", "-3e38", "0", "-0.001", "1279.999"]
    static let dirs: [(Int, Int)] = [(1000, 0), (866, 500), (500, 866), (0, 1000), (-500, 866), (-866, 500),
                                     (-1000, 0), (-866, -500), (-500, -866), (0, -1000), (500, -866), (866, -500)]

    var r: SplitMix64
    let targetEvents: Int
    let targetMs: Int
    let stateEvery: Int
    var lines = ["size 1280 800"]
    var t = 0
    private(set) var events = 0
    private(set) var states = 0
    /// The script line (1-based) of the `state` at each time.
    private(set) var stateLines: [Int: Int] = [:]
    /// The snapshots 1 s and 1.5 s after the last event.
    private(set) var quietStateTime = -1
    private(set) var finalStateTime = -1
    /// Fingers down, in the order they went down.
    var down: [(finger: Int, x: Int, y: Int)] = []
    var mouseDown = false
    var pointer = (640, 400)

    init(seed: UInt64, events: Int, hours: Double = 0, stateEvery: Int = 5000) {
        r = SplitMix64(seed: seed)
        targetEvents = events
        targetMs = Int(hours * 3_600_000)
        self.stateEvery = stateEvery
    }

    // Output

    mutating func emit(_ command: String) {
        lines.append("at \(t) \(command)")
        events += 1
        if stateEvery > 0 && events % stateEvery == 0 { state(at: t) }
    }

    mutating func state(at time: Int) {
        lines.append("at \(time) state")
        stateLines[time] = lines.count
        states += 1
    }

    mutating func step() { t += r.range(2, 10) }

    // Fingers

    func isDown(_ f: Int) -> Bool { down.contains { $0.finger == f } }
    func position(_ f: Int) -> (Int, Int) { let d = down.first { $0.finger == f }!; return (d.x, d.y) }

    func freeFinger() -> Int {
        var f = 1
        while isDown(f) { f += 1 }
        return f
    }

    mutating func fingerDown(_ f: Int, _ x: Int, _ y: Int) {
        emit("down \(f) \(x) \(y)")
        if let i = down.firstIndex(where: { $0.finger == f }) { down[i] = (f, x, y) } else { down.append((f, x, y)) }
    }

    mutating func fingerMove(_ f: Int, _ x: Int, _ y: Int) {
        emit("move \(f) \(x) \(y)")
        if let i = down.firstIndex(where: { $0.finger == f }) { down[i] = (f, x, y) } else { down.append((f, x, y)) }
    }

    mutating func fingerUp(_ f: Int) {
        if r.chance(8) {
            emit("cancel \(f)")
        } else if r.chance(20) {
            let (x, y) = position(f)
            emit("up \(f) \(x) \(y)")
        } else {
            emit("up \(f)")
        }
        down.removeAll { $0.finger == f }
    }

    mutating func point() -> (Int, Int) {
        let k = r.below(100)
        if k < 30 { return (r.range(0, Self.w - 1), r.range(604, 784)) }      // the strip
        if k < 55 { return (r.range(16, 906), r.range(68, 592)) }             // the big photo
        if k < 70 { return (r.range(922, 1264), r.range(16, 432)) }           // the list
        if k < 90 { return (r.range(0, Self.w - 1), r.range(0, Self.h - 1)) } // anywhere
        return playgroundPoint()
    }

    mutating func playgroundPoint() -> (Int, Int) {
        let k = r.below(3)
        if k == 0 { return (r.range(580, 700), r.range(72, 112)) }            // Reset
        if k == 1 { return (r.range(565, 715), r.range(325, 475)) }           // the square
        return (r.range(595, 685), r.range(535, 625))                         // the circle
    }

    /// A few ms later, lo...hi points further along the direction (dx, dy).
    mutating func walk(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, _ lo: Int, _ hi: Int) -> (Int, Int) {
        step()
        let d = r.range(lo, hi)
        return (x + dx * d / 1000, y + dy * d / 1000)
    }

    // Gestures

    mutating func tap(_ x: Int, _ y: Int) {
        let f = freeFinger()
        fingerDown(f, x, y)
        for _ in 0..<r.range(0, 2) {
            t += r.range(2, 30)
            fingerMove(f, x + r.range(-3, 3), y + r.range(-3, 3))
        }
        t += r.range(20, 120)
        fingerUp(f)
    }

    mutating func doubleTap() {
        let (x, y) = point()
        tap(x, y)
        t += r.range(40, 220)
        tap(x + r.range(-5, 5), y + r.range(-5, 5))
    }

    mutating func drag(steps: Int, _ lo: Int, _ hi: Int) {
        let f = freeFinger()
        var (x, y) = point()
        fingerDown(f, x, y)
        let k = r.below(10)
        let dx: Int, dy: Int
        if k < 4 { (dx, dy) = (0, 1000) }                                     // a pull down
        else if k < 7 { (dx, dy) = (r.chance(50) ? 1000 : -1000, 0) }         // a swipe
        else { (dx, dy) = Self.dirs[r.below(Self.dirs.count)] }
        for _ in 0..<steps {
            (x, y) = walk(x, y, dx, dy, lo, hi)
            x += r.range(-2, 2)
            y += r.range(-2, 2)
            fingerMove(f, x, y)
        }
        step()
        fingerUp(f)
    }

    mutating func longPressDrag(_ x0: Int, _ y0: Int) {
        var (x, y) = (x0, y0)
        let f = freeFinger()
        fingerDown(f, x, y)
        t += r.range(320, 800)
        let dx = r.chance(50) ? 1 : -1
        for _ in 0..<r.range(5, 40) {
            step()
            x += dx * r.range(3, 30)
            y += r.range(-3, 3)
            fingerMove(f, x, y)
        }
        t += r.range(2, 200)
        fingerUp(f)
    }

    mutating func pinch(_ cx: Int, _ cy: Int) {
        let f1 = freeFinger()
        down.append((f1, cx, cy)) // reserved until it really goes down
        let f2 = freeFinger()
        down.removeAll { $0.finger == f1 }
        let v0 = Self.dirs[r.below(Self.dirs.count)]
        let v1 = r.chance(40) ? Self.dirs[r.below(Self.dirs.count)] : v0
        let g0 = r.range(40, 400), g1 = r.range(40, 500)
        let steps = r.range(4, 24)
        func at(_ i: Int) -> ((Int, Int), (Int, Int)) {
            let g = g0 + (g1 - g0) * i / steps
            let vx = v0.0 + (v1.0 - v0.0) * i / steps
            let vy = v0.1 + (v1.1 - v0.1) * i / steps
            let ox = vx * g / 2000, oy = vy * g / 2000
            return ((cx - ox, cy - oy), (cx + ox, cy + oy))
        }
        var (a, b) = at(0)
        fingerDown(f1, a.0, a.1)
        if r.chance(70) { step() }
        fingerDown(f2, b.0, b.1)
        for i in 1...steps {
            step()
            (a, b) = at(i)
            fingerMove(f1, a.0, a.1)
            fingerMove(f2, b.0, b.1)
        }
        step()
        let (first, second) = r.chance(50) ? (f1, f2) : (f2, f1)
        fingerUp(first)
        if r.chance(50) { step() }
        fingerUp(second)
    }

    mutating func threeFingers() {
        var fingers: [Int] = []
        for _ in 0..<3 {
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
            fingers.append(f)
            step()
        }
        for _ in 0..<r.range(3, 15) {
            for f in fingers {
                let (x, y) = position(f)
                fingerMove(f, x + r.range(-20, 20), y + r.range(-20, 20))
            }
            step()
        }
        while !fingers.isEmpty {
            let f = fingers.remove(at: r.below(fingers.count))
            fingerUp(f)
            step()
        }
    }

    mutating func mouse() {
        var (x, y) = point()
        let k = r.below(10)
        if k < 1 {                                                            // hovering
            for _ in 0..<r.range(1, 8) {
                emit("mouse move \(x) \(y)")
                step()
                x += r.range(-40, 40)
                y += r.range(-40, 40)
            }
            pointer = (x, y)
            return
        }
        emit("mouse down \(x) \(y)")
        mouseDown = true
        if k < 5 {                                                            // a click
            t += r.range(30, 150)
        } else {                                                              // a drag
            let (dx, dy) = Self.dirs[r.below(Self.dirs.count)]
            for _ in 0..<r.range(2, 30) {
                (x, y) = walk(x, y, dx, dy, 2, 30)
                emit("mouse move \(x) \(y)")
            }
            step()
        }
        emit("mouse up \(x) \(y)")
        mouseDown = false
        pointer = (x, y)
    }

    mutating func wheel() {
        let (x, y) = r.chance(60) ? (r.range(0, Self.w - 1), r.range(604, 784)) : point()
        let ctrl = r.chance(35) ? " ctrl" : ""
        for _ in 0..<r.range(1, 6) {
            let (dx, dy) = r.chance(30) ? (r.range(-3, 3), 0) : (0, r.range(-3, 3))
            let at = r.chance(70) ? " \(x) \(y)" : ""
            emit("wheel \(dx) \(dy)\(ctrl)\(at)")
            step()
        }
    }

    mutating func pressKeys() {
        for _ in 0..<r.range(1, 3) {
            emit("key " + Self.keys[r.below(Self.keys.count)])
            t += r.range(2, 60)
        }
    }

    mutating func playgroundPlay() {
        let k = r.below(4)
        if k == 0 {
            tap(r.range(580, 700), r.range(72, 112))                          // Reset
        } else if k == 1 {                                                    // drag the square
            let f = freeFinger()
            var (x, y) = (r.range(565, 715), r.range(325, 475))
            fingerDown(f, x, y)
            let (dx, dy) = Self.dirs[r.below(Self.dirs.count)]
            for _ in 0..<r.range(3, 40) {
                (x, y) = walk(x, y, dx, dy, 2, 40)
                fingerMove(f, x, y)
            }
            fingerUp(f)
        } else if k == 2 {                                                    // hold the circle, drag it
            longPressDrag(r.range(595, 685), r.range(535, 625))
        } else {                                                              // pinch and turn the square
            pinch(r.range(600, 680), r.range(360, 440))
        }
    }

    mutating func bad() {
        let k = r.below(8)
        var ghost = r.range(4, 9)
        while isDown(ghost) { ghost += 1 }
        switch k {
        case 0:
            emit("up \(ghost)")                                               // up for a finger never down
        case 1:
            emit("move \(ghost) \(r.range(0, Self.w)) \(r.range(0, Self.h))")
        case 2:
            emit("cancel \(ghost)")
        case 3:                                                               // moves at extreme coordinates
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
            for _ in 0..<r.range(1, 4) {
                step()
                let ex = Self.extremes[r.below(Self.extremes.count)]
                let ey = Self.extremes[r.below(Self.extremes.count)]
                emit("move \(f) \(ex) \(ey)")
            }
            step()
            fingerUp(f)
        case 4:                                                               // down twice, up once
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
            step()
            fingerDown(f, x + 10, y + 10)
            step()
            fingerUp(f)
        case 5:                                                               // mouse up and moves with no press
            emit("mouse up \(r.range(0, Self.w)) \(r.range(0, Self.h))")
            step()
            emit("mouse move \(r.range(-100, Self.w + 100)) \(r.range(-100, Self.h + 100))")
        case 6:                                                               // a finger left down across gestures
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
        default:                                                              // keys that do nothing, wheel far off
            emit("key " + ["F13", "A", "Q", "Home", "Backspace"][r.below(5)])
            step()
            emit("wheel \(r.range(-50, 50)) \(r.range(-50, 50)) \(r.range(-5000, 5000)) \(r.range(-5000, 5000))")
        }
    }

    mutating func gesture() {
        // A finger left down by a bad gesture is lifted some time later.
        if !down.isEmpty && r.chance(10) {
            fingerUp(down[0].finger)
            step()
        }
        let k = r.below(100)
        switch k {
        case ..<16: let (x, y) = point(); tap(x, y)
        case ..<24: doubleTap()
        case ..<36: drag(steps: r.range(3, 60), 2, 25)
        case ..<41: drag(steps: r.range(2, 5), 30, 80)                        // a flick
        case ..<48: longPressDrag(r.range(0, Self.w - 1), r.range(604, 784))
        case ..<58: let (x, y) = point(); pinch(x, y)
        case ..<61: threeFingers()
        case ..<69: mouse()
        case ..<77: wheel()
        case ..<85: pressKeys()
        case ..<89: tap(r.range(776, 906), r.range(18, 54))                   // the Playground button
        case ..<92: tap(r.range(16, 126), r.range(16, 56))                    // the playground's Back
        case ..<96: playgroundPlay()
        default: bad()
        }
    }

    mutating func pause(gestureEvents: Int, gestureMs: Int) {
        let left = targetMs - t
        if targetMs > 0 && left > 0 {
            // The gesture's share of the time left, less what it took itself.
            let remaining = max(1, targetEvents - events + gestureEvents)
            let mean = left * gestureEvents / remaining - gestureMs
            t += r.range(0, 2 * max(0, mean))
            return
        }
        let k = r.below(100)
        if k < 50 { t += r.range(10, 120) } else if k < 85 { t += r.range(120, 400) } else { t += r.range(400, 1200) }
    }

    /// The whole script.
    mutating func run() -> String {
        while events < targetEvents {
            let (before, start) = (events, t)
            gesture()
            pause(gestureEvents: events - before, gestureMs: t - start)
        }
        // All fingers lifted, the mouse let go, then 1 s and 1.5 s of quiet.
        for f in down.map(\.finger).sorted() {
            step()
            emit("up \(f)")
        }
        down.removeAll()
        if mouseDown {
            step()
            emit("mouse up \(pointer.0) \(pointer.1)")
        }
        quietStateTime = t + 1000
        state(at: quietStateTime)
        finalStateTime = t + 1500
        state(at: finalStateTime)
        return lines.joined(separator: "\n") + "\n"
    }
}
