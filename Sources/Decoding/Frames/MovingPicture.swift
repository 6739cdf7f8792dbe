import CSeccomp
import Foundation

/// The moving picture a worker has open between frame requests
/// (`DecodeRequest.FrameAsk`): its descriptor, kept until the next `open`
/// or any other request, and its frame source, or its sound (a clip's,
/// `DecodeRequest.sound`).
struct MovingPicture {
    private var fd: Int32 = -1
    private var source: FrameSource?
    private var sound: LibavSound?
    /// Where the next frame starts, in ms from the start of the play.
    private var clock = 0
    /// The buffers the frames after the first are written into, in turn
    /// (`DecodeRequest.ring`), and how many were sent since the first: a
    /// new memfd a frame cost the worker more in the kernel (its pages
    /// zeroed, mapped and unmapped) than libswscale's scaling.
    private var ring: [SharedPixels?] = []
    private var ringSize = 0, sent = 0
    /// The first bytes read to tell what it is (and its loop count).
    static let headBytes = 64 << 10

    mutating func close() {
        source = nil
        sound = nil
        ring = []
        ringSize = 0
        sent = 0
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Opens the picture on `descriptor` (taking it) and answers with its first frame.
    mutating func open(_ descriptor: Int32, _ request: DecodeRequest) -> (DecodeReply, SharedPixels?) {
        close()
        fd = descriptor
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return (DecodeReply(status: .refused, message: "cannot be read"), nil) }
        // A range (a Motion Photo's clip inside its JPEG) is all that is read, and must lie inside the file.
        let base = request.rangeLength > 0 ? request.rangeOffset : 0
        let length = request.rangeLength > 0 ? request.rangeLength : Int(info.st_size)
        guard base >= 0, length > 0, base + length <= Int(info.st_size) else {
            return (DecodeReply(status: .refused, message: "has no clip at bytes \(base) to \(base + length)"), nil)
        }
        guard length <= DecoderWorker.maximumMovingFileBytes else {
            return (DecodeReply(status: .refused, message: "is larger than \(DecoderWorker.maximumMovingFileBytes >> 20) MiB"), nil)
        }
        var head = [UInt8](repeating: 0, count: min(Self.headBytes, length))
        let got = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(base)) }
        guard got > 0 else { return (DecodeReply(status: .refused, message: "cannot be read"), nil) }
        head.removeSubrange(got...)
        if request.sound { return openSound(head: head, base: base, length: length, startMilliseconds: request.skipUntil) }
        switch FrameSources.open(fd, base: base, head: head, fileBytes: length, target: (request.targetWidth, request.targetHeight),
                                 bgra: request.framesInBGRA) {
        case .failure(.refused(let why)): return (DecodeReply(status: .refused, message: why), nil)
        case .failure(let failure): return (DecodeReply(status: .failed, message: failure.description), nil)
        case .success(let opened):
            source = opened
            clock = 0
            return next()
        }
    }

    /// The open picture's next frame that ends after `skipUntil` (ms from
    /// the start of the play; those before are decoded and dropped);
    /// `ended` after its last. With a `ring` (the most frames the app
    /// holds when it asks), the frame goes into the buffer of the frame
    /// sent that many before it. A `target` (not 0 by 0) is the size the
    /// frames from this one on cover.
    mutating func next(skipUntil: Int = 0, ring size: Int = 0, target: (width: Int, height: Int) = (0, 0)) -> (DecodeReply, SharedPixels?) {
        guard let source else { return (DecodeReply(status: .failed, message: "no moving picture is open"), nil) }
        source.cover(target)
        var skipped = 0
        while true {
            // A frame that ends by then is decoded for what follows, not scaled or sent.
            let start = clock
            let got = source.next(keeping: { start + $0 > skipUntil }, into: { pixels(width: $0, height: $1, ring: size) })
            if case .success(let (pixels, delay))? = got {
                clock += delay
                if pixels == nil { skipped += 1; continue }
                if size > 0 { sent += 1 }
            }
            return reply(got, start: start, skipped: skipped)
        }
    }

    /// The buffer for the next frame sent: the ring's turn, made on its
    /// first turn or when the frame's size changed; a new one without a ring.
    private mutating func pixels(width: Int, height: Int, ring size: Int) -> SharedPixels? {
        guard size > 0, size <= DecodeRequest.maximumRing else { return SharedPixels.create(width: width, height: height) }
        // Another size: the turns start again with new buffers, as the app may hold any of the old ones.
        if size != ringSize { ring.removeAll(); ringSize = size; sent = 0 }
        let slot = sent % size
        if slot < ring.count, let kept = ring[slot], kept.width == width, kept.height == height { return kept }
        // The old buffer goes first: its descriptor counts against the sandbox's few.
        if slot < ring.count { ring[slot] = nil }
        guard let made = SharedPixels.create(width: width, height: height) else { return nil }
        if slot < ring.count { ring[slot] = made } else if slot == ring.count { ring.append(made) } else { return made }
        return made
    }

    private mutating func reply(_ got: Result<(SharedPixels?, delay: Int), DecodeFailure>?, start: Int, skipped: Int) -> (DecodeReply, SharedPixels?) {
        guard let source else { return (DecodeReply(status: .failed, message: "no moving picture is open"), nil) }
        switch got {
        case nil:
            // The ring's descriptors go before a loop's `open` brings the file's again (the sandbox allows 16).
            ring = []
            ringSize = 0
            // Its start: where the play ended, its length, though its last frames were skipped.
            return (DecodeReply(status: .ended, fullWidth: source.width, fullHeight: source.height, loopCount: source.loopCount,
                                isClip: source.isClip, frameStart: clock, framesSkipped: skipped), nil)
        case .failure(let failure):
            close()
            return (DecodeReply(status: .failed, message: failure.description), nil)
        case .success(let (pixels, delay)):
            guard let pixels else { return (DecodeReply(status: .failed, message: "a skipped frame"), nil) }
            return (DecodeReply(status: .decoded, width: pixels.width, height: pixels.height, fullWidth: source.width, fullHeight: source.height,
                                frameDelay: delay, loopCount: source.loopCount, isClip: source.isClip, frameStart: start, framesSkipped: skipped), pixels)
        }
    }

    // MARK: Sound

    private mutating func openSound(head: [UInt8], base: Int, length: Int, startMilliseconds: Int) -> (DecodeReply, SharedPixels?) {
        guard LibavFrames.kind(of: head) == .clip else { return (DecodeReply(status: .refused, message: "has no sound"), nil) }
        switch LibavSound.open(fd, base: base, fileBytes: length, startMilliseconds: startMilliseconds) {
        case .failure(.refused(let why)): return (DecodeReply(status: .refused, message: why), nil)
        case .failure(let failure): return (DecodeReply(status: .failed, message: failure.description), nil)
        case .success(let opened):
            sound = opened
            return nextSound()
        }
    }

    /// The open clip's next chunk of sound (`ClipSoundFormat`): its sample
    /// frames as the reply's width, where it starts (in sample frames from
    /// the clip's first picture) as its `frameStart`; `ended` after the last.
    mutating func nextSound() -> (DecodeReply, SharedPixels?) {
        guard let sound else { return (DecodeReply(status: .failed, message: "no sound is open"), nil) }
        switch sound.next(into: { SharedPixels.create(width: $0, height: $1) }) {
        case nil: return (DecodeReply(status: .ended), nil)
        case .failure(let failure)?:
            close()
            return (DecodeReply(status: .failed, message: failure.description), nil)
        case .success(let (chunk, start))?:
            return (DecodeReply(status: .decoded, width: chunk.width, height: chunk.height, fullWidth: chunk.width, fullHeight: chunk.height,
                                isClip: true, frameStart: start), chunk)
        }
    }
}
