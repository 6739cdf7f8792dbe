import Decoding
import Foundation

/// A clip's sound decoded ahead on a worker of its own, for the speakers:
/// a thread keeps up to `aheadSeconds` of it past the position last asked
/// for (`take`), in chunks of `ClipSoundFormat`, and lets go of what was
/// played. Asked for a position outside what it holds (a scrub, a loop
/// starting again, a jump ahead), it opens the sound there again. Nothing
/// here reads a clock: the caller says where in the clip it is.
public final class ClipSound: @unchecked Sendable {
    public enum State: Equatable {
        case opening
        case playing
        /// The clip has no sound (none libavcodec can decode).
        case silent
        case failed(DecodeFailure)
    }

    /// How far past the position asked for it decodes: what the speakers'
    /// queue takes ahead, and a little more.
    public static let aheadSeconds = 1.0

    public let path: String
    private let range: (offset: Int, length: Int)?
    private let deadline: Double
    private let thread: DecodingThread
    /// Decoded, not yet played: each chunk's start (seconds from the clip's
    /// first picture) and its samples, interleaved.
    private var held: [(start: Double, samples: [Int16])] = []
    /// Where the sound held ends (or where it was opened, before any came).
    private var heldEnd = 0.0
    private var ended = false
    private var state = State.opening
    private var wanted = 0.0
    private var restart: Double?

    init(path: String, range: (offset: Int, length: Int)?, from start: Double, deadline: Double, process: DecoderProcess) {
        self.path = path
        self.range = range
        self.deadline = deadline
        wanted = start
        heldEnd = start
        thread = DecodingThread(process: process)
        thread.start(name: "trips-sound") { [self] in play(from: start) }
    }

    deinit { stop() }

    /// Ends the worker and the thread at once.
    public func stop() {
        thread.stop { held.removeAll() }
    }

    public var currentState: State {
        thread.condition.lock()
        defer { thread.condition.unlock() }
        return state
    }

    /// The sound ended and all of it was taken.
    public var isOver: Bool {
        thread.condition.lock()
        defer { thread.condition.unlock() }
        return ended && held.isEmpty
    }

    /// Up to `frames` sample frames of the sound from `seconds` into the
    /// clip, interleaved; fewer (or none) when no more is decoded yet or
    /// the sound ended. What lies before `seconds` is let go.
    public func take(from seconds: Double, frames: Int) -> [Int16] {
        let rate = Double(ClipSoundFormat.rate), channels = ClipSoundFormat.channels
        thread.condition.lock()
        defer { thread.condition.unlock() }
        wanted = seconds
        thread.condition.broadcast()
        let heldStart = held.first?.start ?? heldEnd
        // Before what is held (or what was played), or far past it: opened there again.
        if state == .playing && (seconds < heldStart - 0.05 || (!ended && seconds > heldEnd + Self.aheadSeconds)) {
            restart = seconds
            held.removeAll()
            heldEnd = seconds
            ended = false
            return []
        }
        held.removeAll { $0.start + Double($0.samples.count / channels) / rate <= seconds }
        guard let first = held.first else { return [] }
        var out: [Int16] = []
        // A gap before the first chunk (the sound starts after the picture) is silence.
        let gap = Int(((first.start - seconds) * rate).rounded())
        if gap > 0 { out = [Int16](repeating: 0, count: min(gap, frames) * channels) }
        var at = seconds + Double(out.count / channels) / rate
        for chunk in held where out.count < frames * channels {
            let skip = max(0, Int(((at - chunk.start) * rate).rounded()))
            let available = chunk.samples.count / channels - skip
            guard available > 0 else { continue }
            let count = min(available, frames - out.count / channels)
            out += chunk.samples[(skip * channels)..<((skip + count) * channels)]
            at += Double(count) / rate
        }
        return out
    }

    // MARK: The thread

    private func play(from start: Double) {
        let name = (path as NSString).lastPathComponent
        var at = start
        while true {
            var next = thread.process.openSound(path: path, range: range, from: at, deadline: deadline)
            while true {
                thread.condition.lock()
                switch next {
                case .failure(let failure):
                    state = failure.isRefusal ? .silent : .failed(failure)
                    thread.condition.unlock()
                    return
                case .success(_) where restart != nil:
                    break // for where it was: it opens again
                case .success(nil):
                    state = .playing
                    ended = true
                case .success(let chunk?):
                    state = .playing
                    let count = chunk.frames * ClipSoundFormat.channels
                    let samples = [Int16](UnsafeBufferPointer(start: chunk.samples.base.assumingMemoryBound(to: Int16.self), count: count))
                    held.append((chunk.start, samples))
                    heldEnd = chunk.start + Double(chunk.frames) / Double(ClipSoundFormat.rate)
                }
                while !thread.stopping && restart == nil && (ended || heldEnd >= wanted + Self.aheadSeconds) { thread.condition.wait() }
                let stop = thread.stopping, again = restart
                restart = nil
                thread.condition.unlock()
                if stop { return }
                if let again { at = again; break }
                next = thread.process.nextSound(deadline: deadline, name: name)
            }
        }
    }
}
