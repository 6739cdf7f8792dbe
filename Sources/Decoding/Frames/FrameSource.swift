import CAV
import Foundation
import PhotoFile

/// A picture that moves, opened on a worker and read one frame at a time:
/// an animated GIF, PNG, WebP or JPEG XL, or a video clip. Each frame comes out as
/// RGBA in shared memory no larger than the target's cover size, with how
/// long it shows; the caller decides how many it keeps (the app's ring).
protocol FrameSource: AnyObject {
    /// The picture's size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// How many times the whole sequence plays; 0: for ever. A clip says 1
    /// (the app loops a short one itself).
    var loopCount: Int { get }
    /// A video clip (its frame rate, its own rule for looping), not an animation.
    var isClip: Bool { get }
    /// The next frame scaled into `pixels(width, height)`, with its delay in
    /// milliseconds; nil at the end of the sequence. A frame `keep` turns
    /// down, given its delay, is decoded (what follows may build on it) but
    /// not scaled, and comes without pixels: skipped, for a player that fell behind.
    func next(keeping keep: (_ delay: Int) -> Bool, into pixels: (Int, Int) -> SharedPixels?) -> Result<(SharedPixels?, delay: Int), DecodeFailure>?
    /// Scales the frames after this one to cover `target` instead (the
    /// size the picture is drawn at, once the app knows it).
    func cover(_ target: (width: Int, height: Int))
}

/// The frame sources, by what a file's first bytes say it is.
enum FrameSources {
    /// Opens the `fileBytes` of `fd` from `base` on (a Motion Photo's clip
    /// starts inside its JPEG; `head` are their first bytes, for the
    /// sniffing) as a moving picture; `.refused` for a still one, which the
    /// photo path decodes as it always has.
    static func open(_ fd: Int32, base: Int = 0, head: [UInt8], fileBytes: Int, target: (width: Int, height: Int),
                     bgra: Bool) -> Result<FrameSource, DecodeFailure> {
        if WebPFrames.isWebP(head) { return WebPFrames.open(fd, base: base, fileBytes: fileBytes, target: target, bgra: bgra) }
        if JXLFrames.isJXL(head) { return JXLFrames.open(fd, base: base, fileBytes: fileBytes, target: target, bgra: bgra) }
        return LibavFrames.open(fd, base: base, head: head, fileBytes: fileBytes, target: target, bgra: bgra)
    }
}

extension FrameSources {
    /// The whole file, for the decoders that read from memory (libwebp,
    /// libjxl), in memory the caller deallocates, as long as what was read.
    /// Its header is vetted first: the canvas such a decoder allocates is
    /// the header's, so a bomb is refused before it is made.
    static func readWhole(_ fd: Int32, base: Int, fileBytes: Int) -> Result<UnsafeMutableRawBufferPointer, DecodeFailure> {
        guard fileBytes <= DecoderWorker.maximumFileBytes else {
            return .failure(.refused("is larger than \(DecoderWorker.maximumFileBytes >> 20) MiB"))
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(fileBytes, 1), alignment: 16)
        var filled = 0
        while filled < fileBytes {
            let got = pread(fd, bytes.baseAddress! + filled, fileBytes - filled, off_t(base + filled))
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        if case .failure(let problem) = PhotoHeader.read(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<filled])) {
            bytes.deallocate()
            return .failure(.refused(problem.description))
        }
        return .success(UnsafeMutableRawBufferPointer(rebasing: bytes[0..<filled]))
    }
}

/// Converts a frame of any pixel format and size into RGBA (or BGRA) of
/// the target's cover size, with libswscale's fast bilinear filter: a frame
/// shows for a 30th of a second, and its exact filter took a 1080p clip's
/// worker most of its time.
final class FrameScaler {
    private(set) var outWidth: Int, outHeight: Int
    private let image: (width: Int, height: Int)
    private let outFormat: AVPixelFormat
    private var context: OpaquePointer?
    private var from: (AVPixelFormat, Int, Int)?

    init(width: Int, height: Int, target: (width: Int, height: Int), bgra: Bool) {
        outFormat = bgra ? AV_PIX_FMT_BGRA : AV_PIX_FMT_RGBA
        image = (width, height)
        (outWidth, outHeight) = DecodePlan.coverSize(image: image, target: target)
    }

    /// Scales to cover `target` from the next frame on (a new context then).
    func cover(_ target: (width: Int, height: Int)) {
        guard target.width > 0, target.height > 0 else { return }
        let size = DecodePlan.coverSize(image: image, target: target)
        guard size != (outWidth, outHeight) else { return }
        (outWidth, outHeight) = size
        from = nil
    }

    deinit { sws_freeContext(context) }

    /// Scales `planes` (their `strides`) of a `width` x `height` picture in
    /// `format` into new pixels; nil when it cannot.
    func scale(planes: UnsafePointer<UnsafePointer<UInt8>?>, strides: UnsafePointer<Int32>, format: AVPixelFormat, width: Int, height: Int,
               into make: (Int, Int) -> SharedPixels?) -> SharedPixels? {
        if from == nil || from! != (format, width, height) {
            sws_freeContext(context)
            context = sws_getContext(Int32(width), Int32(height), format, Int32(outWidth), Int32(outHeight), outFormat,
                                     SWS_FAST_BILINEAR, nil, nil, nil)
            from = (format, width, height)
        }
        guard let context, let pixels = make(outWidth, outHeight) else { return nil }
        var out: [UnsafeMutablePointer<UInt8>?] = [pixels.base.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
        var outStride: [Int32] = [Int32(pixels.pitch), 0, 0, 0]
        let rows = sws_scale(context, planes, strides, 0, Int32(height), &out, &outStride)
        return rows > 0 ? pixels : nil
    }
}
