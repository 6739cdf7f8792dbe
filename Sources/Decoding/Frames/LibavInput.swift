import CAV
import Foundation

/// A file opened by libavformat for the workers' libav readers (a clip's
/// frames, `LibavFrames`; its sound, `LibavSound`): read with pread from the
/// descriptor the worker was handed (a custom AVIOContext, so libavformat
/// opens nothing), only the bytes from `base` on for `length` (a Motion
/// Photo's clip, after its JPEG), its streams found.
final class LibavInput {
    let format: UnsafeMutablePointer<AVFormatContext>
    private let reader: Reader

    /// Where the reads are: the descriptor, where its bytes start, their
    /// length, and the position libavformat is at.
    private final class Reader {
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

    private init(format: UnsafeMutablePointer<AVFormatContext>, reader: Reader) {
        self.format = format
        self.reader = reader
    }

    deinit {
        let io = format.pointee.pb
        var f: UnsafeMutablePointer<AVFormatContext>? = format
        avformat_close_input(&f)
        if let io {
            av_freep(&io.pointee.buffer)
            var optional: UnsafeMutablePointer<AVIOContext>? = io
            avio_context_free(&optional)
        }
        Unmanaged.passUnretained(reader).release()
    }

    static func open(_ fd: Int32, base: Int, fileBytes: Int) -> Result<LibavInput, DecodeFailure> {
        let reader = Reader(fd: fd, base: Int64(base), length: Int64(fileBytes))
        let opaque = Unmanaged.passRetained(reader).toOpaque()
        let bufferSize: Int32 = 64 << 10
        guard let buffer = av_malloc(Int(bufferSize)),
              let io = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0, opaque, { opaque, buffer, size in
                  let input = Unmanaged<Reader>.fromOpaque(opaque!).takeUnretainedValue()
                  let wanted = min(Int(size), Int(max(0, input.length - input.position)))
                  if wanted == 0 { return trips_averror_eof() }
                  let got = pread(input.fd, buffer, wanted, off_t(input.base + input.position))
                  if got < 0 { return -Int32(EIO) }
                  if got == 0 { return trips_averror_eof() }
                  input.position += Int64(got)
                  return Int32(got)
              }, nil, { opaque, offset, whence in
                  let input = Unmanaged<Reader>.fromOpaque(opaque!).takeUnretainedValue()
                  switch whence & ~AVSEEK_FORCE {
                  case AVSEEK_SIZE: return input.length
                  case SEEK_SET: input.position = offset
                  case SEEK_CUR: input.position += offset
                  case SEEK_END: input.position = input.length + offset
                  default: return -1
                  }
                  return input.position
              }) else {
            Unmanaged<Reader>.fromOpaque(opaque).release()
            return .failure(.decode("no memory to read it"))
        }
        var format = avformat_alloc_context()
        format?.pointee.pb = io
        format?.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        func fail(_ why: String) -> Result<LibavInput, DecodeFailure> {
            avformat_close_input(&format)
            var buffer: UnsafeMutablePointer<UInt8>? = io.pointee.buffer
            av_freep(&buffer)
            var optional: UnsafeMutablePointer<AVIOContext>? = io
            avio_context_free(&optional)
            Unmanaged<Reader>.fromOpaque(opaque).release()
            return .failure(.decode(why))
        }
        guard avformat_open_input(&format, nil, nil, nil) == 0, let format else { return fail("libavformat cannot read it") }
        guard avformat_find_stream_info(format, nil) >= 0 else { return fail("libavformat finds no stream in it") }
        return .success(LibavInput(format: format, reader: reader))
    }

    /// Opens a decoder for the best stream of `type`, every other stream
    /// skipped by libavformat; `check` vets its parameters first (nil: fine;
    /// else why not). Without such a stream (or a decoder for it), `missing`.
    func openDecoder(_ type: AVMediaType, threads: Int32, missing: DecodeFailure,
                     check: (UnsafeMutablePointer<AVCodecParameters>) -> String? = { _ in nil })
        -> Result<(codec: UnsafeMutablePointer<AVCodecContext>, stream: Int32), DecodeFailure> {
        var decoder: UnsafePointer<AVCodec>?
        let stream = av_find_best_stream(format, type, -1, -1, &decoder, 0)
        guard stream >= 0, let decoder, let parameters = format.pointee.streams[Int(stream)]?.pointee.codecpar else {
            return .failure(missing)
        }
        for i in 0..<Int(format.pointee.nb_streams) where i != Int(stream) { format.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL }
        guard let made = avcodec_alloc_context3(decoder) else { return .failure(.decode("no memory for its decoder")) }
        var codec: UnsafeMutablePointer<AVCodecContext>? = made
        if let why = check(parameters) {
            avcodec_free_context(&codec)
            return .failure(.decode(why))
        }
        made.pointee.thread_count = threads
        guard avcodec_parameters_to_context(made, parameters) >= 0, avcodec_open2(made, decoder, nil) == 0 else {
            avcodec_free_context(&codec)
            return .failure(.decode("libavcodec cannot open its \(String(cString: decoder.pointee.name)) stream"))
        }
        return .success((made, stream))
    }

    /// Feeds `codec` the next packet of `stream` (the decoder asked for
    /// more); at the end of the file, or a damaged tail, it is told to give
    /// out what it holds (`draining`). False when nothing is left to feed.
    func feed(_ codec: UnsafeMutablePointer<AVCodecContext>, stream: Int32, packet: UnsafeMutablePointer<AVPacket>, draining: inout Bool) -> Bool {
        if draining { return false }
        while true {
            if av_read_frame(format, packet) < 0 {
                draining = true
                avcodec_send_packet(codec, nil)
                return true
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream else { continue }
            // A damaged packet is skipped, as a player does; a file of nothing else ends.
            _ = avcodec_send_packet(codec, packet)
            return true
        }
    }
}
