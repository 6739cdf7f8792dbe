import Decoding
import Foundation

/// A clip's sound from a worker (`DecodeRequest.sound`): opened at a
/// position, then a chunk at a time, each in `ClipSoundFormat`.
extension DecoderProcess {
    /// A chunk of a clip's sound: its samples (one row of 4-byte sample
    /// frames) and where it starts, in seconds from the clip's first picture.
    public struct SoundChunk {
        public var samples: SharedPixels
        public var start: Double
        public var frames: Int { samples.width }
    }

    /// Opens the sound of the clip at `path` (`range`: those bytes of the
    /// file, a Motion Photo's clip) from `start` seconds, and takes its
    /// first chunk; nil when it has none after that. `.refused` when the
    /// clip has no sound.
    public func openSound(path: String, range: (offset: Int, length: Int)? = nil, from start: Double, deadline: Double)
        -> Result<SoundChunk?, DecodeFailure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.refused("cannot be read (\(String(cString: strerror(errno))))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return .failure(.refused("is not a clip")) }
        let request = DecodeRequest.asking(target: (0, 0), plainSDL: false, preview: false, region: nil, thumbnailSide: 0, frames: .open,
                                           skipUntil: Int((max(0, start) * 1000).rounded(.down)), range: range, sound: true,
                                           name: (path as NSString).lastPathComponent)
        return soundChunk(exchange(request, fd: fd, deadline: deadline))
    }

    /// The open sound's next chunk; nil after its last.
    public func nextSound(deadline: Double, name: String) -> Result<SoundChunk?, DecodeFailure> {
        let request = DecodeRequest.asking(target: (0, 0), plainSDL: false, preview: false, region: nil, thumbnailSide: 0, frames: .next,
                                           sound: true, name: name)
        return soundChunk(exchange(request, fd: -1, deadline: deadline))
    }

    private func soundChunk(_ exchange: Exchange) -> Result<SoundChunk?, DecodeFailure> {
        streamed(exchange).flatMap { got in
            guard let (reply, fd) = got else { return .success(nil) }
            // Bounded: one row of at most a chunk's frames (`SharedPixels.map` checks the memory holds them).
            guard reply.status != .decoded || (reply.height == 1 && reply.width <= ClipSoundFormat.chunkFrames) else {
                if fd >= 0 { close(fd) }
                terminate()
                _ = reap()
                return .failure(.contained("the decoder sent more sound than a chunk; it was stopped"))
            }
            return result(of: reply, pixels: fd).map {
                SoundChunk(samples: $0.pixels, start: Double(max(0, reply.frameStart)) / Double(ClipSoundFormat.rate))
            }
        }
    }
}
