import Decoding
import Foundation

/// A moving picture's frames decoded ahead on a worker of its own: a thread
/// asks the worker for one frame after another (`DecoderProcess.openFrames`,
/// `nextFrame`) and keeps them, each with when it starts on the picture's
/// own clock (seconds from its first frame, loops counted on), until the
/// frame after it is due. How far ahead is bounded by bytes
/// (`budgetBytes`, at least two frames, at most `maximumAhead`), so a
/// 500-frame GIF or a 4K clip costs a few frames, not all of them.
/// It plays as the picture asks: its loop count (0: for ever), a clip
/// under `shortClipSeconds` for ever, a longer one once; after the last
/// play the last frame stays. Nothing here reads a clock: the caller says
/// what time it is on the picture's clock (the model's, so a replay shows
/// the same frame at the same time, `waitForFrame`).
public final class FrameStream: @unchecked Sendable {
    /// A frame and when it starts showing, in seconds on the picture's clock.
    public struct Timed {
        public var frame: DecoderProcess.Frame
        public var start: Double
        /// Counts frames as they were decoded, loops included: a new one, a new number.
        public var serial: Int
        /// When the play it belongs to started, on the picture's clock (a
        /// loop's plays follow each other): `start` less this is where in the clip it is.
        public var playStart: Double
    }

    /// What the stream knows of the picture so far.
    public enum State: Equatable {
        case opening
        case playing
        /// Not a moving picture (a still GIF, PNG or WebP): the photo path shows it.
        case still
        case failed(DecodeFailure)
    }

    public static let maximumAhead = 8
    public static let shortClipSeconds = 10.0

    public let path: String
    /// The bytes of the file that are the picture (a Motion Photo's clip), or nil: all of it.
    private let range: (offset: Int, length: Int)?
    /// Plays once, whatever its length (a Live Photo's clip; the attract loop's).
    private let once: Bool
    private let thread: DecodingThread
    private var condition: NSCondition { thread.condition }
    private var stopping: Bool { thread.stopping }
    private var running: Bool { thread.running }
    private var ahead: [Timed] = []
    private var capacity = 2
    private let budgetBytes: Int
    private var state = State.opening
    /// No frame will come after those held (the last play ended).
    private var ended = false
    /// The latest time a frame was asked for (`frame(at:)`, `waitForFrame`):
    /// frames that end by then are skipped in the worker.
    private var wantedAt = 0.0
    private let wake: @Sendable () -> Void
    /// The size the frames are to cover from the next one on (`cover`), or nil: as opened.
    private var wantedTarget: (width: Int, height: Int)?

    init(path: String, range: (offset: Int, length: Int)? = nil, once: Bool = false, target: (width: Int, height: Int), budgetBytes: Int,
         deadline: Double, process: DecoderProcess, wake: @escaping @Sendable () -> Void) {
        (self.path, self.range, self.once, self.budgetBytes, self.wake) = (path, range, once, budgetBytes, wake)
        thread = DecodingThread(process: process)
        thread.start(name: "trips-frames") { [self] in play(target: target, deadline: deadline) }
    }

    deinit { stop() }

    /// Ends the worker and the thread at once.
    public func stop() {
        thread.stop { ahead.removeAll() }
    }

    /// When the last play ends, on the picture's clock, once it has ended
    /// (the clip of a Live Photo gives way to its still then).
    public var endsAt: Double? {
        condition.lock()
        defer { condition.unlock() }
        return ended && state == .playing ? playedLength : nil
    }
    private var playedLength = 0.0

    public var currentState: State {
        condition.lock()
        defer { condition.unlock() }
        return state
    }

    /// The frame to show at `seconds` on the picture's clock: the last one
    /// held that starts by then (those before it are let go, and the thread
    /// decodes further). Nil before the first frame.
    public func frame(at seconds: Double) -> Timed? {
        condition.lock()
        defer { condition.unlock() }
        return take(at: seconds)
    }

    /// When, on the picture's clock, the frame after the one shown at
    /// `seconds` starts, if it is decoded; nil when none is held (the
    /// thread's wake-up says when one is) or the picture has ended.
    public func nextStart(after seconds: Double) -> Double? {
        condition.lock()
        defer { condition.unlock() }
        return ahead.first { $0.start > seconds }?.start
    }

    /// Waits (at most `timeout` seconds) until the frame shown at `seconds`
    /// is known for sure (the one after it is decoded, or none will come),
    /// and returns it: a screenshot or a replay's shot shows the frame the
    /// clock says, however far behind the decoding was.
    public func waitForFrame(at seconds: Double, timeout: Double = 10) -> Timed? {
        let until = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let shown = take(at: seconds)
            let settled = ended || state != .playing && state != .opening || ahead.contains { $0.start > seconds }
            if settled || !running { return shown }
            condition.broadcast()
            if !condition.wait(until: until) { return take(at: seconds) }
        }
    }

    /// Has the frames decoded from now on scaled to cover `target` (the size
    /// the picture is drawn at): drawn texel for pixel, the software
    /// renderer copies them rather than stretching each one.
    public func cover(_ target: (width: Int, height: Int)) {
        condition.lock()
        wantedTarget = target
        condition.unlock()
    }

    /// Lets go of the frames shown before the one for `seconds` (the lock is held).
    private func take(at seconds: Double) -> Timed? {
        wantedAt = max(wantedAt, seconds)
        var dropped = false
        while ahead.count >= 2 && ahead[1].start <= seconds {
            ahead.removeFirst()
            dropped = true
        }
        if dropped { condition.broadcast() }
        return ahead.first
    }

    // MARK: The thread

    private func play(target: (width: Int, height: Int), deadline: Double) {
        let name = (path as NSString).lastPathComponent
        var offset = 0, serial = 0, plays = 0, skippedAny = false
        while true {
            // One play: the first frame from open, the rest one by one.
            var next: DecoderProcess.Frame?
            // A loop opens it again at the size asked for last.
            condition.lock()
            let opening = wantedTarget ?? target
            condition.unlock()
            switch thread.process.openFrames(path: path, range: range, target: opening, deadline: deadline, bgra: true) {
            case .failure(let failure):
                finish(serial == 0 && failure.isRefusal ? .still : .failed(failure))
                return
            case .success(let first): next = first
            }
            // In whole milliseconds, as the worker gives delays: fifty
            // frames of 0.2 s make 10 s, not a hair over or under.
            var clock = 0, loops = 1, isClip = false
            while let frame = next {
                loops = frame.loopCount
                isClip = frame.isClip
                let start = Int((frame.start * 1000).rounded())
                if start > clock { skippedAny = true }
                clock = start
                condition.lock()
                if serial == 0 {
                    // As many frames ahead as the budget holds, two at least.
                    capacity = max(2, min(Self.maximumAhead, budgetBytes / max(1, frame.pixels.pitch * frame.pixels.height)))
                    state = .playing
                }
                ahead.append(Timed(frame: frame, start: Double(offset + clock) / 1000, serial: serial, playStart: Double(offset) / 1000))
                serial += 1
                // The loop is woken for the first frame and for the first
                // after the one shown (it had no next frame's time to sleep
                // until); one that follows others is due at a time the loop
                // already knows. A wake-up a frame drew each frame twice.
                let wakes = ahead.count <= 2
                condition.broadcast()
                condition.unlock()
                if wakes { wake() }
                condition.lock()
                while ahead.count >= capacity && !stopping { condition.wait() }
                let stop = stopping
                // Behind the clock (a loaded machine, or a replay's jump): the
                // frames that end before now are decoded but not sent.
                let skipUntil = max(0, wantedAt - Double(offset) / 1000)
                // Fewer than `capacity` frames are held now, the last ones
                // sent, and only let go of (never kept elsewhere: a frame is
                // copied into its texture): the worker writes the next into
                // the buffer of the frame `capacity` before it.
                let ring = capacity
                let cover = wantedTarget ?? (0, 0)
                condition.unlock()
                if stop { return }
                clock += Int((frame.delay * 1000).rounded())
                switch thread.process.nextFrame(deadline: deadline, name: name, skipUntil: skipUntil, ring: ring, target: cover) {
                case .success(let frame): next = frame
                case .failure(let failure):
                    finish(.failed(failure))
                    return
                }
            }
            plays += 1
            // The worker's length of the play counts the frames it skipped at its end too
            // (a stream opened past its first play: a scrub, a clip played on from a pause).
            let length = Int((thread.process.playLength * 1000).rounded())
            if length > clock { skippedAny = true }
            clock = max(clock, length)
            offset += clock
            condition.lock()
            playedLength = Double(offset) / 1000
            condition.unlock()
            let again = once ? false : isClip ? Double(clock) / 1000 < Self.shortClipSeconds : loops == 0 || plays < loops
            // A picture of one frame is a still: the photo path shows it.
            if serial <= 1 && !skippedAny { finish(.still); return }
            if !again { finish(nil); return }
        }
    }

    /// The last play ended (`state` nil) or the picture failed or is still.
    private func finish(_ state: State?) {
        condition.lock()
        if let state { self.state = state }
        ended = true
        condition.broadcast()
        condition.unlock()
        wake()
    }
}

extension DecodeFailure {
    /// Refused before decoding: for a moving picture, that it is none.
    var isRefusal: Bool { if case .refused = self { return true } else { return false } }
}
