import Foundation
import Gestures
import Motion

/// The enlarged photo: it grows from its strip slot into the big frame, can
/// be pulled down to put it back (or springs back if let go short), pinched
/// from the whole picture up to 4x of its own pixels, zoomed 2x by two taps toward the point tapped, panned while zoomed,
/// and closed by one tap once no second tap can follow (docs/BEHAVIOUR.md, "The big
/// photo"). All motion goes through the shared animator, so a close started
/// mid-pull carries the finger's speed and nothing jumps.
public final class BigPhoto {
    public static let openAnimation = Animation.spring(duration: 0.5)
    public static let pullBackAnimation = Animation.spring(duration: 0.4)
    public static let zoomAnimation = Animation.spring(duration: 0.4)
    /// Let go past this many points down and the photo goes back.
    public static let dismissDistance: CGFloat = 120
    /// Or flick it so that the predicted end passes this many points.
    public static let dismissPredictedDistance: CGFloat = 400
    /// The filled card: the lasting zoom's floor (below it, the whole photo).
    public static let cardZoom: CGFloat = 1
    /// How many screen points a picture pixel covers at the deepest zoom.
    public static let pixelZoom: CGFloat = 4
    /// The deepest zoom never comes nearer the card than this, so a picture
    /// smaller than its card can still be zoomed 4x as before.
    public static let leastZoomCeiling: CGFloat = 4
    /// A pinch of the filled card that ends below this shows the whole photo.
    public static let wholeThreshold: CGFloat = 0.95
    /// With reduced motion the photo does not travel, zoom or slide on a
    /// spring: it fades in and out in place on this short spring, and
    /// zoom, pan and pages change at once.
    public static let fadeAnimation = Animation.spring(duration: 0.2)

    public enum Phase: Equatable, Sendable { case opening, open, closing }

    /// Things that happened, for the app's events.
    public enum Event: Equatable, Sendable {
        case open(trip: Int)
        case close(trip: Int)
        case zoom(CGFloat)
        case page(Int)
        /// The whole picture shown fitted (true), or the card filled again.
        case whole(Bool)
        /// A two-finger turn ended past 45°: this many quarter turns,
        /// clockwise (negative: counter-clockwise).
        case turnSnapped(Int)
    }

    /// The trip shown (a catalog index), nil when no photo is out.
    public private(set) var trip: Int?
    public private(set) var phase: Phase = .open
    /// The trip's photos as pages: which is shown, of how many, and the slide.
    let pages: PageSlider
    public var page: Int { pages.page }
    public var pageCount: Int { pages.count }
    /// The layout frame, springing between the strip slot and the big frame.
    let frame: Animated<CGRect>
    /// The pull shown, downwards only; springs home when let go short.
    let pullOffset: Animated<CGFloat>
    /// The live pull of a finger (SwiftUI's @GestureState: home by itself,
    /// on the 0.4 s spring, also when the touch is cancelled).
    @GestureState(resetTransaction: Transaction(animation: BigPhoto.pullBackAnimation)) public var pull = CGSize.zero
    /// The live pinch: 1 at touch-down, 2 when the fingers are twice as far apart.
    @GestureState public var pinch: CGFloat = 1
    /// Where the live pinch began, in unit coordinates of the frame: the
    /// picture point there stays under the fingers (or the touchpad's
    /// pointer) as it zooms.
    @GestureState var pinchAnchor: CGPoint? = nil
    /// The live turn of two fingers (or a touchpad's rotation), in degrees
    /// clockwise: 0 when none. Past `snapDegrees` when they lift, the photo
    /// turns by the nearest quarter (`turnEnded`).
    @GestureState public var turning: Double = 0
    /// A turn that ends past this many degrees snaps to a quarter turn.
    public static let snapDegrees: Double = 45
    /// A finger or the mouse button held on a Live Photo or Motion Photo
    /// (`holdToPlay`, then as long as it stays down): its clip plays, as Photos does.
    @GestureState public var holdingLive = false
    /// How long a press lasts before a Live Photo's clip plays.
    public static let holdToPlay: Double = 0.5
    /// The lasting zoom, folded from each finished pinch, clamped to
    /// `cardZoom...zoomCeiling()`.
    public internal(set) var zoom: CGFloat = 1
    /// The zoom drawn when no pinch is under way (springs on two taps, keys).
    let zoomShown: Animated<CGFloat>
    /// The whole picture, fitted into the frame and letterboxed, instead of
    /// the card filled with its middle: the floor of the zoom's ladder
    /// (whole photo, then 1x to 4x of the filled card). A zoom in from it
    /// fills the card again.
    public internal(set) var whole = false
    /// How far the drawing has gone from the filled card (0) to the whole
    /// picture (1), on the zoom's spring.
    let wholeShown: Animated<CGFloat>
    /// The visible centre of the picture, in unit coordinates of its crop.
    let center: Animated<CGPoint>
    private var panStart: CGPoint?
    /// How far the pages are slid from the current one (`PageSlider.offset`).
    var pageOffset: Animated<CGFloat> { pages.offset }
    /// Which way a one-finger drag goes, fixed by its first move: mostly
    /// sideways pages, mostly down pulls.
    private enum DragAxis { case horizontal, vertical }
    private var dragAxis: DragAxis?
    /// Bumped on every open and close so a finished spring of an earlier one
    /// cannot end a later one.
    private var generation = 0
    let emit: (Event) -> Void
    /// The deepest zoom for the photo shown now (`BigPhoto.zoomCeiling(picture:card:)`).
    let zoomCeiling: () -> CGFloat
    public internal(set) var reduceMotion: Bool
    /// How opaque the photo is drawn: 1 unless it fades (reduced motion).
    let opacity: Animated<CGFloat>

    init(animator: Animator, reduceMotion: Bool = false, zoomCeiling: @escaping () -> CGFloat = { BigPhoto.leastZoomCeiling },
         emit: @escaping (Event) -> Void) {
        self.emit = emit
        self.zoomCeiling = zoomCeiling
        self.reduceMotion = reduceMotion
        opacity = Animated(1, animator: animator, restThreshold: 0.002)
        frame = Animated(.zero, animator: animator, restThreshold: 0.1)
        pullOffset = Animated(0, animator: animator, restThreshold: 0.1)
        zoomShown = Animated(1, animator: animator, restThreshold: 0.001)
        wholeShown = Animated(0, animator: animator, restThreshold: 0.001)
        center = Animated(CGPoint(x: 0.5, y: 0.5), animator: animator, restThreshold: 0.0005)
        pages = PageSlider(animator: animator)
        // A pull that is cancelled (focus lost, touch-cancel) springs home
        // with the gesture state's reset transaction.
        $pull.onReset { [pullOffset] _, transaction in
            if transaction.animation != nil { pullOffset.set(0, transaction: transaction) }
        }
    }

    public var isOut: Bool { trip != nil }

    /// The scale the photo is drawn at: zoom x pinch.
    public var drawnScale: CGFloat { zoomShown.presentationValue * pinch }

    /// The visible centre of the picture as drawn, in unit coordinates of
    /// its crop: a pinch under way zooms about where it began.
    public var drawnCenter: CGPoint {
        let c = center.presentationValue
        guard let anchor = pinchAnchor, pinch != 1 else { return c }
        return PhotoGeometry.center(zoomingFrom: max(1, zoomShown.presentationValue), center: c,
                                    to: max(1, drawnScale), keeping: anchor)
    }

    /// "2.0×" while the drawn zoom is above 1, "↻ 90°" while two fingers
    /// turn it past 45° (what their lift will do), else nil (the snapshot's
    /// `badge`, always with a point).
    public var badge: String? { badge(in: .english) }

    /// The zoom badge with the decimal separator of `strings` ("2,0×" in French).
    public func badge(in strings: Strings) -> String? {
        let quarters = Self.snappedQuarters(turning)
        if quarters != 0 { return (quarters > 0 ? "\u{21BB} " : "\u{21BA} ") + "\(abs(quarters) * 90)\u{00B0}" }
        let s = drawnScale
        guard s > 1.0001 else { return nil }
        return strings.decimal(Double(s), fractionDigits: 1) + "\u{00D7}"
    }

    /// The frame drawn now: the layout frame moved by the pull.
    public var drawnFrame: CGRect { frame.presentationValue.offsetBy(dx: 0, dy: pullOffset.presentationValue) }

    /// Opens `trip`, growing from `slot` into `big`, at zoom 1. A photo caught
    /// again while it is still on its way back keeps its zoom and grows from
    /// where it is drawn.
    func open(_ trip: Int, page: Int, of pageCount: Int, from slot: CGRect, to big: CGRect, whole: Bool = false) {
        let caughtOnItsWayBack = trip == self.trip && phase == .closing
        if !caughtOnItsWayBack {
            resetZoom()
            self.whole = whole
            wholeShown.jump(to: whole ? 1 : 0)
            frame.jump(to: slot)
            repage(count: pageCount, page: page)
            pageOffset.jump(to: 0)
        }
        generation += 1
        let current = generation
        pullOffset.jump(to: 0)
        self.trip = trip
        phase = .opening
        let opened: () -> Void = { [weak self] in
            guard let self, self.generation == current else { return }
            self.phase = .open
        }
        if reduceMotion {
            // In place: the big frame at once, fading in.
            frame.jump(to: big)
            if !caughtOnItsWayBack { opacity.jump(to: 0) }
            opacity.animate(to: 1, with: Self.fadeAnimation, completion: opened)
        } else {
            opacity.jump(to: 1)
            frame.animate(to: big, with: Self.openAnimation, completion: opened)
        }
        emit(.open(trip: trip))
    }

    func resetZoom() {
        zoom = 1
        zoomShown.jump(to: 1)
        center.jump(to: CGPoint(x: 0.5, y: 0.5))
    }

    /// Puts the photo back into its strip slot, carrying `velocity` (points
    /// per second, downwards) from a flick.
    func close(to slot: CGRect, velocity: CGFloat = 0) {
        guard let trip, phase != .closing else { return }
        generation += 1
        let current = generation
        // Fold the pull into the frame so the spring starts where the photo is drawn.
        frame.jump(to: frame.currentValue.offsetBy(dx: 0, dy: pullOffset.currentValue))
        pullOffset.jump(to: 0)
        phase = .closing
        // The whole photo fills its card again on its way back, so it lands
        // as the strip photo it becomes.
        if whole {
            whole = false
            if reduceMotion { wholeShown.jump(to: 0) } else { wholeShown.animate(to: 0, with: Self.openAnimation) }
        }
        let closed: () -> Void = { [weak self] in
            guard let self, self.generation == current else { return }
            self.trip = nil
            self.phase = .open
            self.opacity.jump(to: 1)
            // Back in the strip it has no zoom: its ceiling went with it.
            self.resetZoom()
        }
        if reduceMotion {
            opacity.animate(to: 0, with: Self.fadeAnimation, completion: closed)
        } else {
            frame.animate(to: slot, with: Self.openAnimation,
                          initialVelocity: CGRect(x: 0, y: velocity, width: 0, height: 0), completion: closed)
        }
        emit(.close(trip: trip))
    }

    /// Follows a changed catalog: the photo shown gets its new index, or is
    /// gone at once if its file went (there is no slot to go back to).
    func remap(_ map: (Int) -> Int?) {
        guard let trip else { return }
        if let t = map(trip) { self.trip = t } else {
            generation += 1
            self.trip = nil
            phase = .open
            pullOffset.jump(to: 0)
            resetZoom()
        }
    }

    /// Follows the trip's photos when they changed under it (its dates
    /// settled, a photo came or went): `page` of `count` is the one shown.
    func repage(count: Int, page: Int) {
        pages.repage(count: count, page: page)
    }

    /// Keeps the big frame right when the window is resized; a zoom past
    /// the new frame's ceiling comes back to it.
    func relayout(big: CGRect) {
        guard isOut, phase != .closing else { return }
        frame.jump(to: big)
        clampZoom()
    }

    /// Two fingers on the touchpad: the scroll under way (from a page's
    /// slide, or the picture's centre while zoomed), or a hold that caught
    /// a page sliding.
    var touchpad = TouchpadSlide<(slide: CGFloat, pan: CGPoint?)>()

    // MARK: Turning

    /// The quarter turns a turn of `degrees` snaps to: none within 45°,
    /// else the nearest quarter (50° is one, 140° two), its sign kept.
    public static func snappedQuarters(_ degrees: Double) -> Int {
        guard degrees.isFinite, abs(degrees) > snapDegrees else { return 0 }
        let quarters = Int((abs(degrees) / 90).rounded())
        return degrees < 0 ? -max(1, quarters) : max(1, quarters)
    }

    /// Two fingers lifted after turning `degrees`: past 45° the photo
    /// snaps to the nearest quarter turn, which the model saves and asks
    /// to keep.
    func turnEnded(_ degrees: Double) {
        guard isOut, phase != .closing else { return }
        let quarters = Self.snappedQuarters(degrees)
        if quarters != 0 { emit(.turnSnapped(quarters)) }
    }

    // MARK: Gestures

    /// The big photo's node: taps, pull or pan, and pinch, as SwiftUI would
    /// attach them: two taps before one (docs/GESTURES.md rule 1), drag and magnify at once.
    /// A double-click of the mouse goes between the whole photo and the
    /// filled card (`byMouse` says what the last pointer was).
    /// A live photo's (`live`) is held to play its clip. A tap closes it
    /// unless `tapped` takes it (a clip's controls come up).
    func node(id: String, frame: CGRect, live: Bool = false, byMouse: @escaping () -> Bool = { false },
              tapped: @escaping () -> Bool = { false }, closeTo slot: @escaping () -> CGRect) -> GestureNode {
        let node = GestureNode(id, frame: frame, shape: .roundedRectangle(cornerRadius: OverviewLayout.bigCornerRadius))
        let drag = DragGesture()
            .updating($pull) { value, state, _ in state = value.translation }
            .onChanged { [weak self] value in self?.dragChanged(value) }
            .onEnded { [weak self] value in self?.dragEnded(value, slot: slot()) }
        let magnify = MagnifyGesture()
            .updating($pinch) { value, state, _ in state = value.magnification }
            .updating($pinchAnchor) { value, state, _ in state = CGPoint(x: value.startAnchor.x, y: value.startAnchor.y) }
            .onEnded { [weak self] value in
                self?.pinchEnded(value.magnification, about: CGPoint(x: value.startAnchor.x, y: value.startAnchor.y))
            }
        let turn = RotateGesture()
            .updating($turning) { value, state, _ in state = value.rotation.degrees }
            .onEnded { [weak self] value in self?.turnEnded(value.rotation.degrees) }
        let tapped = node
            .gesture(SpatialTapGesture(count: 2).onEnded { [weak self] value in
                guard let self else { return }
                if byMouse() && zoom <= 1 { showWhole(!whole) } else { toggleZoom(at: value.location) }
            })
            .gesture(TapGesture().onEnded { [weak self] in if !tapped() { self?.close(to: slot()) } })
            .gesture(drag.simultaneously(with: magnify.simultaneously(with: turn)))
        guard live else { return tapped }
        return tapped.gesture(LongPressGesture(minimumDuration: Self.holdToPlay)
            .sequenced(before: DragGesture(minimumDistance: 0))
            .updating($holdingLive) { value, state, _ in if case .second(true, _) = value { state = true } })
    }

    private func dragChanged(_ value: DragGesture.Value) {
        guard phase != .closing else { return }
        let t = value.translation
        if dragAxis == nil { dragAxis = abs(t.width) > abs(t.height) ? .horizontal : .vertical }
        if zoom > 1 || panStart != nil {
            // While zoomed one finger pans the picture inside its frame.
            let start = panStart ?? center.currentValue
            panStart = start
            let f = frame.currentValue, z = max(1, zoom)
            var c = CGPoint(x: start.x - t.width / (f.width * z), y: start.y - t.height / (f.height * z))
            let clamped = PhotoGeometry.clampedCenter(c, zoom: z)
            // Past the left or right edge the finger turns the page, when
            // there is one that way (as phone photo apps do)...
            let past = (clamped.x - c.x) * f.width * z
            if past != 0 && pages.hasPage(toward: past) {
                center.jump(to: CGPoint(x: clamped.x, y: clamped.y + (c.y - clamped.y) / 3))
                pageOffset.jump(to: past)
                return
            }
            // ...else past an edge the picture follows at a third: a rubber band.
            c = CGPoint(x: clamped.x + (c.x - clamped.x) / 3, y: clamped.y + (c.y - clamped.y) / 3)
            center.jump(to: c)
            if pageOffset.currentValue != 0 { pageOffset.jump(to: 0) }
        } else if dragAxis == .horizontal {
            pages.drag(t.width, width: frame.currentValue.width)
        } else {
            pullOffset.jump(to: max(0, t.height))
        }
    }

    private func dragEnded(_ value: DragGesture.Value, slot: CGRect) {
        let axis = dragAxis
        dragAxis = nil
        pages.endDrag()
        if panStart != nil {
            panStart = nil
            if pageOffset.currentValue != 0 { settlePage(value); return }
            // Spring back inside the edges.
            settle(center, to: PhotoGeometry.clampedCenter(center.currentValue, zoom: max(1, zoom)), with: Self.zoomAnimation)
            return
        }
        guard phase != .closing else { return }
        if axis == .horizontal { settlePage(value); return }
        if value.translation.height > Self.dismissDistance || value.predictedEndTranslation.height > Self.dismissPredictedDistance {
            close(to: slot, velocity: Fling.clamped(max(0, value.velocity.height)))
        } else {
            settle(pullOffset, to: 0, with: Self.pullBackAnimation, initialVelocity: Fling.clamped(value.velocity.height))
        }
    }

}
