import CSDL2
import Decoding
import Foundation
import PhotoLoading

/// The speakers for the big photo's clip: SDL's audio device, opened the
/// first time a clip's sound is turned on (a run that never asks starts no
/// audio at all), fed with SDL_QueueAudio from a `ClipSound` in step with
/// the clip's clock. Each turn it compares where the queued sound says the
/// speakers are (what was queued less what is still waiting) with where
/// the clip is; more than `driftSeconds` apart (a scrub, a loop starting
/// again, a stall), the queue is flushed and starts again from the clip's
/// position. Paused or muted, the queue is flushed and the device paused.
/// No device: one log line, and the clip plays on muted.
final class ClipAudio {
    private var device: SDL_AudioDeviceID = 0
    private var unavailable = false
    private var sound: ClipSound?
    private var soundPhoto: Int?
    /// Where in the clip the queued sound ends; nil: nothing queued.
    private var queuedTo: Double?
    /// Clips that have no sound, and clips whose sound failed (logged
    /// once): not asked for again, so no worker starts for them frame after
    /// frame (a silent one is told to the model again when it opens again).
    private var silent: Set<String> = [], failed: Set<String> = []
    /// A clip that turned out to have no sound, for the model (`takeSilentClip`).
    private var silentClip: Int?
    /// Seconds of sound queued, and how often the queue was flushed and
    /// started again from the clip's position while it played (a scrub, a
    /// loop, a stall, drift): the log's line.
    private var queuedSeconds = 0.0, restarts = 0
    /// How far from the clip's position the speakers were at each turn
    /// while it played, in seconds (as SDL's queue tells it): the log's
    /// measure of how well sound and picture keep in step.
    private var offsets: [Double] = []
    private let log: (String) -> Void

    /// How much sound is queued ahead of the clip: more than a frame loop's
    /// turn, little enough that a pause is heard at once (it flushes anyway).
    static let leadSeconds = 0.3
    static let driftSeconds = 0.08

    init(log: @escaping (String) -> Void) {
        self.log = log
    }

    deinit {
        stop()
        if device != 0 { SDL_CloseAudioDevice(device) }
    }

    /// The sound of clip `photo` (the file at `path`; `range`: those bytes
    /// of it), now at `position` seconds into its play, `playing` or held;
    /// `open` makes its `ClipSound` from a position.
    func follow(photo: Int, path: String, range: (offset: Int, length: Int)?, position: Double, playing: Bool,
                open: (Double) -> ClipSound) {
        if silent.contains(path) { silentClip = photo }
        guard !silent.contains(path), !failed.contains(path) else { return }
        if soundPhoto != photo || sound?.path != path {
            stop()
            sound = open(position)
            soundPhoto = photo
        }
        guard let sound else { return }
        switch sound.currentState {
        case .silent:
            silentClip = photo
            silent.insert(path)
            stop()
            return
        case .failed(let failure):
            log("trips: photo \(path): its sound cannot be played: \(failure); it plays muted")
            failed.insert(path)
            stop()
            return
        case .opening: return // the device waits for sound to play (a clip without is told first)
        case .playing: break
        }
        guard playing, openDevice() else { hush(); return }
        let rate = Double(ClipSoundFormat.rate)
        let waiting = Double(SDL_GetQueuedAudioSize(device)) / Double(ClipSoundFormat.bytesPerFrame) / rate
        if let queued = queuedTo {
            // Measured while sound is queued (not while the first waits to be decoded).
            let offset = abs(queued - waiting - position)
            if waiting > 0, offsets.count < 100_000 { offsets.append(offset) }
            if offset > Self.driftSeconds {
                SDL_ClearQueuedAudio(device)
                queuedTo = nil
                restarts += 1
            }
        }
        // Nothing waits (the first sound, or the queue ran dry): it starts
        // where the clip is now, not where the last sound ended.
        var to = waiting > 0 ? queuedTo ?? position : position
        let wanted = Int(((position + Self.leadSeconds - to) * rate).rounded(.down))
        if wanted >= ClipSoundFormat.rate / 100 {
            let samples = sound.take(from: to, frames: wanted)
            if !samples.isEmpty, samples.withUnsafeBytes({ SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }) == 0 {
                to += Double(samples.count / ClipSoundFormat.channels) / rate
                queuedSeconds += Double(samples.count / ClipSoundFormat.channels) / rate
            }
        }
        queuedTo = to
        SDL_PauseAudioDevice(device, 0)
    }

    /// Whether a clip's sound is being fed: the frame loop turns at least
    /// every tenth of a second meanwhile, to keep the queue ahead.
    var isFeeding: Bool { device != 0 && queuedTo != nil && sound?.isOver == false }

    /// Muted, or the clip went: the sound stops at once and its worker goes.
    func stop() {
        if let sound, queuedSeconds > 0 {
            let sorted = offsets.sorted()
            func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count - 1)))] * 1000 }
            log(String(format: "trips: photo %@: %.1f s of sound queued; off the clip's position by %.1f ms (p50), %.1f ms (p99); "
                       + "started again %d times to keep in step", sound.path, queuedSeconds, percentile(0.5), percentile(0.99), restarts))
        }
        queuedSeconds = 0
        restarts = 0
        offsets.removeAll()
        hush()
        sound?.stop()
        sound = nil
        soundPhoto = nil
    }

    /// The clip that turned out to have no sound since the last call, once.
    func takeSilentClip() -> Int? {
        defer { silentClip = nil }
        return silentClip
    }

    private func hush() {
        if device != 0 {
            SDL_ClearQueuedAudio(device)
            SDL_PauseAudioDevice(device, 1)
        }
        queuedTo = nil
    }

    private func openDevice() -> Bool {
        if device != 0 { return true }
        if unavailable { return false }
        unavailable = true
        if SDL_WasInit(SDL_INIT_AUDIO) == 0 && SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 {
            log("trips: no sound: SDL's audio cannot start (\(String(cString: SDL_GetError()))); clips play muted")
            return false
        }
        var want = SDL_AudioSpec()
        want.freq = Int32(ClipSoundFormat.rate)
        want.format = SDL_AudioFormat(AUDIO_S16LSB)
        want.channels = UInt8(ClipSoundFormat.channels)
        // 20 ms a buffer: a whole number of milliseconds, which SDL's disk
        // driver (the tests') sleeps between buffers; 1024 frames are 21.3 ms,
        // slept as 21, and its sound ran 1.5 % fast.
        want.samples = UInt16(ClipSoundFormat.rate / 50)
        // SDL converts to what the device takes (no changes allowed).
        device = SDL_OpenAudioDevice(nil, 0, &want, nil, 0)
        guard device != 0 else {
            log("trips: no sound: no audio device (\(String(cString: SDL_GetError()))); clips play muted")
            return false
        }
        unavailable = false
        return true
    }
}
