import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// Moving pictures through the real worker, frame by frame, in its
/// sandbox: each format's frames in order with their delays and loop
/// count, a clip's frames in time, a still refused to the photo path, and
/// damaged files failing with a reason while the worker runs on.
final class FrameDecodeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-frames").path }

    /// Every frame of the picture at `path`: colour at the centre, delay in ms, and the first frame's loop count.
    private func frames(_ path: String, process: DecoderProcess, target: (Int, Int) = (64, 48), limit: Int = 1000) throws
        -> (colours: [String], delays: [Int], loops: Int, isClip: Bool) {
        let first = try process.openFrames(path: path, target: target, deadline: 10).get()
        var colours = [DecodeFixtures.colour(first.pixels, at: .topLeft)], delays = [Int((first.delay * 1000).rounded())]
        while colours.count < limit, let frame = try process.nextFrame(deadline: 10, name: "x").get() {
            colours.append(DecodeFixtures.colour(frame.pixels, at: .bottomRight))
            delays.append(Int((frame.delay * 1000).rounded()))
        }
        return (colours, delays, first.loopCount, first.isClip)
    }

    func testGIFAPNGAndWebPGiveTheirFramesDelaysAndLoops() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let colours = ["red", "blue", "lime"]
        try MovingMedia.gif(folder + "/a.gif", colours: colours, delay: 20, loops: 2)
        try MovingMedia.apng(folder + "/a.png", colours: colours, delay: 250, loops: 3)
        try MovingMedia.webp(folder + "/a.webp", colours: colours, delay: 120, loops: 0)
        for (name, delay, loops) in [("a.gif", 200, 2), ("a.png", 250, 3), ("a.webp", 120, 0)] {
            let got = try frames(folder + "/" + name, process: process)
            XCTAssertEqual(got.colours, ["red", "blue", "green"], name)
            XCTAssertEqual(got.delays, [delay, delay, delay], name)
            XCTAssertEqual(got.loops, loops, name)
            XCTAssertFalse(got.isClip, name)
        }
    }

    func testAnAnimatedJPEGXLGivesItsFramesAndDelays() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.jxl(folder + "/a.jxl", colours: ["red", "blue", "lime"], delay: 30, loops: 0)
        let got = try frames(folder + "/a.jxl", process: process)
        XCTAssertEqual(got.colours, ["red", "blue", "green"])
        XCTAssertEqual(got.delays, [300, 300, 300])
        XCTAssertEqual(got.loops, 0)
        let still = folder + "/still.jxl"
        try JXLFixtures.write(still, frames: [.quadrants(32, 32, [(200, 0, 0), (200, 0, 0), (200, 0, 0), (200, 0, 0)])])
        guard case .failure(.refused) = process.openFrames(path: still, target: (32, 32), deadline: 5) else { return XCTFail("a still JPEG XL is refused") }
    }

    func testAnAVIFSequenceGivesItsFramesInTime() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.avifSequence(folder + "/s.avif", colours: ["red", "blue", "lime"], seconds: 0.3)
        let got = try frames(folder + "/s.avif", process: process)
        XCTAssertEqual(got.colours, ["red", "red", "red", "blue", "blue", "blue", "green", "green", "green"])
        XCTAssertEqual(got.delays, Array(repeating: 100, count: 9))
        // An animation, played for ever: libavformat does not read its edit list's repeat.
        XCTAssertEqual(got.loops, 0)
        XCTAssertFalse(got.isClip)
        // A still AVIF has no track: the photo path's.
        try MovingMedia.run("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "color=red:s=64x48", "-frames:v", "1",
                                       "-c:v", "libaom-av1", "-still-picture", "1", "-f", "avif", folder + "/still.avif"])
        guard case .failure(.refused) = process.openFrames(path: folder + "/still.avif", target: (32, 32), deadline: 5) else {
            return XCTFail("a still AVIF is refused")
        }
    }

    func testAClipGivesItsFramesInTimeScaledToTheTarget() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.clip(folder + "/c.mp4", colours: ["red", "blue"], seconds: 0.5, rate: 10)
        let first = try process.openFrames(path: folder + "/c.mp4", target: (160, 120), deadline: 10).get()
        XCTAssertEqual([first.pixels.width, first.pixels.height, first.fullWidth, first.fullHeight], [160, 120, 320, 240])
        let got = try frames(folder + "/c.mp4", process: process, target: (160, 120))
        XCTAssertEqual(got.colours, Array(repeating: "red", count: 5) + Array(repeating: "blue", count: 5))
        XCTAssertEqual(Set(got.delays), [100])
        XCTAssertTrue(got.isClip)
    }

    /// A clip inside another file (a Motion Photo's, after its JPEG) is
    /// played from its range alone; a range that runs past the file's end is refused.
    func testAClipInsideAFileIsReadFromItsRangeAlone() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.clip(folder + "/c.mp4", colours: ["red", "blue"], seconds: 0.5, rate: 10)
        try MovingMedia.run("convert", ["-size", "64x48", "xc:lime", folder + "/still.jpg"])
        let still = try Data(contentsOf: URL(fileURLWithPath: folder + "/still.jpg"))
        let clip = try Data(contentsOf: URL(fileURLWithPath: folder + "/c.mp4"))
        // Bytes after the clip too: only its range may be read.
        try (still + clip + Data(repeating: 0x55, count: 4096)).write(to: URL(fileURLWithPath: folder + "/motion.jpg"))
        let range = (offset: still.count, length: clip.count)
        let first = try process.openFrames(path: folder + "/motion.jpg", range: range, target: (160, 120), deadline: 10).get()
        var colours = [DecodeFixtures.colour(first.pixels, at: .topLeft)]
        while let frame = try process.nextFrame(deadline: 10, name: "x").get() { colours.append(DecodeFixtures.colour(frame.pixels, at: .topLeft)) }
        XCTAssertEqual(colours, Array(repeating: "red", count: 5) + Array(repeating: "blue", count: 5))
        guard case .failure(.refused) = process.openFrames(path: folder + "/motion.jpg", range: (still.count, clip.count + 8192),
                                                           target: (160, 120), deadline: 5) else { return XCTFail("a range past the end is refused") }
    }

    /// With a ring, the worker writes each frame into the buffer of the one
    /// that many before it (mapped once in the app, so the same pixels come
    /// back), never into one of the frames the app still holds.
    func testARingReusesTheBuffersOfFramesLetGo() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.clip(folder + "/c.mp4", colours: ["red", "blue"], seconds: 0.5, rate: 10)
        _ = try process.openFrames(path: folder + "/c.mp4", target: (160, 120), deadline: 10).get()
        var sent: [DecoderProcess.Frame] = [], colours: [String] = [], held: [(frame: DecoderProcess.Frame, colour: String)] = []
        while let frame = try process.nextFrame(deadline: 10, name: "c.mp4", ring: 3).get() {
            for h in held { XCTAssertEqual(DecodeFixtures.colour(h.frame.pixels, at: .topLeft), h.colour, "a frame held is not written over") }
            sent.append(frame)
            colours.append(DecodeFixtures.colour(frame.pixels, at: .topLeft))
            held = Array((held + [(frame, colours.last!)]).suffix(2))
        }
        XCTAssertEqual(colours, Array(repeating: "red", count: 4) + Array(repeating: "blue", count: 5))
        for (k, frame) in sent.enumerated() {
            XCTAssertTrue(frame.pixels === sent[k % 3].pixels, "frame \(k) is in the buffer of frame \(k % 3)")
            if k >= 1 && k < 3 { XCTAssertFalse(frame.pixels === sent[0].pixels) }
        }
    }

    /// A `next` with a target scales that frame and those after it to cover
    /// the new size (the size the app draws the picture at), in the ring's new buffers.
    func testANewTargetScalesTheFramesFromThenOn() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.clip(folder + "/c.mp4", colours: ["red", "blue"], seconds: 0.5, rate: 10)
        let first = try process.openFrames(path: folder + "/c.mp4", target: (160, 120), deadline: 10).get()
        let second = try XCTUnwrap(process.nextFrame(deadline: 10, name: "c.mp4", ring: 2).get())
        let smaller = try XCTUnwrap(process.nextFrame(deadline: 10, name: "c.mp4", ring: 2, target: (81, 60)).get())
        let after = try XCTUnwrap(process.nextFrame(deadline: 10, name: "c.mp4", ring: 2).get())
        XCTAssertEqual([first.pixels.width, second.pixels.width, smaller.pixels.width, after.pixels.width], [160, 160, 81, 81])
        XCTAssertEqual([smaller.pixels.height, after.pixels.height], [61, 61], "covering 81 x 60 at 4:3")
        XCTAssertEqual(DecodeFixtures.colour(after.pixels, at: .topLeft), "red")
        XCTAssertFalse(smaller.pixels === second.pixels)
    }

    /// A player that fell behind asks to skip: the frames that end by then
    /// are decoded in the worker and dropped, the one under that time comes
    /// with its start, and the play's length is known at its end.
    func testFramesThatEndBeforeTheSkipTimeAreDropped() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.clip(folder + "/c.mp4", colours: ["red", "blue"], seconds: 0.5, rate: 10)
        _ = try process.openFrames(path: folder + "/c.mp4", target: (160, 120), deadline: 10).get()
        let caught = try XCTUnwrap(process.nextFrame(deadline: 10, name: "c.mp4", skipUntil: 0.55).get())
        XCTAssertEqual(caught.start, 0.5, accuracy: 0.001, "the frame from 0.5 to 0.6 s shows at 0.55 s")
        XCTAssertEqual(DecodeFixtures.colour(caught.pixels, at: .topLeft), "blue")
        XCTAssertEqual(caught.skippedBefore, 4, "the frames from 0.1 to 0.5 s were dropped")
        XCTAssertNil(try process.nextFrame(deadline: 10, name: "c.mp4", skipUntil: 5).get(), "all the rest end before 5 s")
        XCTAssertEqual(process.playLength, 1.0, accuracy: 0.001)
    }

    /// HEVC in MOV, VP9 in WebM, H.264 in MKV: each container and codec a phone or a camera writes.
    func testHEVCVP9AndMatroskaClipsPlay() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for (name, codec) in [("c.mov", ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p"]),
                              ("c.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]),
                              ("c.mkv", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])] {
            try MovingMedia.clip(folder + "/" + name, colours: ["red", "blue"], seconds: 0.4, rate: 10, width: 160, height: 120, codec: codec)
            let got = try frames(folder + "/" + name, process: process, target: (160, 120))
            XCTAssertEqual(got.colours, Array(repeating: "red", count: 4) + Array(repeating: "blue", count: 4), name)
            XCTAssertTrue(got.isClip, name)
        }
    }

    func testAStillIsRefusedAndADamagedOneFailsWithTheWorkerRunningOn() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let still = try DecodeFixtures.convert(["-size", "32x32", "xc:red"], output: "still.png", in: folder)
        guard case .failure(.refused) = process.openFrames(path: still, target: (32, 32), deadline: 5) else { return XCTFail("a still PNG is refused") }
        try MovingMedia.gif(folder + "/a.gif", colours: ["red", "blue"], delay: 10, loops: 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/a.gif")))
        try Data(bytes.prefix(40) + Array(repeating: 0x55, count: 200)).write(to: URL(fileURLWithPath: folder + "/bad.gif"))
        if case .failure(.contained(let why)) = process.openFrames(path: folder + "/bad.gif", target: (32, 32), deadline: 5) {
            XCTFail("a damaged GIF is the decoder's answer, not a lost worker: \(why)")
        }
        XCTAssertEqual(try frames(folder + "/a.gif", process: process).colours, ["red", "blue"], "the same worker decodes on")
    }

    /// SDL_image 2.6 reads no animated WebP: its still (the strip's, and the
    /// big photo's with reduced motion) is libwebp's first frame.
    func testAnAnimatedWebPsStillIsItsFirstFrame() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        try MovingMedia.webp(folder + "/a.webp", colours: ["red", "blue"], delay: 100, loops: 0, width: 64, height: 48)
        let still = try process.decode(path: folder + "/a.webp", target: (32, 24), deadline: 5).get()
        XCTAssertEqual([still.fullWidth, still.fullHeight, still.pixels.width, still.pixels.height], [64, 48, 32, 24])
        XCTAssertEqual(DecodeFixtures.colour(still.pixels, at: .topLeft), "red")
    }
}
