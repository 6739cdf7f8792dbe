import Decoding
import Foundation
@testable import PhotoLoading
import TestSupport
import XCTest

/// A clip's sound through the real worker, in its sandbox (issue #38's
/// `M`): AAC in MP4 and Opus in WebM come out as `ClipSoundFormat` (48 kHz
/// stereo S16) in chunks of at most a quarter second that follow each
/// other without a gap, holding the clip's 440 Hz tone; opened at a
/// position it starts there; a clip without sound, or an animation, is
/// refused; `ClipSound` hands out what the speakers ask for, and opens the
/// sound again for a position behind it.
final class ClipSoundDecodeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-clip-sound").path }

    /// A 2 s clip of a 440 Hz tone (mono, 44.1 kHz) in `audio`'s codec.
    private func toneClip(_ name: String, audio: [String], video: [String] = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]) throws -> String {
        let path = folder + "/" + name
        try MovingMedia.run("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "color=red:s=160x120:r=10:d=2",
                                       "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:d=2"] + video + audio + ["-shortest", path])
        return path
    }

    /// Every chunk from `start`: their starts and sample frames, and the samples.
    private func chunks(_ path: String, from start: Double = 0, process: DecoderProcess) throws -> (starts: [Double], frames: [Int], samples: [Int16]) {
        var starts: [Double] = [], frames: [Int] = [], samples: [Int16] = []
        var next = try process.openSound(path: path, from: start, deadline: 10).get()
        while let chunk = next {
            XCTAssertEqual(chunk.samples.height, 1)
            XCTAssertLessThanOrEqual(chunk.frames, ClipSoundFormat.chunkFrames)
            starts.append(chunk.start)
            frames.append(chunk.frames)
            samples += UnsafeBufferPointer(start: chunk.samples.base.assumingMemoryBound(to: Int16.self), count: chunk.frames * 2)
            next = try process.nextSound(deadline: 10, name: "x").get()
        }
        return (starts, frames, samples)
    }

    /// The left channel's frequency in Hz, by its upward zero crossings.
    private func frequency(_ samples: [Int16]) -> Double {
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let crossings = zip(left, left.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        return Double(crossings) / (Double(left.count) / Double(ClipSoundFormat.rate))
    }

    func testAACAndOpusComeOutAs48kHzStereoInChunksWithoutGaps() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for path in [try toneClip("tone.mp4", audio: ["-c:a", "aac"]),
                     try toneClip("tone.webm", audio: ["-c:a", "libopus"], video: ["-c:v", "libvpx-vp9", "-deadline", "realtime"])] {
            let got = try chunks(path, process: process)
            let total = Double(got.frames.reduce(0, +)) / Double(ClipSoundFormat.rate)
            XCTAssertEqual(total, 2, accuracy: 0.06, "\(path): all of it")
            XCTAssertEqual(got.starts.first ?? -1, 0, accuracy: 0.03, "\(path): from the first picture")
            for i in 1..<got.starts.count {
                XCTAssertEqual(got.starts[i], got.starts[i - 1] + Double(got.frames[i - 1]) / Double(ClipSoundFormat.rate), accuracy: 0.0005,
                               "\(path): chunk \(i) follows the one before")
            }
            XCTAssertEqual(frequency(got.samples), 440, accuracy: 5, path)
            // Mono made stereo: both channels the same, and loud.
            XCTAssertEqual(got.samples[4800], got.samples[4801])
            XCTAssertGreaterThan(got.samples.prefix(96_000).map { abs(Int($0)) }.max() ?? 0, 2000, path) // ffmpeg's sine: 1/8 of full scale
        }
    }

    func testOpenedAtAPositionTheSoundStartsThere() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let path = try toneClip("tone.mp4", audio: ["-c:a", "aac"])
        let got = try chunks(path, from: 1.5, process: process)
        XCTAssertEqual(got.starts.first ?? -1, 1.5, accuracy: 0.002)
        XCTAssertEqual(Double(got.frames.reduce(0, +)) / Double(ClipSoundFormat.rate), 0.5, accuracy: 0.06)
    }

    func testAClipWithoutSoundOrAnAnimationIsRefusedAndTheWorkerGoesOn() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.clip(folder + "/mute.mp4", colours: ["red"], seconds: 0.5, rate: 10)
        try MovingMedia.gif(folder + "/a.gif", colours: ["red", "blue"], delay: 20, loops: 0)
        for path in [folder + "/mute.mp4", folder + "/a.gif"] {
            guard case .failure(.refused(let why)) = process.openSound(path: path, from: 0, deadline: 10) else { return XCTFail("\(path) is refused") }
            XCTAssertEqual(why, "has no sound")
        }
        XCTAssertNotNil(try process.openSound(path: try toneClip("tone.mp4", audio: ["-c:a", "aac"]), from: 0, deadline: 10).get())
    }

    /// `ClipSound` on its thread: what is asked for, in order; a position
    /// behind what it holds (a loop's start) opens the sound there again.
    func testClipSoundHandsOutTheSoundAndOpensItAgainBehind() throws {
        let path = try toneClip("tone.mp4", audio: ["-c:a", "aac"])
        let sound = ClipSound(path: path, range: nil, from: 0, deadline: 10, process: DecoderProcess(executable: DecodeFixtures.trips))
        defer { sound.stop() }
        // As the speakers do: from where the last take ended, until `frames` came (or 5 s passed).
        func take(from seconds: Double, frames: Int) -> [Int16] {
            var got: [Int16] = []
            for _ in 0..<200 where got.count < frames * 2 {
                let more = sound.take(from: seconds + Double(got.count / 2) / Double(ClipSoundFormat.rate), frames: frames - got.count / 2)
                if more.isEmpty { usleep(25_000) }
                got += more
            }
            return got
        }
        let first = take(from: 0, frames: 24_000)
        XCTAssertEqual(first.count, 48_000, "half a second, two channels")
        XCTAssertEqual(sound.currentState, .playing)
        let more = take(from: 0.5, frames: 24_000)
        XCTAssertEqual(frequency(first + more), 440, accuracy: 5)
        // Behind what it held: opened there again, the tone (not a gap's silence).
        let behind = take(from: 0.1, frames: 4800)
        XCTAssertEqual(behind.count, 9600)
        XCTAssertEqual(frequency(behind), 440, accuracy: 20)
        XCTAssertFalse(sound.isOver)
    }
}
