import CAV
import CHeif
import CSDL2
import CSeccomp
import CTurboJPEG
import Foundation
import PhotoFile

/// The decode worker: the `trips` binary started again by the app with
/// `DecoderWorker.modeArgument`, its socket on descriptor 3. It loads the
/// decoders, confines itself (`DecoderSandbox`), then answers one request
/// at a time: it reads the photo from the descriptor it is handed, decodes
/// it into shared memory and sends that back. A decoder that crashes or
/// hangs takes only this process with it; the app replaces it.
public enum DecoderWorker {
    public static let modeArgument = "--decode-worker"
    public static let socketDescriptor: Int32 = 3
    /// Exit codes the app turns into words.
    public static let outOfMemoryExit: Int32 = 70
    public static let confinementFailedExit: Int32 = 71
    public static let retiredExit: Int32 = 72
    /// The biggest photo file read: far above any camera's, well inside the memory limit.
    static let maximumFileBytes = 256 << 20
    /// The biggest moving picture opened: read a little at a time (a clip)
    /// or whole (an animated WebP, bounded by `maximumFileBytes` there).
    static let maximumMovingFileBytes = 4 << 30

    /// Runs the worker when the command line asks for it (`trips
    /// --decode-worker PARENT_PID`); otherwise returns at once. Call it
    /// first thing in `main`. The same for the zygote (`trips --decode-zygote`).
    public static func runIfAsked(_ arguments: [String]) {
        DecoderZygote.runIfAsked(arguments)
        guard arguments.count >= 2, arguments[1] == modeArgument else { return }
        // Killed when the thread that started it ends.
        ParentDeath.follow(arguments.count >= 3 ? Int32(arguments[2]) : nil)
        warmUp()
        confineAndServe()
    }

    /// A worker forked by the zygote (`DecoderZygote`), its decoders warm
    /// already: its socket goes to descriptor 3, its stdio to /dev/null, and
    /// it dies with the app (its parent, by CLONE_PARENT).
    static func runForked(socket: Int32, app: pid_t) -> Never {
        ParentDeath.follow(app)
        _ = trips_prctl_set_name(DecoderZygote.nameOfWorker)
        if socket != socketDescriptor { dup2(socket, socketDescriptor); close(socket) }
        confineAndServe()
    }

    private static func confineAndServe() -> Never {
        #if TRIPS_DECODER_FAULTS
        let fault = DecodeFault(environment: ProcessInfo.processInfo.environment)
        #endif
        // A decoder's crash ends the process with its signal, which the app
        // names; the Swift runtime's own crash reporter would first try to
        // open files, which the sandbox forbids.
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { Glibc.signal(signal, SIG_DFL) }
        if let failed = DecoderSandbox.confine() {
            let reply = DecodeReply(status: .failed, message: "the decoder's sandbox could not be set up (\(failed))")
            _ = reply.bytes.withUnsafeBytes { trips_send_with_fd(socketDescriptor, $0.baseAddress, $0.count, -1) }
            _exit(confinementFailedExit)
        }
        #if TRIPS_DECODER_FAULTS
        serve { request in
            // The photo's decode misbehaves, not its preview: a slow photo
            // with its preview on screen is what the switch shows then (its
            // properties misbehave too: the panel's containment).
            if !request.preview, let action = fault.action(forFileNamed: request.name) { DecodeFault.perform(action) }
        }
        #else
        serve { _ in }
        #endif
    }

    /// - Parameter beforeDecode: the tests' fault switch in debug builds; nothing in release ones.
    private static func serve(beforeDecode: (DecodeRequest) -> Void) -> Never {
        var buffer = [UInt8](repeating: 0, count: DecodeRequest.maximumBytes)
        // The photo's bytes, read into the same memory each time: no page
        // faults or mappings per photo once it is as big as the biggest.
        var input: [UInt8] = []
        var moving = MovingPicture()
        while true {
            var fd: Int32 = -1
            let n = buffer.withUnsafeMutableBytes { trips_receive_with_fd(socketDescriptor, $0.baseAddress, $0.count, &fd) }
            guard n > 0 else { _exit(0) } // the app closed the socket
            guard let request = DecodeRequest(buffer[0..<n]), fd >= 0 || request.frames == .next else {
                if fd >= 0 { close(fd) }
                send(DecodeReply(status: .failed, message: "the decoder got a malformed request"), pixels: nil)
                continue
            }
            beforeDecode(request)
            if request.frames != .next { moving.close() }
            if request.frames != .none {
                let (reply, pixels) = request.frames == .open ? moving.open(fd, request)
                    : request.sound ? moving.nextSound()
                    : moving.next(skipUntil: request.skipUntil, ring: request.ring, target: (request.targetWidth, request.targetHeight))
                send(reply, pixels: pixels)
                if usedCPUSeconds() > DecoderSandbox.cpuSeconds / 2 && request.frames == .open { _exit(retiredExit) }
                continue
            }
            let (reply, pixels) = decode(fd, request, into: &input)
            close(fd)
            send(reply, pixels: pixels)
            if usedCPUSeconds() > DecoderSandbox.cpuSeconds / 2 { _exit(retiredExit) }
        }
    }

    private static func decode(_ fd: Int32, _ request: DecodeRequest, into input: inout [UInt8]) -> (DecodeReply, SharedPixels?) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return (DecodeReply(status: .refused, message: "cannot be read"), nil) }
        guard Int(info.st_size) <= maximumFileBytes else {
            return (DecodeReply(status: .refused, message: "is larger than \(maximumFileBytes >> 20) MiB"), nil)
        }
        // A preview needs only the EXIF block at the start, not the 3 MB after it.
        let count = request.preview ? min(Int(info.st_size), ExifThumbnail.readLength) : Int(info.st_size)
        if input.count < count { input = [UInt8](repeating: 0, count: count) }
        var filled = 0
        input.withUnsafeMutableBytes { raw in
            while filled < count {
                let got = pread(fd, raw.baseAddress! + filled, count - filled, off_t(filled))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                filled += got
            }
        }
        guard filled > 0 else { return (DecodeReply(status: .refused, message: "cannot be read"), nil) }
        if request.properties {
            let properties = input.withUnsafeBytes { PropertiesReading.read(UnsafeRawBufferPointer(rebasing: $0[0..<filled]), fileBytes: Int(info.st_size)) }
            return (DecodeReply(status: .decoded, message: properties.wireText), nil)
        }
        var pixels: SharedPixels?
        let result = input.withUnsafeBytes { raw in
            let output: PhotoDecoder.Output = { w, h in
                pixels = SharedPixels.create(width: w, height: h)
                return pixels?.surface()
            }
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<filled])
            let fileExtension = String(request.name.split(separator: ".").last ?? "")
            if request.region == nil, !request.preview, let size = SharedThumbnail.Size(rawValue: request.thumbnailSide) {
                return decodeThumbnail(bytes, fileExtension: fileExtension, size: size, target: (request.targetWidth, request.targetHeight)) { w, h, png in
                    pixels = SharedPixels.create(width: w, height: h, trailingBytes: png)
                    return pixels
                }
            }
            if let region = request.region { return PhotoDecoder.decode(bytes: bytes, region: region, output: output) }
            if request.preview {
                return PhotoDecoder.decodePreview(bytes: bytes, fileLength: Int(info.st_size), target: (request.targetWidth, request.targetHeight),
                                                  output: output)
            }
            return PhotoDecoder.decode(bytes: bytes, fileExtension: fileExtension,
                                       target: (request.targetWidth, request.targetHeight), plainSDL: request.plainSDL, output: output)
        }
        switch result {
        case .success(let decoded):
            SDL_FreeSurface(decoded.surface)
            guard let pixels else { return (DecodeReply(status: .failed, message: "no shared memory for its pixels"), nil) }
            return (DecodeReply(status: .decoded, width: pixels.width, height: pixels.height, fullWidth: decoded.fullWidth,
                                fullHeight: decoded.fullHeight, usedTurboJPEG: decoded.usedTurboJPEG, thumbnailPNGBytes: pixels.trailingBytes,
                                message: decoded.note ?? ""), pixels)
        case .failure(.refused(let why)):
            return (DecodeReply(status: .refused, message: why), nil)
        case .failure(let failure):
            return (DecodeReply(status: .failed, message: failure.description), nil)
        }
    }

    /// A strip thumbnail that is also the shared cache's: the photo decoded
    /// to `size`'s fit (`SharedThumbnail.Size.fit`), encoded as PNG
    /// (`ThumbnailPNG`), then shrunk to cover `target` into the pixels
    /// `output` makes, the PNG after them.
    private static func decodeThumbnail(_ bytes: UnsafeRawBufferPointer, fileExtension: String, size: SharedThumbnail.Size,
                                        target: (width: Int, height: Int),
                                        output: (_ width: Int, _ height: Int, _ pngBytes: Int) -> SharedPixels?)
        -> Result<PhotoDecoder.Decoded, DecodeFailure> {
        // The whole file's header, as `PhotoDecoder.decode` reads it: a HEIF
        // whose meta box lies past its first 64 KiB (after the picture data)
        // still gets the cache size's fit, not the strip's (too large for its folder).
        let fit = (try? PhotoHeader.read(bytes: bytes).get()).map { size.fit($0.displaySize) } ?? target
        switch PhotoDecoder.decode(bytes: bytes, fileExtension: fileExtension, target: fit) {
        case .failure(let failure): return .failure(failure)
        case .success(var decoded):
            let png = ThumbnailPNG.encode(decoded.surface) ?? []
            var made: SharedPixels?
            guard let out = PhotoDecoder.shrink(decoded.surface, upright: .up, toCover: target, into: { w, h in
                made = output(w, h, png.count)
                return made?.surface()
            }), let made else { return .failure(.decode("no memory for its thumbnail")) }
            png.withUnsafeBytes { raw in
                if let from = raw.baseAddress { made.base.advanced(by: made.pitch * made.height).copyMemory(from: from, byteCount: raw.count) }
            }
            decoded.surface = out
            return .success(decoded)
        }
    }

    private static func send(_ reply: DecodeReply, pixels: SharedPixels?) {
        let bytes = reply.bytes
        let sent = bytes.withUnsafeBytes { trips_send_with_fd(socketDescriptor, $0.baseAddress, $0.count, pixels?.descriptor ?? -1) }
        if sent < 0 { _exit(0) } // the app is gone
    }

    private static func usedCPUSeconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
    }

    /// Does once, before confinement, whatever the decoders do only on
    /// first use and might need a file for: SDL_image's format libraries,
    /// SDL's CPU feature probe (stretching, converting), PNG and JPEG
    /// decoding, libjpeg-turbo, libheif's codecs, Little CMS. The zygote
    /// does it once for every worker it forks.
    static func warmUp() {
        // One malloc arena for every thread: glibc opens
        // /proc/sys/vm/overcommit_memory the first time it shrinks a
        // thread's own arena, which the sandbox forbids (a large AVIF, whose
        // dav1d threads free big buffers, was killed for it).
        _ = trips_single_malloc_arena()
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
        if let handle = tjInitDecompress() { tjDestroy(handle) }
        _ = heif_init(nil)
        // FFmpeg's log asks whether stderr is a terminal (ioctl) the first
        // time it says anything, a damaged frame for one: it says nothing.
        av_log_set_level(AV_LOG_QUIET)
        ColourConversion.warmUp()
        PropertiesReading.warmUp()
        guard let small = SDL_CreateRGBSurfaceWithFormat(0, 16, 16, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return }
        defer { SDL_FreeSurface(small) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        for save in [{ IMG_SavePNG_RW(small, $0, 0) }, { IMG_SaveJPG_RW(small, $0, 0, 90) }] as [(UnsafeMutablePointer<SDL_RWops>) -> Int32] {
            let written: Int = buffer.withUnsafeMutableBytes { raw in
                guard let stream = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else { return 0 }
                defer { SDL_RWclose(stream) }
                return save(stream) == 0 ? Int(SDL_RWtell(stream)) : 0
            }
            guard written > 0 else { continue }
            _ = buffer.withUnsafeBytes { raw in
                PhotoDecoder.decode(bytes: UnsafeRawBufferPointer(rebasing: raw[0..<written]), fileExtension: "", target: (8, 8)).map { SDL_FreeSurface($0.surface) }
            }
        }
    }
}
