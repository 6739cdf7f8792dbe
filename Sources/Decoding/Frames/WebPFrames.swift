import CAV
import CSDL2
import CWebPDemux
import Foundation
import PhotoFile

/// Animated WebP through libwebp's WebPAnimDecoder, which composes each
/// frame onto the canvas itself (FFmpeg 5.1 cannot decode animated WebP).
/// It reads from memory: the file is read whole from its descriptor first
/// (the worker's file limit bounds it).
final class WebPFrames: FrameSource {
    let width: Int, height: Int
    let loopCount: Int
    let isClip = false
    private let decoder: OpaquePointer
    private let bytes: UnsafeMutableRawBufferPointer
    private let scaler: FrameScaler
    private var lastTimestamp: Int32 = 0

    private init(decoder: OpaquePointer, bytes: UnsafeMutableRawBufferPointer, info: WebPAnimInfo, target: (width: Int, height: Int), bgra: Bool) {
        self.decoder = decoder
        self.bytes = bytes
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        loopCount = Int(info.loop_count)
        scaler = FrameScaler(width: width, height: height, target: target, bgra: bgra)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    static func isWebP(_ head: [UInt8]) -> Bool {
        head.count >= 12 && Array(head[0..<4]) == Array("RIFF".utf8) && Array(head[8..<12]) == Array("WEBP".utf8)
    }

    static func open(_ fd: Int32, base: Int, fileBytes: Int, target: (width: Int, height: Int), bgra: Bool) -> Result<FrameSource, DecodeFailure> {
        FrameSources.readWhole(fd, base: base, fileBytes: fileBytes).flatMap { open($0, target: target, bgra: bgra) }
    }

    /// Opens the file read into `bytes` (taken: deallocated with the source, or on failure).
    private static func open(_ bytes: UnsafeMutableRawBufferPointer, target: (width: Int, height: Int), bgra: Bool) -> Result<FrameSource, DecodeFailure> {
        let filled = bytes.count
        var data = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: filled)
        var options = WebPAnimDecoderOptions()
        guard trips_webp_anim_options(&options) != 0 else { bytes.deallocate(); return .failure(.decode("libwebp is too old")) }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = trips_webp_anim_decoder(&data, &options) else {
            bytes.deallocate()
            return .failure(.decode("libwebp cannot read it as an animation"))
        }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            return .failure(.decode("libwebp cannot read its canvas"))
        }
        guard info.frame_count > 1 else {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            return .failure(.refused("is a still WebP"))
        }
        return .success(WebPFrames(decoder: decoder, bytes: bytes, info: info, target: target, bgra: bgra))
    }

    func cover(_ target: (width: Int, height: Int)) { scaler.cover(target) }

    func next(keeping keep: (_ delay: Int) -> Bool, into pixels: (Int, Int) -> SharedPixels?) -> Result<(SharedPixels?, delay: Int), DecodeFailure>? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            return .failure(.decode("libwebp cannot decode a frame"))
        }
        // The timestamp is when this frame ends, counted from the start.
        let delay = Int(timestamp - lastTimestamp)
        lastTimestamp = timestamp
        guard keep(max(delay, 1)) else { return .success((nil, delay: max(delay, 1))) }
        var planes: [UnsafePointer<UInt8>?] = [UnsafePointer(canvas), nil, nil, nil]
        var strides: [Int32] = [Int32(width * 4), 0, 0, 0]
        guard let made = scaler.scale(planes: &planes, strides: &strides, format: AV_PIX_FMT_RGBA, width: width, height: height, into: pixels) else {
            return .failure(.decode("no memory for a frame of \(width) x \(height)"))
        }
        return .success((made, delay: max(delay, 1)))
    }
}

extension WebPFrames {
    /// An animated WebP's first frame as a still (SDL_image 2.6 reads only
    /// still WebP): the strip's thumbnail, and the big photo with reduced motion.
    static func firstFrame(_ bytes: UnsafeRawBufferPointer, target: (width: Int, height: Int),
                           output: PhotoDecoder.Output) -> Result<PhotoDecoder.Decoded, DecodeFailure>? {
        guard let base = bytes.baseAddress, isWebP(Array(bytes.prefix(12))) else { return nil }
        var data = WebPData(bytes: base.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        var options = WebPAnimDecoderOptions()
        guard trips_webp_anim_options(&options) != 0 else { return nil }
        options.color_mode = MODE_RGBA
        guard let decoder = trips_webp_anim_decoder(&data, &options) else { return nil }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        // A still WebP stays SDL_image's, as it always was.
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 1 else { return nil }
        guard info.canvas_width > 0, info.canvas_height > 0, WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            return .failure(.decode("libwebp cannot decode its first frame"))
        }
        let w = Int(info.canvas_width), h = Int(info.canvas_height)
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(canvas, Int32(w), Int32(h), 32, Int32(w * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else {
            return .failure(.decode("no memory for its \(w) x \(h) pixels"))
        }
        // (The surface, over libwebp's canvas, is freed by the shrink.)
        guard let out = PhotoDecoder.shrink(surface, upright: .up, toCover: target, into: output) else {
            return .failure(.decode("no memory for its \(w) x \(h) pixels"))
        }
        return .success(PhotoDecoder.Decoded(surface: out, fullWidth: w, fullHeight: h, usedTurboJPEG: false))
    }
}
