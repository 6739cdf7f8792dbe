import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// Runs `trips --replay` on a script and reads its JSON lines. The binary is
/// the one built beside this test bundle (or TRIPS_BINARY).
struct Replay {
    var lines: [JSONNode] = []
    var stderr = ""
    var status: Int32 = 0

    static var binary: String { BuiltBinary.path() }

    static var assets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/trips.json").standardized.path
    }

    /// A bundled photo's bytes (`Assets/photos/NAME`), to build libraries from.
    static func bundledPhoto(_ name: String = "storm.jpg") throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: assets).deletingLastPathComponent().appendingPathComponent("photos/" + name))
    }

    /// Puts the `at` lines of a script written from several pieces in time
    /// order (stable, so lines at one time keep their order).
    static func sorted(_ script: String) -> String {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let header = lines.filter { !$0.hasPrefix("at ") }
        let timed = lines.filter { $0.hasPrefix("at ") }.enumerated().sorted { a, b in
            let ta = Double(a.element.split(separator: " ")[1]) ?? 0, tb = Double(b.element.split(separator: " ")[1]) ?? 0
            return ta != tb ? ta < tb : a.offset < b.offset
        }.map(\.element)
        return (header + timed).joined(separator: "\n") + "\n"
    }

    /// Runs `script` (the text of a replay file, pieces in any order) with `arguments`.
    static func run(_ script: String, arguments: [String] = [], environment: [String: String] = [:], ordered: Bool = true) throws -> Replay {
        let raw = try runRaw(ordered ? sorted(script) : script, arguments: arguments, environment: environment, timeout: 120)
        var replay = Replay()
        replay.status = raw.status
        replay.stderr = raw.stderr
        replay.lines = try raw.stdoutLines.map { try JSONDocument.parse($0) }
        return replay
    }

    /// The snapshot printed at `t` ms.
    func state(at t: Int, file: StaticString = #filePath, line: UInt = #line) throws -> JSONNode {
        let found = lines.first { $0["t"]?.value == .number(Double(t)) && $0["screen"] != nil }
        return try XCTUnwrap(found, "no snapshot at \(t) ms; got \(lines.count) lines; stderr: \(stderr)", file: file, line: line)
    }

    /// The event lines named `name` ("open", "close", "zoom", "reorder", "reset").
    func events(_ name: String) -> [JSONNode] {
        lines.filter { $0["event"]?.value == .string(name) }
    }
}

/// Script-writing helpers: finger moves at a steady pace.
enum Gesture {
    /// A finger from `from` to `to` over `duration` ms, a move every `every`
    /// ms, starting at `start` ms; lifts at the end unless `lift` is false.
    static func drag(finger: Int = 1, from: (Double, Double), to: (Double, Double), start: Int, duration: Int,
                     every: Int = 8, lift: Bool = true) -> String {
        var lines = ["at \(start) down \(finger) \(from.0) \(from.1)"]
        let steps = max(1, duration / every)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            lines.append("at \(start + i * duration / steps) move \(finger) \(from.0 + (to.0 - from.0) * f) \(from.1 + (to.1 - from.1) * f)")
        }
        if lift { lines.append("at \(start + duration) up \(finger)") }
        return lines.joined(separator: "\n")
    }

    static func tap(_ x: Double, _ y: Double, at t: Int, finger: Int = 1) -> String {
        "at \(t) down \(finger) \(x) \(y)\nat \(t + 60) up \(finger)"
    }

    /// Two fingers on a horizontal line around `center`, from `startGap` to
    /// `endGap` points apart.
    static func pinch(center: (Double, Double), startGap: Double, endGap: Double, start: Int, duration: Int = 200) -> String {
        let steps = 10
        var lines = ["at \(start) down 1 \(center.0 - startGap / 2) \(center.1)", "at \(start) down 2 \(center.0 + startGap / 2) \(center.1)"]
        for i in 1...steps {
            let gap = startGap + (endGap - startGap) * Double(i) / Double(steps)
            let t = start + i * duration / steps
            lines.append("at \(t) move 1 \(center.0 - gap / 2) \(center.1)")
            lines.append("at \(t) move 2 \(center.0 + gap / 2) \(center.1)")
        }
        lines.append("at \(start + duration + 10) up 1")
        lines.append("at \(start + duration + 10) up 2")
        return lines.joined(separator: "\n")
    }

    /// A touchpad pinch at `at`: begun at `start` ms, a change every 16 ms
    /// for `duration` ms to `scale` and `degrees`, ended 16 ms later.
    static func touchpadPinch(at: (Double, Double), scale: Double, degrees: Double = 0, start: Int, duration: Int = 160) -> String {
        var lines = ["at \(start) pinch begin \(at.0) \(at.1)"]
        let steps = max(1, duration / 16)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            lines.append("at \(start + i * 16) pinch change \(1 + (scale - 1) * f) \(degrees * f) \(at.0) \(at.1)")
        }
        lines.append("at \(start + steps * 16 + 16) pinch end")
        return lines.joined(separator: "\n")
    }

    /// Two touchpad fingers at `at` scrolling `step` points sideways every
    /// 16 ms, `count` times from `start` ms; lifted (`scroll stop`) 8 ms after
    /// the last when `stop`.
    static func touchpadScroll(at: (Double, Double), step: Double, count: Int, start: Int, stop: Bool = true) -> String {
        var lines = (0..<count).map { "at \(start + $0 * 16) scroll \(step) 0 \(at.0) \(at.1)" }
        if stop { lines.append("at \(start + (count - 1) * 16 + 8) scroll stop") }
        return lines.joined(separator: "\n")
    }
}

// MARK: - Long scripts (the fuzz)

extension Replay {
    /// What a long replay printed, unparsed: the fuzz checks each line itself
    /// and names the one that is not JSON.
    struct Raw {
        var stdoutLines: [String] = []
        var stderr = ""
        var status: Int32 = 0
        /// Ended by a signal (a trap, an abort): `status` is the signal.
        var crashed = false
        var timedOut = false
        /// Where the script was kept when the run failed.
        var kept: String?
    }

    /// Runs a script given whole and in order (as a generator writes it),
    /// output to files rather than pipes so neither can fill and stall the
    /// app, killed after `timeout` seconds. On a failure the script is kept as
    /// `$TMPDIR/KEEP.txt` when `keepOnFailure` names it.
    static func runRaw(_ script: String, arguments: [String] = [], environment extra: [String: String] = [:], timeout: TimeInterval,
                       keepOnFailure: String? = nil) throws -> Raw {
        let folder = try TemporaryFolder("trips-replay"), dir = folder.url
        defer { folder.remove() }
        let scriptPath = dir.appendingPathComponent("script.txt").path
        let outPath = dir.appendingPathComponent("out.txt").path, errPath = dir.appendingPathComponent("err.txt").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        // Not made, the handles below throw and say so.
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        // The bundled trips unless the test shows a folder of photos or gives paths (after "--").
        let ownTrips = arguments.contains("--photos") || arguments.contains("--")
        process.arguments = ["--replay", scriptPath] + (ownTrips ? [] : ["--trips", assets]) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = dir.path
        environment["XDG_CACHE_HOME"] = dir.path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var raw = Raw()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            raw.timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        raw.status = process.terminationStatus
        raw.crashed = process.terminationReason == .uncaughtSignal
        raw.stdoutLines = (try? String(contentsOfFile: outPath, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        raw.stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        if let keepOnFailure, raw.status != 0 || raw.crashed || raw.timedOut {
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent(keepOnFailure + ".txt").path
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.copyItem(atPath: scriptPath, toPath: kept)
            raw.kept = kept
        }
        return raw
    }
}
