import CAV
import Foundation

/// A clip's sound on a worker: its best audio stream decoded by libavcodec
/// and converted by libswresample to `ClipSoundFormat`, handed out a chunk
/// at a time. Times are in sample frames from the clip's first picture
/// (the video stream's start), the clock its frames run on, so sound and
/// picture line up however the container starts each stream.
final class LibavSound {
    private let input: LibavInput
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: Int32
    private let timeBase: AVRational
    /// The picture's start in the sound stream's time base.
    private let origin: Int64
    private var resampler: OpaquePointer?
    private var packet = av_packet_alloc()
    private var frame = av_frame_alloc()
    private var draining = false
    /// Converted samples not yet sent, and where the first of them is.
    private var pending: [Int16] = []
    private var pendingStart: Int?
    /// Samples before this are decoded and dropped (`open`'s start).
    private let skip: Int

    private init(input: LibavInput, codec: UnsafeMutablePointer<AVCodecContext>, stream: Int32, skip: Int) {
        self.input = input
        self.codec = codec
        self.stream = stream
        self.skip = skip
        let format = input.format
        timeBase = format.pointee.streams[Int(stream)]!.pointee.time_base
        // The picture's first frame is the clips' time 0 (`MovingPicture`'s clock).
        let video = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let videoStart = video >= 0 ? format.pointee.streams[Int(video)]!.pointee.start_time : trips_av_nopts()
        let videoBase = video >= 0 ? format.pointee.streams[Int(video)]!.pointee.time_base : timeBase
        origin = videoStart == trips_av_nopts() ? 0 : av_rescale_q(videoStart, videoBase, timeBase)
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        swr_free(&resampler)
    }

    /// The sound of the clip in `fd` (its `fileBytes` from `base`), from
    /// `startMilliseconds` on; `.refused` when it has none libavcodec can decode.
    static func open(_ fd: Int32, base: Int, fileBytes: Int, startMilliseconds: Int) -> Result<LibavSound, DecodeFailure> {
        let input: LibavInput
        switch LibavInput.open(fd, base: base, fileBytes: fileBytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let opened): input = opened
        }
        return input.openDecoder(AVMEDIA_TYPE_AUDIO, threads: 1, missing: .refused("has no sound")).map { codec, stream in
            let sound = LibavSound(input: input, codec: codec, stream: stream, skip: max(0, startMilliseconds) * ClipSoundFormat.rate / 1000)
            if startMilliseconds > 0 {
                // Near it by the index (no decoding); the rest is decoded and dropped.
                let to = sound.origin + av_rescale_q(Int64(startMilliseconds), AVRational(num: 1, den: 1000), sound.timeBase)
                _ = av_seek_frame(input.format, stream, to, AVSEEK_FLAG_BACKWARD)
            }
            return sound
        }
    }

    /// The next chunk (at most `ClipSoundFormat.chunkFrames`) in pixels
    /// `make` gives (one row, a sample frame each), and where it starts in
    /// sample frames; nil after the end.
    func next(into make: (_ width: Int, _ height: Int) -> SharedPixels?) -> Result<(SharedPixels, start: Int), DecodeFailure>? {
        let channels = ClipSoundFormat.channels
        while pending.count < ClipSoundFormat.chunkFrames * channels {
            switch decodeMore() {
            case .failure(let failure): return .failure(failure)
            case .success(false): break
            case .success(true): continue
            }
            break
        }
        guard let start = pendingStart, !pending.isEmpty else { return nil }
        let count = min(ClipSoundFormat.chunkFrames, pending.count / channels)
        guard let chunk = make(count, 1) else { return .failure(.decode("no memory for its sound")) }
        pending.withUnsafeBytes { chunk.base.copyMemory(from: $0.baseAddress!, byteCount: count * ClipSoundFormat.bytesPerFrame) }
        pending.removeFirst(count * channels)
        pendingStart = start + count
        return .success((chunk, start: start))
    }

    /// Decodes one more frame of sound into `pending`: false at the end.
    private func decodeMore() -> Result<Bool, DecodeFailure> {
        guard let codec, let packet, let frame else { return .success(false) }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                return convert(frame).map { true }
            }
            if received == trips_averror_eof() { return .success(false) }
            guard received == trips_averror_eagain() else { return .failure(.decode("libavcodec cannot decode its sound (\(received))")) }
            guard input.feed(codec, stream: stream, packet: packet, draining: &draining) else { return .success(false) }
        }
    }

    /// `frame` in `ClipSoundFormat`, added to `pending` (what lies before `skip` dropped).
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) -> Result<Void, DecodeFailure> {
        let channels = ClipSoundFormat.channels
        if resampler == nil {
            var out = AVChannelLayout()
            av_channel_layout_default(&out, Int32(channels))
            var layout = AVChannelLayout()
            if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || av_channel_layout_copy(&layout, &frame.pointee.ch_layout) < 0 {
                av_channel_layout_default(&layout, max(1, frame.pointee.ch_layout.nb_channels))
            }
            defer { av_channel_layout_uninit(&layout); av_channel_layout_uninit(&out) }
            guard swr_alloc_set_opts2(&resampler, &out, AV_SAMPLE_FMT_S16, Int32(ClipSoundFormat.rate), &layout, AVSampleFormat(frame.pointee.format),
                                      frame.pointee.sample_rate, 0, nil) >= 0, swr_init(resampler) >= 0 else {
                return .failure(.decode("libswresample cannot convert its sound"))
            }
        }
        let room = Int(swr_get_out_samples(resampler, frame.pointee.nb_samples))
        guard room > 0 else { return .success(()) }
        var out = [Int16](repeating: 0, count: room * channels)
        let made = out.withUnsafeMutableBytes { raw -> Int32 in
            var plane: UnsafeMutablePointer<UInt8>? = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                swr_convert(resampler, &plane, Int32(room), planes, frame.pointee.nb_samples)
            }
        }
        guard made >= 0 else { return .failure(.decode("libswresample cannot convert its sound")) }
        out.removeSubrange((Int(made) * channels)...)
        if pendingStart == nil {
            let pts = frame.pointee.best_effort_timestamp
            pendingStart = pts == trips_av_nopts() ? skip : Int(av_rescale_q(pts - origin, timeBase, AVRational(num: 1, den: Int32(ClipSoundFormat.rate))))
        }
        // Before the start asked for (a seek lands on a packet before it, a priming sample before the picture): dropped.
        let end = pendingStart! + pending.count / channels + out.count / channels
        let first = pendingStart! + pending.count / channels
        if first < skip {
            let drop = min(out.count / channels, skip - first)
            out.removeFirst(drop * channels)
            if pending.isEmpty { pendingStart = end - out.count / channels }
        }
        pending += out
        return .success(())
    }
}
