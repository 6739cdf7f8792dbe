import Foundation
import Motion

/// The kiosk's attract loop: once nobody has touched it for the idle time,
/// the trips' photos play full-window one at a time, each slowly panned
/// (or zoomed, unless motion is reduced) with its city and nights as a
/// caption, cross-fading into the next. The app model ends it at the first
/// touch, click or key (docs/BEHAVIOUR.md, "A kiosk left alone").
public final class Attract {
    public struct Settings: Equatable, Sendable {
        /// Seconds each photo stays.
        public var slideSeconds: Double
        /// Two portrait photos taken together share a landscape screen
        /// (`PortraitPairs`); `--no-pairs` turns it off.
        public var pairs: Bool
        /// How long a photo stays unless `--slide` says otherwise.
        public static let defaultSlideSeconds: Double = 6
        public init(slideSeconds: Double = defaultSlideSeconds, pairs: Bool = true) {
            self.slideSeconds = slideSeconds
            self.pairs = pairs
        }
    }

    /// One photo of the loop: a trip (catalog index) and its photo's
    /// index; or two portrait photos side by side, `photo` on the left and
    /// `pair` on the right.
    public struct Slide: Hashable, Sendable {
        public var trip: Int
        public var photo: Int
        public var pair: Int? = nil
        /// A video clip's length in seconds, when the slide is one: it
        /// plays once as its slide (`stay`).
        public var clipSeconds: Double? = nil
        /// An animation alone on its slide: it plays, as the file asks, for the slide's time.
        public var animated = false

        /// It moves by itself (a clip or an animation): no pan and zoom.
        public var moves: Bool { clipSeconds != nil || animated }
        /// A lone photo's upright width over height, when its header said
        /// (`PhotoShape`): which way it can drift (`panZoom`).
        public var aspect: Double? = nil

        /// Its photos' indices in the trip, left to right.
        public var photos: [Int] { [photo] + (pair.map { [$0] } ?? []) }
    }

    public static let fadeAnimation = Animation.spring(duration: 1.0)
    /// A clip shorter than this plays through as its slide; a longer one shows its first `longClipSeconds`.
    public static let wholeClipSeconds = 30.0
    public static let longClipSeconds = 10.0
    /// A slide's picture of the window's shape grows from 1x to this (or
    /// shrinks back), drifting sideways.
    public static let panZoom: CGFloat = 1.15
    /// How far a picture of another shape drifts across what the window
    /// crops of it, at most: a third of the part shown.
    static let driftLength = 1.0 / 3
    /// Less of a drift than this share of the part shown is none: the picture zooms instead.
    static let shortestDrift = 0.05

    public let settings: Settings
    /// No pan-and-zoom: photos only cross-fade (the app's `--reduce-motion`).
    public let reduceMotion: Bool
    private var slides: [Slide] = []
    /// Which of `slides` shows; kept between runs so the next visitor's
    /// wait starts on other photos.
    public private(set) var position = 0
    /// When the next photo comes, in model seconds; nil while not playing.
    public private(set) var nextSlideTime: Double?
    public var isRunning: Bool { nextSlideTime != nil }
    /// The photo fading out, with its pan-and-zoom where it stopped (drawn
    /// while the current one is still fading in).
    public private(set) var previous: (slide: Slide, progress: CGFloat)?
    public var isFading: Bool { fade.presentationValue < 0.999 }
    /// How far the current photo has faded in (0...1).
    let fade: Animated<CGFloat>
    /// How far the current photo's pan-and-zoom has gone (0...1).
    private let progress: Animated<CGFloat>

    init(settings: Settings, reduceMotion: Bool, animator: Animator) {
        self.settings = settings
        self.reduceMotion = reduceMotion
        fade = Animated(1, animator: animator, restThreshold: 0.002)
        progress = Animated(0, animator: animator, restThreshold: 0.001)
    }

    /// Whether a slide's photo can be shown now, as the platform last said:
    /// decoded at the size it is shown, still decoding, or unshowable.
    public enum SlideState: Equatable, Sendable {
        case ready, waiting, failed
    }

    public var current: Slide? { isRunning && slides.indices.contains(position) ? slides[position] : nil }
    /// The photo after the current one that is not known to fail (decoded
    /// ahead, so it can fade in).
    public func next(_ state: (Slide) -> SlideState) -> Slide? {
        isRunning ? showable(from: position + 1, in: slides, state).map { slides[$0] } : nil
    }
    public var opacity: CGFloat { fade.presentationValue }

    /// The first slide from `index` on (wrapping round) whose photo is not
    /// known to fail; nil when all fail.
    private func showable(from index: Int, in slides: [Slide], _ state: (Slide) -> SlideState) -> Int? {
        guard !slides.isEmpty else { return nil }
        return (0..<slides.count).lazy.map { (index + $0) % slides.count }.first { state(slides[$0]) != .failed }
    }

    /// The slide a loop over `slides` would begin with: what to decode
    /// before it starts.
    func first(of slides: [Slide], _ state: (Slide) -> SlideState) -> Slide? {
        showable(from: slides.isEmpty ? 0 : position % slides.count, in: slides, state).map { slides[$0] }
    }

    /// Starts playing `slides` at `time` with the first whose photo can be
    /// shown. `.waiting`: its photo is not decoded yet, the caller asks
    /// again; `.failed`: no photo can be shown, the loop does not start.
    func start(_ slides: [Slide], at time: Double, _ state: (Slide) -> SlideState) -> SlideState {
        guard let first = showable(from: slides.isEmpty ? 0 : position % slides.count, in: slides, state) else { return .failed }
        guard state(slides[first]) == .ready else { return .waiting }
        self.slides = slides
        position = first
        previous = nil
        beginSlide(due: time + stay(slides[first]))
        return .ready
    }

    func stop() {
        guard isRunning else { return }
        position = (position + 1) % max(1, slides.count)
        previous = nil
        nextSlideTime = nil
        fade.jump(to: 1)
        progress.jump(to: 0)
    }

    /// Moves `step` photos on now (a remote next or previous), the new one
    /// staying its full time.
    /// As the loop's own turn, only to a photo decoded at its size: those
    /// not ready yet are passed over, and with none ready it stays.
    func skip(by step: Int, at time: Double, _ state: (Slide) -> SlideState) {
        guard isRunning, !slides.isEmpty else { return }
        let count = slides.count
        guard let next = (1..<max(count, 2)).lazy.map({ ((self.position + step * $0) % count + count) % count })
            .first(where: { $0 != self.position && state(self.slides[$0]) == .ready }) else { return }
        previous = current.map { ($0, progress.presentationValue) }
        position = next
        beginSlide(due: time + stay(slides[next]))
    }

    /// How long `slide` stays: a clip under `wholeClipSeconds` its length
    /// (it plays through once), a longer one `longClipSeconds`; a photo,
    /// or any slide with reduced motion (a clip shows its first frame), the settings' time.
    func stay(_ slide: Slide) -> Double {
        guard !reduceMotion, let clip = slide.clipSeconds, clip > 0 else { return settings.slideSeconds }
        return clip < Self.wholeClipSeconds ? clip : Self.longClipSeconds
    }

    /// Whether the current slide is a clip or an animation that plays (a clip for its `stay`).
    public var playsClip: Bool { !reduceMotion && current?.moves == true }

    /// Moves to the next photo when its time has come and it is decoded;
    /// true when it did. Until it is, the current one stays (held, never a
    /// placeholder); one that cannot be shown is passed over.
    func advance(to time: Double, _ state: (Slide) -> SlideState) -> Bool {
        guard isRunning, let due = nextSlideTime, time >= due, let slide = current,
              let next = showable(from: position + 1, in: slides, state), state(slides[next]) == .ready else { return false }
        previous = (slide, progress.presentationValue)
        position = next
        // On time, the rhythm keeps to its due times; held, the photo that
        // waited gets its whole stay.
        beginSlide(due: (time - due > Self.heldAfter ? time : due) + stay(slides[next]))
        return true
    }
    /// How late a slide may start and still count as on time (a frame or a paced wait late).
    static let heldAfter = 0.5

    /// When the loop next needs the clock: the next slide's time, unless
    /// that has passed and the loop waits for its photo (then the
    /// platform's word that it is decoded comes as an input).
    func deadline(after time: Double) -> Double? {
        nextSlideTime.flatMap { $0 > time ? $0 : nil }
    }

    /// The current photo fades in from nothing and starts its pan-and-zoom
    /// from the beginning; the next one comes at `due`.
    private func beginSlide(due: Double) {
        fade.jump(to: 0)
        fade.animate(to: 1, with: Self.fadeAnimation)
        progress.jump(to: 0)
        // A pair stays still, each photo whole in its half; a clip or an animation moves by itself.
        if !reduceMotion && slides[position].pair == nil && !slides[position].moves {
            // On for the whole stay and the fade after it, easing out.
            progress.animate(to: 1, with: .spring(duration: settings.slideSeconds + 1))
        }
        nextSlideTime = due
    }

    /// The zoom over the window's crop and the visible centre (unit
    /// coordinates of the picture) of `slide`, the loop's `position`th,
    /// after `progress`. A picture of another shape than the `window`'s
    /// drifts at 1x across what the crop hides: drawn texel for pixel from
    /// a picture decoded to cover the window, each of its frames is a plain
    /// copy, where a zoom was the whole window stretched (docs/PRESENTING.md).
    /// One of the window's shape (or of no known shape) grows instead.
    /// Even slides drift right or down and grow, odd ones go back.
    public func panZoom(_ slide: Slide, position: Int, progress: CGFloat, window: CGSize) -> (zoom: CGFloat, center: CGPoint) {
        guard !reduceMotion, slide.pair == nil, !slide.moves else { return (1, CGPoint(x: 0.5, y: 0.5)) }
        let p = min(max(progress, 0), 1), forward = position % 2 == 0
        if let drift = Self.drift(aspect: slide.aspect, window: window) {
            let offset = (forward ? p - 0.5 : 0.5 - p) * drift.length
            return (1, drift.acrossWidth ? CGPoint(x: 0.5 + offset, y: 0.5) : CGPoint(x: 0.5, y: 0.5 + offset))
        }
        let zoom = forward ? 1 + (Self.panZoom - 1) * p : Self.panZoom - (Self.panZoom - 1) * p
        let x = forward ? 0.45 + 0.1 * p : 0.55 - 0.1 * p
        return (zoom, CGPoint(x: x, y: 0.5))
    }

    /// Which way and how far (unit coordinates of the picture) a picture of
    /// `aspect` drifts on `window`; nil when the crop leaves too little.
    static func drift(aspect: Double?, window: CGSize) -> (acrossWidth: Bool, length: CGFloat)? {
        guard let aspect, aspect.isFinite, aspect > 0, window.width > 0, window.height > 0 else { return nil }
        let windowAspect = Double(window.width / window.height), acrossWidth = aspect > windowAspect
        // The share of the picture the window shows along the drift.
        let shown = acrossWidth ? windowAspect / aspect : aspect / windowAspect
        let length = min(1 - shown, shown * driftLength)
        return length >= shown * shortestDrift ? (acrossWidth, CGFloat(length)) : nil
    }

    /// The slide's picture size for its motion: its own shape, else the window's.
    private func pictureSize(_ slide: Slide, window: CGSize) -> CGSize {
        slide.aspect.map { CGSize(width: $0, height: 1) } ?? window
    }

    /// How fast the current slide's picture moves at its fastest on a window
    /// of `size` (at its edges, where the zoom adds to the drift), in points
    /// a second: 0 for a still slide.
    public func panSpeed(window size: CGSize) -> Double {
        guard !reduceMotion, let current, current.pair == nil, !current.moves, size.width > 0, size.height > 0 else { return 0 }
        let step: CGFloat = 0.001, p = progress.presentationValue, picture = pictureSize(current, window: size)
        let now = panZoom(current, position: position, progress: p, window: size)
        let then = panZoom(current, position: position, progress: p + step, window: size)
        let from = PhotoGeometry.coverSource(imageSize: picture, frameSize: size, zoom: now.zoom, center: now.center)
        let to = PhotoGeometry.coverSource(imageSize: picture, frameSize: size, zoom: then.zoom, center: then.center)
        // The picture's points at the window's edges now, and where they are a step later.
        let x = [from.minX, from.maxX].map { abs(($0 - to.minX) / to.width - ($0 - from.minX) / from.width) * size.width }
        let y = [from.minY, from.maxY].map { abs(($0 - to.minY) / to.height - ($0 - from.minY) / from.height) * size.height }
        return Double(hypot(x.max()!, y.max()!) / step * abs(progress.velocity))
    }

    /// The current slide's zoom and centre as drawn now on `window`.
    public func currentPanZoom(window: CGSize) -> (zoom: CGFloat, center: CGPoint) {
        current.map { panZoom($0, position: position, progress: progress.presentationValue, window: window) } ?? (1, CGPoint(x: 0.5, y: 0.5))
    }

    /// The fading-out slide's, where it stopped.
    public func previousPanZoom(window: CGSize) -> (zoom: CGFloat, center: CGPoint)? {
        previous.map { panZoom($0.slide, position: position + max(1, slides.count) - 1, progress: $0.progress, window: window) }
    }
}
