import CAV
import Foundation
import PhotoFile

/// Animated GIF and PNG, and video clips (MP4, MOV, WebM, MKV: H.264, HEVC,
/// VP9, ...), through FFmpeg 5.1 (the file read as `LibavInput` reads it):
/// its best video stream decoded frame by frame and each frame scaled to RGBA.
final class LibavFrames: FrameSource {
    let width: Int, height: Int
    let loopCount: Int
    let isClip: Bool

    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: Int32
    private let timeBase: AVRational
    /// Milliseconds a frame shows when its packet does not say (the stream's frame rate).
    private let defaultDelay: Double
    private let scaler: FrameScaler
    private var packet = av_packet_alloc()
    private var frame = av_frame_alloc()
    private var draining = false
    /// Milliseconds from the first frame's start to the next one's, unrounded.
    private var elapsed = 0.0
    private let input: LibavInput

    private init(input: LibavInput, codec: UnsafeMutablePointer<AVCodecContext>, stream: Int32,
                 loopCount: Int, isClip: Bool, target: (width: Int, height: Int), bgra: Bool) {
        self.codec = codec
        self.stream = stream
        self.input = input
        self.loopCount = loopCount
        self.isClip = isClip
        width = Int(codec.pointee.width)
        height = Int(codec.pointee.height)
        let s = input.format.pointee.streams[Int(stream)]!.pointee
        timeBase = s.time_base
        let rate = s.avg_frame_rate.num > 0 && s.avg_frame_rate.den > 0 ? s.avg_frame_rate : s.r_frame_rate
        defaultDelay = rate.num > 0 && rate.den > 0 ? max(1, 1000 * Double(rate.den) / Double(rate.num)) : 100
        scaler = FrameScaler(width: width, height: height, target: target, bgra: bgra)
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
    }

    /// What libav may open: an animated GIF or PNG, an AVIF image
    /// sequence (its track, which libavformat's mov demuxer reads), or a video container.
    enum Kind { case gif, png, avifSequence, clip }

    static func kind(of head: [UInt8]) -> Kind? {
        if head.starts(with: Array("GIF8".utf8)) { return .gif }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if isAVIF(head) { return .avifSequence }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) { return .clip } // MP4, MOV (ISO base media)
        if head.count >= 12, Array(head[4..<8]) == Array("moov".utf8) || Array(head[4..<8]) == Array("mdat".utf8)
            || Array(head[4..<8]) == Array("wide".utf8) { return .clip } // QuickTime without ftyp
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .clip } // Matroska, WebM (EBML)
        return nil
    }

    /// An AVIF by its `ftyp` box's brands (major or compatible: `avif`, `avis`).
    static func isAVIF(_ head: [UInt8]) -> Bool {
        guard head.count >= 16, Array(head[4..<8]) == Array("ftyp".utf8) else { return false }
        let size = min(head.count, Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]))
        let brands = stride(from: 8, to: size - 3, by: 4).filter { $0 != 12 }.map { String(decoding: head[$0..<($0 + 4)], as: UTF8.self) }
        return brands.contains("avif") || brands.contains("avis")
    }

    /// Whether the ISO base media file on `fd` has a `moov` box among its
    /// top-level boxes (64 at most, their headers read where they lie).
    static func hasTrack(_ fd: Int32, base: Int, fileBytes: Int) -> Bool {
        var at = 0
        for _ in 0..<64 where at + 8 <= fileBytes {
            var header = [UInt8](repeating: 0, count: 16)
            guard header.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, 16, off_t(base + at)) }) >= 8 else { return false }
            if Array(header[4..<8]) == Array("moov".utf8) { return true }
            let be = { (from: Int, count: Int) in header[from..<(from + count)].reduce(0) { $0 << 8 | Int($1) } }
            let size = be(0, 4)
            let length = size == 1 ? be(8, 8) : size == 0 ? fileBytes - at : size
            guard length >= 8, length <= fileBytes - at else { return false }
            at += length
        }
        return false
    }

    static func open(_ fd: Int32, base: Int, head: [UInt8], fileBytes: Int, target: (width: Int, height: Int), bgra: Bool) -> Result<FrameSource, DecodeFailure> {
        guard let kind = kind(of: head) else { return .failure(.refused("is no animation or clip")) }
        let loops: Int
        switch kind {
        case .gif: loops = head.withUnsafeBytes { LoopCount.gif($0) }
        case .png:
            guard head.withUnsafeBytes({ LoopCount.isAnimatedPNG($0) }) else { return .failure(.refused("is a still PNG")) }
            loops = head.withUnsafeBytes { LoopCount.png($0) }
        case .clip: loops = 1
        case .avifSequence:
            // A still AVIF (no track) is the photo path's.
            guard hasTrack(fd, base: base, fileBytes: fileBytes) else { return .failure(.refused("is a still AVIF")) }
            loops = 0 // libavformat does not read its edit list's repeat: for ever, as browsers play one
        }
        let input: LibavInput
        switch LibavInput.open(fd, base: base, fileBytes: fileBytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let opened): input = opened
        }
        let limits = PhotoHeader.Limits.standard
        // A clip decodes on two threads (slices or frames, as the codec can):
        // a 1080p H.264 frame takes more than a 30th of a second on one
        // busy core. An animation's frames are small and cheap. Only the
        // picture: libavformat skips the sound's packets.
        let opened = input.openDecoder(AVMEDIA_TYPE_VIDEO, threads: kind == .clip ? 2 : 1,
                                       missing: .decode("it has no picture stream libavcodec can decode")) { parameters in
            let w = Int(parameters.pointee.width), h = Int(parameters.pointee.height)
            return w > 0 && h > 0 && max(w, h) <= limits.maximumSide && w * h <= limits.maximumPixels ? nil : "its picture has no usable size"
        }
        return opened.map { codec, stream in
            LibavFrames(input: input, codec: codec, stream: stream, loopCount: loops, isClip: kind == .clip, target: target, bgra: bgra)
        }
    }

    func cover(_ target: (width: Int, height: Int)) { scaler.cover(target) }

    func next(keeping keep: (_ delay: Int) -> Bool, into pixels: (Int, Int) -> SharedPixels?) -> Result<(SharedPixels?, delay: Int), DecodeFailure>? {
        guard let codec, let packet, let frame else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                let ticks = frame.pointee.pkt_duration
                let exact = ticks > 0 ? Double(ticks) * 1000 * Double(timeBase.num) / Double(timeBase.den) : defaultDelay
                // Whole milliseconds that add up to the frames' own times
                // (30 fps: 33, 33, 34...), so the picture keeps in step with
                // the clip's sound, which runs on the clock as it is.
                let delay = Int((elapsed + exact).rounded()) - Int(elapsed.rounded())
                elapsed += exact
                guard keep(max(delay, 1)) else { return .success((nil, delay: max(delay, 1))) }
                let made = withUnsafePointer(to: &frame.pointee.data) { data in
                    withUnsafePointer(to: &frame.pointee.linesize) { strides in
                        data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                            strides.withMemoryRebound(to: Int32.self, capacity: 8) { s in
                                scaler.scale(planes: planes, strides: s, format: AVPixelFormat(frame.pointee.format),
                                             width: Int(frame.pointee.width), height: Int(frame.pointee.height), into: pixels)
                            }
                        }
                    }
                }
                guard let made else { return .failure(.decode("no memory for a frame of \(frame.pointee.width) x \(frame.pointee.height)")) }
                return .success((made, delay: max(delay, 1)))
            }
            if received == trips_averror_eof() { return nil }
            guard received == trips_averror_eagain() else { return .failure(.decode("libavcodec cannot decode a frame (\(received))")) }
            guard input.feed(codec, stream: stream, packet: packet, draining: &draining) else { return nil }
        }
    }
}
