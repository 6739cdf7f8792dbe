import CAV
import CJXL
import Foundation
import PhotoFile

/// Animated JPEG XL through libjxl (already the stills' decoder), frame by
/// frame: libjxl composes each frame onto the canvas (coalescing) and turns
/// it upright, in sRGB; its header's ticks give each frame's delay. A
/// picture kept in its own colour space is shown in it (the stills' Little
/// CMS conversion is not run on every frame). The file is read whole.
final class JXLFrames: FrameSource {
    let width: Int, height: Int
    let loopCount: Int
    let isClip = false
    private let decoder: OpaquePointer
    private let runner: UnsafeMutableRawPointer?
    private let bytes: UnsafeMutableRawBufferPointer
    private let scaler: FrameScaler
    /// Seconds per tick of the animation's clock.
    private let tick: Double
    private var canvas: [UInt8]

    private init(decoder: OpaquePointer, runner: UnsafeMutableRawPointer?, bytes: UnsafeMutableRawBufferPointer, info: JxlBasicInfo,
                 upright: (width: Int, height: Int), target: (width: Int, height: Int), bgra: Bool) {
        self.decoder = decoder
        self.runner = runner
        self.bytes = bytes
        (width, height) = upright
        loopCount = Int(info.animation.num_loops)
        tick = info.animation.tps_numerator > 0 ? Double(info.animation.tps_denominator) / Double(info.animation.tps_numerator) : 0.1
        canvas = [UInt8](repeating: 0, count: upright.width * upright.height * 4)
        scaler = FrameScaler(width: upright.width, height: upright.height, target: target, bgra: bgra)
    }

    deinit {
        JxlDecoderDestroy(decoder)
        if let runner { JxlThreadParallelRunnerDestroy(runner) }
        bytes.deallocate()
    }

    static func isJXL(_ head: [UInt8]) -> Bool {
        head.starts(with: [0xFF, 0x0A]) || head.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
    }

    static func open(_ fd: Int32, base: Int, fileBytes: Int, target: (width: Int, height: Int), bgra: Bool) -> Result<FrameSource, DecodeFailure> {
        FrameSources.readWhole(fd, base: base, fileBytes: fileBytes).flatMap { open($0, target: target, bgra: bgra) }
    }

    /// Opens the file read into `bytes` (taken: deallocated with the source, or on failure).
    private static func open(_ bytes: UnsafeMutableRawBufferPointer, target: (width: Int, height: Int), bgra: Bool) -> Result<FrameSource, DecodeFailure> {
        let filled = bytes.count
        func fail(_ failure: DecodeFailure) -> Result<FrameSource, DecodeFailure> { bytes.deallocate(); return .failure(failure) }
        guard let decoder = JxlDecoderCreate(nil) else { return fail(.decode("libjxl has no memory")) }
        let runner = JxlThreadParallelRunnerCreate(nil, Int(min(trips_usable_cpus(), 4)))
        if let runner { _ = JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) }
        func give(up failure: DecodeFailure) -> Result<FrameSource, DecodeFailure> {
            JxlDecoderDestroy(decoder)
            if let runner { JxlThreadParallelRunnerDestroy(runner) }
            return fail(failure)
        }
        let events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FRAME.rawValue | JXL_DEC_FULL_IMAGE.rawValue
        guard JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
              JxlDecoderSetInput(decoder, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), filled) == JXL_DEC_SUCCESS else {
            return give(up: .decode("libjxl cannot be set up"))
        }
        JxlDecoderCloseInput(decoder)
        var info = JxlBasicInfo()
        guard JxlDecoderProcessInput(decoder) == JXL_DEC_BASIC_INFO, JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
            return give(up: .decode("libjxl cannot read its header"))
        }
        guard info.have_animation != 0 else { return give(up: .refused("is a still JPEG XL")) }
        let turned = info.orientation.rawValue >= JXL_ORIENT_TRANSPOSE.rawValue
        let upright = turned ? (Int(info.ysize), Int(info.xsize)) : (Int(info.xsize), Int(info.ysize))
        return .success(JXLFrames(decoder: decoder, runner: runner, bytes: bytes, info: info, upright: upright, target: target, bgra: bgra))
    }

    func cover(_ target: (width: Int, height: Int)) { scaler.cover(target) }

    func next(keeping keep: (_ delay: Int) -> Bool, into pixels: (Int, Int) -> SharedPixels?) -> Result<(SharedPixels?, delay: Int), DecodeFailure>? {
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var delay = 100
        while true {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_COLOR_ENCODING:
                var srgb = JxlColorEncoding()
                JxlColorEncodingSetToSRGB(&srgb, 0)
                _ = JxlDecoderSetPreferredColorProfile(decoder, &srgb)
            case JXL_DEC_FRAME:
                var header = JxlFrameHeader()
                if JxlDecoderGetFrameHeader(decoder, &header) == JXL_DEC_SUCCESS { delay = Int((Double(header.duration) * tick * 1000).rounded()) }
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var size = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS, size == canvas.count,
                      canvas.withUnsafeMutableBytes({ JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, size) }) == JXL_DEC_SUCCESS else {
                    return .failure(.decode("libjxl refuses the frame's buffer"))
                }
            case JXL_DEC_FULL_IMAGE:
                guard keep(max(delay, 1)) else { return .success((nil, delay: max(delay, 1))) }
                let made = canvas.withUnsafeBytes { raw -> SharedPixels? in
                    var planes: [UnsafePointer<UInt8>?] = [raw.bindMemory(to: UInt8.self).baseAddress, nil, nil, nil]
                    var strides: [Int32] = [Int32(width * 4), 0, 0, 0]
                    return scaler.scale(planes: &planes, strides: &strides, format: AV_PIX_FMT_RGBA, width: width, height: height, into: pixels)
                }
                guard let made else { return .failure(.decode("no memory for a frame of \(width) x \(height)")) }
                return .success((made, delay: max(delay, 1)))
            case JXL_DEC_SUCCESS:
                return nil
            case JXL_DEC_NEED_MORE_INPUT:
                return .failure(.decode("truncated JPEG XL (the file ends before its frames do)"))
            default:
                return .failure(.decode("libjxl cannot decode a frame"))
            }
        }
    }
}
