import CAV
import Foundation
import PhotoFile

/// Animated GIF and PNG, and video clips (MP4, MOV, WebM, MKV: H.264, HEVC,
/// VP9, ...), through FFmpeg 5.1: the file is read with pread from the
/// descriptor the worker was handed (a custom AVIOContext, so libavformat
/// opens nothing), its best video stream decoded frame by frame and each
/// frame scaled to RGBA.
final class LibavFrames: FrameSource {
    let width: Int, height: Int
    let loopCount: Int
    let isClip: Bool

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: Int32
    private let timeBase: AVRational
    /// Milliseconds a frame shows when its packet does not say (the stream's frame rate).
    private let defaultDelay: Int
    private let scaler: FrameScaler
    private var packet = av_packet_alloc()
    private var frame = av_frame_alloc()
    private var draining = false
    private let input: Input

    /// The file as libavformat reads it: the descriptor, where its bytes
    /// start in it (a Motion Photo's clip, after its JPEG), where it is read
    /// from, and its length. libavformat sees those bytes only.
    private final class Input {
        let fd: Int32
        let base: Int64
        let length: Int64
        var position: Int64 = 0
        init(fd: Int32, base: Int64, length: Int64) {
            self.fd = fd
            self.base = base
            self.length = length
        }
    }

    private init(format: UnsafeMutablePointer<AVFormatContext>, codec: UnsafeMutablePointer<AVCodecContext>, stream: Int32, input: Input,
                 loopCount: Int, isClip: Bool, target: (width: Int, height: Int), bgra: Bool) {
        self.format = format
        self.codec = codec
        self.stream = stream
        self.input = input
        self.loopCount = loopCount
        self.isClip = isClip
        width = Int(codec.pointee.width)
        height = Int(codec.pointee.height)
        let s = format.pointee.streams[Int(stream)]!.pointee
        timeBase = s.time_base
        let rate = s.avg_frame_rate.num > 0 && s.avg_frame_rate.den > 0 ? s.avg_frame_rate : s.r_frame_rate
        defaultDelay = rate.num > 0 && rate.den > 0 ? max(1, Int((1000 * Double(rate.den) / Double(rate.num)).rounded())) : 100
        scaler = FrameScaler(width: width, height: height, target: target, bgra: bgra)
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        if let format {
            let io = format.pointee.pb
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            if var io {
                av_freep(&io.pointee.buffer)
                var optional: UnsafeMutablePointer<AVIOContext>? = io
                avio_context_free(&optional)
            }
        }
        Unmanaged.passUnretained(input).release()
    }

    /// What libav may open: an animated GIF or PNG, or a video container.
    enum Kind { case gif, png, clip }

    static func kind(of head: [UInt8]) -> Kind? {
        if head.starts(with: Array("GIF8".utf8)) { return .gif }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) { return .clip } // MP4, MOV (ISO base media)
        if head.count >= 12, Array(head[4..<8]) == Array("moov".utf8) || Array(head[4..<8]) == Array("mdat".utf8)
            || Array(head[4..<8]) == Array("wide".utf8) { return .clip } // QuickTime without ftyp
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .clip } // Matroska, WebM (EBML)
        return nil
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
        }
        let input = Input(fd: fd, base: Int64(base), length: Int64(fileBytes))
        let opaque = Unmanaged.passRetained(input).toOpaque()
        let bufferSize: Int32 = 64 << 10
        guard let buffer = av_malloc(Int(bufferSize)),
              let io = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0, opaque, { opaque, buffer, size in
                  let input = Unmanaged<Input>.fromOpaque(opaque!).takeUnretainedValue()
                  let wanted = min(Int(size), Int(max(0, input.length - input.position)))
                  if wanted == 0 { return trips_averror_eof() }
                  let got = pread(input.fd, buffer, wanted, off_t(input.base + input.position))
                  if got < 0 { return -Int32(EIO) }
                  if got == 0 { return trips_averror_eof() }
                  input.position += Int64(got)
                  return Int32(got)
              }, nil, { opaque, offset, whence in
                  let input = Unmanaged<Input>.fromOpaque(opaque!).takeUnretainedValue()
                  switch whence & ~AVSEEK_FORCE {
                  case AVSEEK_SIZE: return input.length
                  case SEEK_SET: input.position = offset
                  case SEEK_CUR: input.position += offset
                  case SEEK_END: input.position = input.length + offset
                  default: return -1
                  }
                  return input.position
              }) else {
            Unmanaged<Input>.fromOpaque(opaque).release()
            return .failure(.decode("no memory to read it"))
        }
        var format = avformat_alloc_context()
        format?.pointee.pb = io
        format?.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        func fail(_ why: String) -> Result<FrameSource, DecodeFailure> {
            avformat_close_input(&format)
            var buffer: UnsafeMutablePointer<UInt8>? = io.pointee.buffer
            av_freep(&buffer)
            var optional: UnsafeMutablePointer<AVIOContext>? = io
            avio_context_free(&optional)
            Unmanaged<Input>.fromOpaque(opaque).release()
            return .failure(.decode(why))
        }
        guard avformat_open_input(&format, nil, nil, nil) == 0, let format else { return fail("libavformat cannot read it") }
        guard avformat_find_stream_info(format, nil) >= 0 else { return fail("libavformat finds no stream in it") }
        var decoder: UnsafePointer<AVCodec>?
        let stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard stream >= 0, let decoder, let parameters = format.pointee.streams[Int(stream)]?.pointee.codecpar else {
            return fail("it has no picture stream libavcodec can decode")
        }
        // Only the picture: libavformat skips the sound's packets.
        for i in 0..<Int(format.pointee.nb_streams) where i != Int(stream) { format.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL }
        guard let made = avcodec_alloc_context3(decoder) else { return fail("no memory for its decoder") }
        var codec: UnsafeMutablePointer<AVCodecContext>? = made
        let w = Int(parameters.pointee.width), h = Int(parameters.pointee.height)
        let limits = PhotoHeader.Limits.standard
        guard avcodec_parameters_to_context(made, parameters) >= 0, w > 0, h > 0, max(w, h) <= limits.maximumSide, w * h <= limits.maximumPixels else {
            avcodec_free_context(&codec)
            return fail("its picture has no usable size")
        }
        // A clip decodes on two threads (slices or frames, as the codec can):
        // a 1080p H.264 frame takes more than a 30th of a second on one
        // busy core. An animation's frames are small and cheap.
        made.pointee.thread_count = kind == .clip ? 2 : 1
        guard avcodec_open2(made, decoder, nil) == 0 else {
            avcodec_free_context(&codec)
            return fail("libavcodec cannot open its \(String(cString: decoder.pointee.name)) stream")
        }
        return .success(LibavFrames(format: format, codec: made, stream: stream, input: input, loopCount: loops, isClip: kind == .clip,
                                    target: target, bgra: bgra))
    }

    func cover(_ target: (width: Int, height: Int)) { scaler.cover(target) }

    func next(keeping keep: (_ delay: Int) -> Bool, into pixels: (Int, Int) -> SharedPixels?) -> Result<(SharedPixels?, delay: Int), DecodeFailure>? {
        guard let format, let codec, let packet, let frame else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                let ticks = frame.pointee.pkt_duration
                let delay = ticks > 0 ? Int((Double(ticks) * 1000 * Double(timeBase.num) / Double(timeBase.den)).rounded()) : defaultDelay
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
            if draining { return nil }
            let read = av_read_frame(format, packet)
            if read < 0 {
                // The end (or a damaged tail): what the decoder holds comes out first.
                draining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != trips_averror_eagain() {
                // A damaged packet: skipped, as a player does; a file of nothing else ends.
                continue
            }
        }
    }
}
