import CSeccomp
import Decoding
import Foundation
import PhotoFile

/// One decode worker as the app sees it: a child process (`DecoderWorker`)
/// that decodes one photo at a time within a deadline. The photo is vetted
/// from its header here, opened here, and only its descriptor goes to the
/// worker. A worker that crashes, is killed by its sandbox or runs past the
/// deadline is killed and forgotten, its photo fails with one sentence
/// saying what happened, and the next decode starts a fresh worker. Owned
/// by one thread; `terminate` may be called from any thread (the pid is
/// guarded by a lock, the socket is the owning thread's alone: hence
/// `@unchecked Sendable`, so the loader can hand one to its thread).
public final class DecoderProcess: @unchecked Sendable {
    /// A decoded photo: its pixels in shared memory and its full size.
    public struct Decoded {
        public var pixels: SharedPixels
        public var fullWidth: Int
        public var fullHeight: Int
        public var usedTurboJPEG: Bool
        /// What the worker said though it decoded (a colour profile it
        /// could not use), or nil.
        public var note: String?
        /// The strip thumbnail as a PNG for the shared cache, when asked for
        /// (`thumbnailSide`): the worker's encoding, without the file's keys.
        public var thumbnailPNG: [UInt8]? = nil
    }

    /// How long a decode may take before its worker is killed, by use. Set
    /// by measurement (docs/DECODING.md, "Deadlines and cost"): a 4000 x 3000 q90
    /// noisy picture takes up to 0.15 s as JPEG, 0.3 s as PNG, 1.5 s as
    /// WebP (the slowest) on a loaded core. A thumbnail gets four times the
    /// slowest; a full picture more, as it waits on cores the strip's
    /// thumbnails are using.
    public struct Deadlines: Sendable {
        public var thumbnail: Double
        public var full: Double
        public static let standard = Deadlines(thumbnail: 6, full: 8)
        public init(thumbnail: Double, full: Double) {
            self.thumbnail = thumbnail
            self.full = full
        }
    }

    private let executable: String
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var socket: Int32 = -1

    private let zygote: DecoderZygote?

    /// - Parameters:
    ///   - executable: the binary with the worker mode (the running `trips`
    ///     itself, unless a test names it).
    ///   - zygote: forks ready workers without exec; without one, or when
    ///     it is gone, a worker is `executable` started again.
    public init(executable: String = "/proc/self/exe", zygote: DecoderZygote? = nil) {
        self.executable = executable
        self.zygote = zygote
    }

    deinit {
        terminate()
        reap()
    }

    /// Starts the worker now (so the first photo does not wait for it); a
    /// description of what failed, or nil.
    @discardableResult
    public func start() -> String? {
        if socket >= 0 { return nil }
        guard let pair = DecoderZygote.socketPair() else {
            return "no socket for a decoder: \(String(cString: strerror(errno)))"
        }
        if let child = zygote?.startWorker(socket: pair.zygote) {
            close(pair.zygote)
            adopt(child, socket: pair.app)
            return nil
        }
        let spawned = ModeSpawn.start(executable, mode: DecoderWorker.modeArgument, socket: pair.zygote)
        close(pair.zygote)
        switch spawned {
        case .success(let child):
            adopt(child, socket: pair.app)
            return nil
        case .failure(let code):
            close(pair.app)
            return "cannot start a decoder (\(executable)): \(String(cString: strerror(code.code)))"
        }
    }

    /// The worker `child` (forked or spawned) and the app's end of its socket.
    private func adopt(_ child: pid_t, socket: Int32) {
        lock.lock()
        pid = child
        self.socket = socket
        lock.unlock()
    }

    /// The worker's process id while one runs (for the benchmark's CPU count).
    public var processID: pid_t? {
        lock.lock()
        defer { lock.unlock() }
        return pid > 0 ? pid : nil
    }

    /// Kills the worker (any thread): a decode under way ends at once as failed.
    public func terminate() {
        lock.lock()
        if pid > 0 { kill(pid, SIGKILL) }
        lock.unlock()
    }

    /// Decodes the photo at `path` to cover `target`, within `deadline` seconds.
    /// With `region`, only that part of the picture, at its level (a detail
    /// tile); with `preview`, its embedded EXIF thumbnail instead (`DecodePlan.Use.preview`).
    public func decode(path: String, target: (width: Int, height: Int), deadline: Double, plainSDL: Bool = false,
                       preview: Bool = false, region: DecodeRegion? = nil, thumbnailSide: Int = 0) -> Result<Decoded, DecodeFailure> {
        // A clip's still (its strip photo, what a failed play shows) is its first frame.
        if Self.isClip(path) {
            guard !preview, region == nil else { return .failure(.refused("a clip has no preview or detail tiles")) }
            return openFrames(path: path, target: target, deadline: deadline).map {
                Decoded(pixels: $0.pixels, fullWidth: $0.fullWidth, fullHeight: $0.fullHeight, usedTurboJPEG: false)
            }
        }
        let request = DecodeRequest.asking(target: target, plainSDL: plainSDL, preview: preview, region: region, thumbnailSide: thumbnailSide,
                                           name: (path as NSString).lastPathComponent)
        return ask(request, path: path, deadline: deadline).flatMap { reply, pixels in result(of: reply, pixels: pixels) }
    }

    /// The properties panel's fields of the photo at `path` (`PhotoProperties`),
    /// read by the worker from its bytes within `deadline` seconds.
    public func readProperties(path: String, deadline: Double) -> Result<PhotoProperties, DecodeFailure> {
        ask(DecodeRequest.askingProperties(name: (path as NSString).lastPathComponent), path: path, deadline: deadline).flatMap { reply, pixels in
            if pixels >= 0 { close(pixels) }
            switch reply.status {
            case .decoded: return .success(PhotoProperties(wireText: reply.message))
            case .refused, .ended: return .failure(.refused(reply.message))
            case .failed: return .failure(.decode(reply.message))
            }
        }
    }

    /// `request` for the photo at `path`, vetted and opened here, its
    /// descriptor handed to the worker: the worker's reply, and the
    /// descriptor that came with it (-1: none).
    private func ask(_ request: DecodeRequest, path: String, deadline: Double) -> Result<(DecodeReply, Int32), DecodeFailure> {
        // Vetted here, by path, before anything is opened for a worker: a
        // FIFO, a symlink loop or a header bomb is refused without a round
        // trip. The worker parses the header again from the bytes it reads,
        // because that is what it decodes (and the in-process bench path).
        if case .failure(let refusal) = PhotoFileCheck.inspect(atPath: path) { return .failure(.refused(refusal.description)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.refused("cannot be read (\(String(cString: strerror(errno))))")) }
        defer { close(fd) }
        // A worker that retired itself (its CPU allowance) between two
        // photos is replaced and asked once more.
        for attempt in 0..<2 {
            switch exchange(request, fd: fd, deadline: deadline) {
            case .reply(let reply, let pixels): return .success((reply, pixels))
            case .lost(let why, let retired):
                if retired && attempt == 0 { continue }
                return .failure(.contained(why))
            }
        }
        return .failure(.contained("the decoder kept retiring"))
    }

    /// File endings of the video clips the workers play (through libav).
    public static let clipExtensions = ClipHeader.fileEndings
    /// File endings of pictures that may be animated (a still one is told from its bytes).
    public static let animationExtensions: Set<String> = ["gif", "png", "apng", "webp", "jxl", "avif"]

    static func isClip(_ path: String) -> Bool { clipExtensions.contains((path as NSString).pathExtension.lowercased()) }

    /// One frame of a moving picture (`DecodeRequest.FrameAsk`).
    public struct Frame {
        public var pixels: SharedPixels
        /// Seconds it shows.
        public var delay: Double
        /// How many times the whole plays (0: for ever); a clip says 1.
        public var loopCount: Int
        public var isClip: Bool
        public var fullWidth: Int
        public var fullHeight: Int
        /// In BGRA byte order (`openFrames`' `bgra`), not RGBA.
        public var isBGRA: Bool
        /// Seconds from the start of the play to this frame's, and the frames
        /// decoded and dropped just before it (`nextFrame`'s `skipUntil`).
        public var start: Double
        public var skippedBefore = 0
    }

    /// Opens the moving picture at `path` on this worker and takes its first
    /// frame, covering `target`. `.refused` for a still picture. The
    /// worker keeps it open for `nextFrame` until any other request.
    /// `range`: the picture is those bytes of the file (a Motion Photo's clip).
    public func openFrames(path: String, range: (offset: Int, length: Int)? = nil, target: (width: Int, height: Int), deadline: Double,
                           bgra: Bool = false) -> Result<Frame, DecodeFailure> {
        // The worker tells what it is from its bytes (a still one is refused
        // there); here only that it is a file with something in it, opened
        // without following a link's loop or waiting on a FIFO.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.refused("cannot be read (\(String(cString: strerror(errno))))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return .failure(.refused("is not a file with frames in it")) }
        let request = DecodeRequest.asking(target: target, plainSDL: false, preview: false, region: nil, thumbnailSide: 0, frames: .open,
                                           framesInBGRA: bgra, range: range, name: (path as NSString).lastPathComponent)
        bgraFrames = bgra
        framePixels.removeAll()
        return frame(exchange(request, fd: fd, deadline: deadline)).flatMap { $0.map { .success($0) } ?? .failure(.decode("it has no frames")) }
    }

    /// The open moving picture's next frame that ends after `skipUntil`
    /// seconds from the start of its play (those before are decoded and
    /// dropped in the worker: a player that fell behind catches up); nil
    /// after its last, and `playLength` then says how long the play was.
    /// `ring`: the most frames the caller holds as it asks (those sent
    /// last), whose buffers the worker does not write; 0: a new buffer a
    /// frame. `target` (not 0 by 0): the size this frame and those after it cover.
    public func nextFrame(deadline: Double, name: String, skipUntil: Double = 0, ring: Int = 0,
                          target: (width: Int, height: Int) = (0, 0)) -> Result<Frame?, DecodeFailure> {
        let request = DecodeRequest.asking(target: target, plainSDL: false, preview: false, region: nil, thumbnailSide: 0, frames: .next,
                                           skipUntil: Int((skipUntil * 1000).rounded(.down)), ring: ring, name: name)
        return frame(exchange(request, fd: -1, deadline: deadline), ring: ring)
    }

    /// The length in seconds of the moving picture's play that last ended (`nextFrame` gave nil).
    public private(set) var playLength = 0.0

    private func frame(_ exchange: Exchange, ring: Int = 0) -> Result<Frame?, DecodeFailure> {
        streamed(exchange, ended: { playLength = Double(max(0, $0.frameStart)) / 1000 }).flatMap { got in
            guard let (reply, fd) = got else { return .success(nil) }
            return (reused(reply, pixels: fd, ring: ring) ?? result(of: reply, pixels: fd)).map { decoded in
                Frame(pixels: decoded.pixels, delay: Double(max(1, reply.frameDelay)) / 1000, loopCount: max(0, reply.loopCount),
                      isClip: reply.isClip, fullWidth: decoded.fullWidth, fullHeight: decoded.fullHeight, isBGRA: bgraFrames,
                      start: Double(max(0, reply.frameStart)) / 1000, skippedBefore: max(0, reply.framesSkipped))
            }
        }
    }

    /// A `next` request's answer (a frame, a chunk of sound): the worker's
    /// loss as a failure; the stream's end as nil, its descriptor closed
    /// and `ended` told; else the reply and the descriptor its data came in.
    func streamed(_ exchange: Exchange, ended: (DecodeReply) -> Void = { _ in }) -> Result<(DecodeReply, Int32)?, DecodeFailure> {
        switch exchange {
        case .lost(let why, _): return .failure(.contained(why))
        case .reply(let reply, let fd):
            guard reply.status == .ended else { return .success((reply, fd)) }
            if fd >= 0 { close(fd) }
            ended(reply)
            return .success(nil)
        }
    }

    /// The byte order the open moving picture's frames were asked in.
    private var bgraFrames = false

    /// The open moving picture's frame buffers mapped so far, by their
    /// memfd's inode: a frame in a buffer of the worker's ring comes in one
    /// mapped already, not mapped (and its pages faulted in) again.
    private var framePixels: [(device: UInt64, inode: UInt64, pixels: SharedPixels)] = []

    /// A decoded frame of a `ring` in a buffer mapped before (the
    /// descriptor is closed), or mapped as new and kept for its next turn;
    /// nil without a ring.
    private func reused(_ reply: DecodeReply, pixels fd: Int32, ring: Int) -> Result<Decoded, DecodeFailure>? {
        var info = stat()
        guard ring > 0, reply.status == .decoded, fd >= 0, reply.thumbnailPNGBytes == 0, fstat(fd, &info) == 0 else { return nil }
        let key = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        if let known = framePixels.first(where: { $0.device == key.device && $0.inode == key.inode }),
           known.pixels.width == reply.width, known.pixels.height == reply.height {
            close(fd)
            return .success(Decoded(pixels: known.pixels, fullWidth: reply.fullWidth, fullHeight: reply.fullHeight, usedTurboJPEG: false))
        }
        let mapped = result(of: reply, pixels: fd)
        if case .success(let decoded) = mapped {
            framePixels.removeAll { $0.device == key.device && $0.inode == key.inode }
            framePixels.append((key.device, key.inode, decoded.pixels))
            if framePixels.count > ring { framePixels.removeFirst(framePixels.count - ring) }
        }
        return mapped
    }

    enum Exchange {
        case reply(DecodeReply, pixels: Int32)
        case lost(String, retired: Bool)
    }

    func exchange(_ request: DecodeRequest, fd: Int32, deadline: Double) -> Exchange {
        if let failed = start() { return .lost(failed, retired: false) }
        let bytes = request.bytes
        let sent = bytes.withUnsafeBytes { trips_send_with_fd(socket, $0.baseAddress, $0.count, fd) }
        if sent < 0 { return lost() }
        let end = ContinuousClock.now + .milliseconds(Int(deadline * 1000))
        while true {
            let left = ContinuousClock.now.duration(to: end)
            guard left > .zero else {
                terminate()
                _ = reap()
                return .lost(String(format: "no picture after %g s; the decoder was stopped", deadline), retired: false)
            }
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = Glibc.poll(&poll, 1, ms)
            if ready < 0 && errno == EINTR { continue }
            if ready > 0 { break }
            if ready < 0 { return lost() }
        }
        var buffer = [UInt8](repeating: 0, count: DecodeReply.maximumBytes)
        var pixels: Int32 = -1
        let n = buffer.withUnsafeMutableBytes { trips_receive_with_fd(socket, $0.baseAddress, $0.count, &pixels) }
        guard n > 0, let reply = DecodeReply(buffer[0..<n]) else {
            if pixels >= 0 { close(pixels) }
            return lost()
        }
        return .reply(reply, pixels: pixels)
    }

    func result(of reply: DecodeReply, pixels fd: Int32) -> Result<Decoded, DecodeFailure> {
        switch reply.status {
        case .refused, .ended:
            if fd >= 0 { close(fd) }
            return .failure(.refused(reply.message))
        case .failed:
            if fd >= 0 { close(fd) }
            return .failure(.decode(reply.message))
        case .decoded:
            // The PNG after the pixels, read before the descriptor goes to the mapping.
            var png: [UInt8]?
            if fd >= 0, reply.thumbnailPNGBytes > 0, reply.thumbnailPNGBytes <= Self.maximumThumbnailPNGBytes, reply.width > 0, reply.height > 0 {
                var bytes = [UInt8](repeating: 0, count: reply.thumbnailPNGBytes)
                let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(reply.width * reply.height * 4)) }
                if got == bytes.count { png = bytes }
            }
            guard fd >= 0, let pixels = SharedPixels.map(descriptor: fd, width: reply.width, height: reply.height) else {
                terminate()
                _ = reap()
                return .failure(.contained("the decoder sent pixels that do not match their size; it was stopped"))
            }
            return .success(Decoded(pixels: pixels, fullWidth: reply.fullWidth, fullHeight: reply.fullHeight, usedTurboJPEG: reply.usedTurboJPEG,
                                    note: reply.message.isEmpty ? nil : reply.message, thumbnailPNG: png))
        }
    }

    /// The worker went away mid-decode (or its socket failed): why, in
    /// words. It is killed first, so the wait cannot hang on a worker that
    /// is still alive; one that already ended keeps its own ending.
    /// The largest thumbnail PNG taken from a worker: an xx-large one of noise is under 4 MiB.
    static let maximumThumbnailPNGBytes = 8 << 20

    private func lost() -> Exchange {
        terminate()
        guard let status = reap() else { return .lost("the decoder went away", retired: false) }
        return .lost(Self.describe(status), retired: status == .exited(DecoderWorker.retiredExit))
    }

    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Waits for the worker to end (it was killed or closed its socket) and
    /// forgets it.
    @discardableResult
    func reap() -> Ending? {
        lock.lock()
        let child = pid
        pid = 0
        lock.unlock()
        if socket >= 0 { close(socket); socket = -1 }
        guard child > 0 else { return nil }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    static func describe(_ ending: Ending) -> String {
        switch ending {
        case .signalled(SIGSYS): return "the decoder broke its sandbox (a forbidden system call) and was killed with SIGSYS"
        case .signalled(SIGXCPU): return "the decoder used up its CPU time (SIGXCPU)"
        case .signalled(let signal): return "the decoder crashed with \(signalName(signal))"
        case .exited(DecoderWorker.outOfMemoryExit): return "the decoder ran out of its memory limit"
        case .exited(DecoderWorker.confinementFailedExit): return "the decoder could not be sandboxed"
        case .exited(DecoderWorker.retiredExit): return "the decoder retired (its CPU allowance)"
        case .exited(let code): return "the decoder exited with code \(code)"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
                                      SIGKILL: "SIGKILL", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ"]
        return names[signal] ?? "signal \(signal)"
    }
}
