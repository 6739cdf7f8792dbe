import CSDL2
import Decoding
import Foundation
import PhotoLoading
import TripsKit

/// The moving picture the big photo plays, as textures: its frames come
/// from a `FrameStream` and each new one is uploaded into the other of two
/// streaming textures, so a frame that shows a new picture draws another
/// texture (the damage of SDL's software renderer is found by comparing the
/// textures drawn; one texture updated in place would look unchanged).
final class MovingTexture {
    let photo: Int
    /// The Live Photo's clip it plays, or nil: the photo's own frames.
    let live: PhotoShape.LiveClip?
    let stream: FrameStream
    private let renderer: OpaquePointer
    /// What a clip's frames (opaque, in BGRA byte order) are uploaded as:
    /// the window's own format when it has their bytes, less the alpha
    /// (XRGB8888), so the software renderer blits them with a plain copy
    /// where BGRA32 went pixel by pixel, clearing the alpha; BGRA32 otherwise.
    private let clipFormat: UInt32
    private var textures: [(texture: OpaquePointer, width: Int, height: Int)?] = [nil, nil]
    private var current = 0
    private var shownSerial = -1
    /// Frames shown and frames passed over (decoded too late to show): the log's count.
    private(set) var framesShown = 0, framesSkipped = 0
    /// How late each frame was drawn after its time, in seconds on the
    /// model's clock (the pacing: a frame drawn on time is 0 to a refresh late).
    private var lateness: [Double] = []
    /// The picture's full size, once its first frame came.
    private(set) var fullSize: (width: Int, height: Int)?
    /// When the frame shown starts, on the picture's clock, and when its play started.
    private(set) var shownStart: Double?
    private(set) var shownPlayStart: Double?
    /// The size the whole picture was drawn at last, and the size its frames were last asked to cover.
    private var drawnSize: (width: Int, height: Int)?
    private var askedSize: (width: Int, height: Int)?

    init(renderer: OpaquePointer, photo: Int, live: PhotoShape.LiveClip? = nil, stream: FrameStream, opaqueFormat: UInt32? = nil) {
        self.renderer = renderer
        let bgra = CachedTexture.masks(SDL_PIXELFORMAT_BGRA32.rawValue), window = opaqueFormat.map(CachedTexture.masks)
        let same = window.map { $0.r == bgra.r && $0.g == bgra.g && $0.b == bgra.b && ($0.a == 0 || $0.a == bgra.a) } ?? false
        clipFormat = same ? opaqueFormat! : SDL_PIXELFORMAT_BGRA32.rawValue
        self.photo = photo
        self.live = live
        self.stream = stream
    }

    deinit {
        stream.stop()
        for case let t? in textures { SDL_DestroyTexture(t.texture) }
    }

    /// The texture of the frame due at `seconds` on the picture's clock
    /// (waiting for it to be decoded when `waiting`), or nil before the
    /// first frame. `drawn`: the size the whole picture is drawn at, which
    /// the frames follow (no larger than `limit`) once it holds still.
    func texture(at seconds: Double, waiting: Bool, drawn: (width: Int, height: Int)? = nil,
                 limit: (width: Int, height: Int) = (0, 0)) -> (texture: OpaquePointer, width: Int, height: Int)? {
        defer { if let drawn { follow(drawn, limit: limit) } }
        if let timed = waiting ? stream.waitForFrame(at: seconds) : stream.frame(at: seconds), timed.serial != shownSerial {
            // Passed over here (decoded too late to show) or in the worker (skipped to catch up).
            if shownSerial >= 0 { framesSkipped += max(0, timed.serial - shownSerial - 1) }
            framesSkipped += timed.frame.skippedBefore
            upload(timed)
            if lateness.count < 100_000 { lateness.append(max(0, seconds - timed.start)) }
        }
        return shownSerial >= 0 ? textures[current] : nil
    }

    /// Asks for frames of the size the picture is drawn at when it was the
    /// same the draw before (not on its way through an animation) and the
    /// frame shown is off by more than the software renderer's blits round
    /// away (`SoftwareBlits`): a frame drawn texel for pixel is copied, one
    /// even a few percent larger is stretched, every frame.
    private func follow(_ drawn: (width: Int, height: Int), limit: (width: Int, height: Int)) {
        defer { drawnSize = drawn }
        guard let last = drawnSize, last == drawn, shownSerial >= 0, let shown = textures[current] else { return }
        let fits = drawn.width <= limit.width + 1 && drawn.height <= limit.height + 1
        let wanted = fits ? drawn : limit
        func near(_ texels: Int, _ pixels: Int) -> Bool { abs(texels - pixels) <= max(1, pixels / 200) }
        guard wanted.width > 0, wanted.height > 0, !(near(shown.width, wanted.width) && near(shown.height, wanted.height)),
              askedSize.map({ $0 != wanted }) ?? true else { return }
        askedSize = wanted
        stream.cover(wanted)
    }

    private func upload(_ timed: FrameStream.Timed) {
        let pixels = timed.frame.pixels
        let next = 1 - current
        if let t = textures[next], t.width != pixels.width || t.height != pixels.height {
            SDL_DestroyTexture(t.texture)
            textures[next] = nil
        }
        let format = timed.frame.isBGRA ? (timed.frame.isClip ? clipFormat : SDL_PIXELFORMAT_BGRA32.rawValue) : SDL_PIXELFORMAT_RGBA32.rawValue
        if textures[next] == nil, let made = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                                               Int32(pixels.width), Int32(pixels.height)) {
            // A clip's frames are opaque: copied, not blended. An animation may have holes.
            SDL_SetTextureBlendMode(made, timed.frame.isClip ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(made, SDL_ScaleModeLinear)
            textures[next] = (made, pixels.width, pixels.height)
        }
        guard let t = textures[next], SDL_UpdateTexture(t.texture, nil, pixels.base, Int32(pixels.pitch)) == 0 else { return }
        current = next
        shownSerial = timed.serial
        shownStart = timed.start
        shownPlayStart = timed.playStart
        framesShown += 1
        fullSize = (timed.frame.fullWidth, timed.frame.fullHeight)
    }

    /// The log's line: frames shown, passed over, and how late they were
    /// drawn (median, 99th percentile); the last frame's size and the size
    /// it was drawn at, when the frames follow it.
    var summary: String {
        let sorted = lateness.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count - 1)))] * 1000 }
        let line = String(format: "%d frames shown, %d passed over; drawn late by %.1f ms (p50), %.1f ms (p99)", framesShown, framesSkipped,
                          percentile(0.5), percentile(0.99))
        guard let drawn = drawnSize, shownSerial >= 0, let shown = textures[current] else { return line }
        return line + "; the last frame \(shown.width) x \(shown.height), drawn at \(drawn.width) x \(drawn.height)"
    }

    /// Whether a file's name says it may move: the formats the workers play.
    static func mayMove(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return DecoderProcess.animationExtensions.contains(ext) || DecoderProcess.clipExtensions.contains(ext)
    }
}
