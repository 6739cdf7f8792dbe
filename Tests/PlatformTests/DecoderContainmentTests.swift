import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// Every way a decoder can go wrong ends in its worker process, on every
/// format: a crash, a hang, memory without end, and a system call the
/// sandbox forbids (open, socket). The test-only fault switch
/// (TRIPS_DECODER_FAULT) makes a worker misbehave on a named file; the
/// photo must fail with a sentence saying what happened, within its
/// deadline, and the next photo must decode in a fresh worker.
final class DecoderContainmentTests: XCTestCase {
    private let target = (width: 96, height: 64)

    override func setUp() {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: DecodeFixtures.trips), "no trips binary at \(DecodeFixtures.trips)")
        XCTAssertGreaterThanOrEqual(DecodeFixtures.seeds.count, 9)
    }

    override func tearDown() { unsetenv("TRIPS_DECODER_FAULT") }

    func testEverySeedDecodesInAWorker() {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for seed in DecodeFixtures.seeds {
            switch process.decode(path: seed, target: target, deadline: 5) {
            case .success(let decoded):
                XCTAssertGreaterThan(decoded.pixels.width, 0, seed)
                // The pixels arrived through shared memory: not all zero.
                let bytes = UnsafeRawBufferPointer(start: decoded.pixels.base, count: decoded.pixels.pitch * decoded.pixels.height)
                XCTAssertTrue(bytes.contains { $0 != 0 }, "\(seed): blank pixels")
            case .failure(let failure): XCTFail("\(seed): \(failure)")
            }
        }
    }

    func testACrashOnEveryFormatIsNamedAndTheNextPhotoDecodes() {
        expect(.crash, deadline: 5, message: "the decoder crashed with SIGSEGV")
    }

    func testAHangOnEveryFormatEndsAtItsDeadline() {
        expect(.hang, deadline: 1, message: "no picture after 1 s; the decoder was stopped")
    }

    func testMemoryWithoutEndOnEveryFormatMeetsTheLimit() {
        expect(.allocate, deadline: 20, message: "the decoder ran out of its memory limit")
    }

    func testOpeningAFileAfterConfinementKillsTheWorker() {
        expect(.open, deadline: 5, message: "the decoder broke its sandbox (a forbidden system call) and was killed with SIGSYS")
    }

    func testMakingASocketAfterConfinementKillsTheWorker() {
        expect(.socket, deadline: 5, message: "the decoder broke its sandbox (a forbidden system call) and was killed with SIGSYS")
    }

    // The same through the zygote, which forks workers without exec: the
    // forked worker is as confined and as contained as an exec'd one.

    func testEverySeedDecodesInAWorkerForkedByTheZygote() throws {
        let zygote = try XCTUnwrap(DecoderZygote.spawn(executable: DecodeFixtures.trips))
        let process = DecoderProcess(executable: "/nonexistent/no-exec-fallback", zygote: zygote)
        for seed in DecodeFixtures.seeds {
            if case .failure(let failure) = process.decode(path: seed, target: target, deadline: 5) { XCTFail("\(seed): \(failure)") }
        }
    }

    func testACrashInAForkedWorkerIsNamedAndTheNextPhotoDecodes() {
        expect(.crash, deadline: 5, message: "the decoder crashed with SIGSEGV", forkedByZygote: true)
    }

    func testAHangInAForkedWorkerEndsAtItsDeadline() {
        expect(.hang, deadline: 1, message: "no picture after 1 s; the decoder was stopped", forkedByZygote: true)
    }

    func testOpeningAFileInAForkedWorkerKillsIt() {
        expect(.open, deadline: 5, message: "the decoder broke its sandbox (a forbidden system call) and was killed with SIGSYS",
               forkedByZygote: true)
    }

    /// The codecs' threads are allowed (clone with CLONE_THREAD); a process is not.
    func testStartingAProcessAfterConfinementKillsTheWorker() {
        expect(.fork, deadline: 5, message: "the decoder broke its sandbox (a forbidden system call) and was killed with SIGSYS")
    }

    private enum Fault: String { case crash, hang, allocate, open, socket, fork }

    /// Each seed decoded with the fault switched on for it, then a good
    /// decode of the same seed under another name.
    private func expect(_ fault: Fault, deadline: Double, message: String, forkedByZygote: Bool = false) {
        guard let temporary = try? TemporaryFolder("trips-fault") else { return XCTFail("no temporary folder") }
        let folder = temporary.path
        defer { temporary.remove() }
        let faulty = DecodeFixtures.seeds.map { seed -> (bad: String, good: String) in
            let name = (seed as NSString).lastPathComponent
            let bad = folder + "/faulty-" + name, good = folder + "/" + name
            try? FileManager.default.copyItem(atPath: seed, toPath: bad)
            try? FileManager.default.copyItem(atPath: seed, toPath: good)
            return (bad, good)
        }
        let names = faulty.map { "\(fault.rawValue)=" + ($0.bad as NSString).lastPathComponent }
        setenv("TRIPS_DECODER_FAULT", names.joined(separator: ","), 1)
        // Through the zygote, a binary that cannot be exec'd proves no worker came by exec.
        let zygote = forkedByZygote ? DecoderZygote.spawn(executable: DecodeFixtures.trips) : nil
        XCTAssertEqual(zygote != nil, forkedByZygote, "the zygote did not start")
        // Hangs go side by side, each in a worker of its own: each is waited
        // for in wall time, so one after another the waits add up. The other
        // faults are over at once, and filling memory is bound by the
        // machine's memory, so those go one at a time.
        let width = fault == .hang ? faulty.count : 1, target = self.target
        for start in stride(from: 0, to: faulty.count, by: width) {
            let group = DispatchGroup()
            for (bad, good) in faulty[start..<min(start + width, faulty.count)] {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    let process = forkedByZygote ? DecoderProcess(executable: "/nonexistent/no-exec-fallback", zygote: zygote)
                        : DecoderProcess(executable: DecodeFixtures.trips)
                    defer { process.terminate() }
                    Self.expectContained(process, bad: bad, good: good, target: target, deadline: deadline, message: message)
                }
            }
            group.wait()
        }
    }

    /// One seed: the faulty copy fails within its deadline with `message`,
    /// then the good copy decodes in a fresh worker.
    private static func expectContained(_ process: DecoderProcess, bad: String, good: String, target: (width: Int, height: Int),
                                        deadline: Double, message: String) {
        let started = ContinuousClock.now
        let outcome = process.decode(path: bad, target: target, deadline: deadline)
        let took = ContinuousClock.now - started
        guard case .failure(.contained(let why)) = outcome else {
            return XCTFail("\(bad): expected the worker to be stopped, got \(outcome)")
        }
        XCTAssertEqual(why, message, bad)
        XCTAssertLessThan(took, .seconds(deadline + 2), "\(bad): the failure came after its deadline")
        if case .failure(let failure) = process.decode(path: good, target: target, deadline: 5) {
            XCTFail("\(good): the next photo did not decode in a fresh worker: \(failure)")
        }
    }
}
