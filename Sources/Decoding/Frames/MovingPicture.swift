import CSeccomp
import Foundation

/// The moving picture a worker has open between frame requests
/// (`DecodeRequest.FrameAsk`): its descriptor, kept until the next `open`
/// or any other request, and its frame source.
struct MovingPicture {
    private var fd: Int32 = -1
    private var source: FrameSource?
    /// The first bytes read to tell what it is (and its loop count).
    static let headBytes = 64 << 10

    mutating func close() {
        source = nil
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Opens the picture on `descriptor` (taking it) and answers with its first frame.
    mutating func open(_ descriptor: Int32, _ request: DecodeRequest) -> (DecodeReply, SharedPixels?) {
        close()
        fd = descriptor
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return (DecodeReply(status: .refused, message: "cannot be read"), nil) }
        guard Int(info.st_size) <= DecoderWorker.maximumMovingFileBytes else {
            return (DecodeReply(status: .refused, message: "is larger than \(DecoderWorker.maximumMovingFileBytes >> 20) MiB"), nil)
        }
        var head = [UInt8](repeating: 0, count: min(Self.headBytes, Int(info.st_size)))
        let got = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard got > 0 else { return (DecodeReply(status: .refused, message: "cannot be read"), nil) }
        head.removeSubrange(got...)
        switch FrameSources.open(fd, head: head, fileBytes: Int(info.st_size), target: (request.targetWidth, request.targetHeight),
                                 bgra: request.framesInBGRA) {
        case .failure(.refused(let why)): return (DecodeReply(status: .refused, message: why), nil)
        case .failure(let failure): return (DecodeReply(status: .failed, message: failure.description), nil)
        case .success(let opened):
            source = opened
            return next()
        }
    }

    /// The open picture's next frame; `ended` after its last.
    mutating func next() -> (DecodeReply, SharedPixels?) {
        guard let source else { return (DecodeReply(status: .failed, message: "no moving picture is open"), nil) }
        switch source.next(into: { SharedPixels.create(width: $0, height: $1) }) {
        case nil:
            return (DecodeReply(status: .ended, fullWidth: source.width, fullHeight: source.height, loopCount: source.loopCount,
                                isClip: source.isClip), nil)
        case .failure(let failure):
            close()
            return (DecodeReply(status: .failed, message: failure.description), nil)
        case .success(let (pixels, delay)):
            return (DecodeReply(status: .decoded, width: pixels.width, height: pixels.height, fullWidth: source.width, fullHeight: source.height,
                                frameDelay: delay, loopCount: source.loopCount, isClip: source.isClip), pixels)
        }
    }
}
