import Foundation
import Gestures
import Motion

/// The big photo's pages: let-go slides that settle on a page, the keys'
/// steps, the pinch folded into the zoom, and two touchpad fingers that
/// slide, pan or catch a page.
extension BigPhoto {
    // MARK: Paging

    /// Where a let-go slide goes: past half a page, counting where the
    /// finger's speed would carry it, the next page; else back. The spring
    /// starts at the finger's speed, so a flick carries on.
    func settlePage(_ value: DragGesture.Value) {
        settlePage(projected: pageOffset.currentValue + value.predictedEndTranslation.width - value.translation.width,
                   velocity: value.velocity.width)
    }

    /// A slide let go at `velocity` points per second (a touchpad's fingers
    /// lifting), projected as a finger's would be (rule 18).
    func settlePage(velocity: CGFloat) {
        settlePage(projected: pageOffset.currentValue + velocity * GestureConstants.predictionInterval, velocity: velocity)
    }

    func settlePage(projected: CGFloat, velocity: CGFloat) {
        turn(by: pages.step(projected: projected, width: frame.currentValue.width))
        settle(pageOffset, to: 0, with: PageSlider.animation, initialVelocity: Fling.clamped(velocity))
    }

    /// Makes the page `step` away current, the pages drawn where they were.
    /// A new page starts at zoom 1.
    func turn(by step: Int) {
        guard step != 0 else { return }
        pages.turn(by: step, width: frame.currentValue.width)
        if zoom != 1 || zoomShown.currentValue != 1 { resetZoom(); emit(.zoom(1)) }
        // The whole photo stays whole from page to page.
        if reduceMotion {
            // The new page fades in where it stands instead of sliding.
            opacity.jump(to: 0)
            opacity.animate(to: 1, with: Self.fadeAnimation)
        }
        emit(.page(page))
    }

    /// Springs `value` to `target`, or puts it there at once with reduced motion.
    func settle<V>(_ value: Animated<V>, to target: V, with animation: Animation, initialVelocity: V? = nil) {
        if reduceMotion { value.jump(to: target) } else { value.animate(to: target, with: animation, initialVelocity: initialVelocity) }
    }

    /// Left and Right: the previous or next page on the same spring; at the
    /// first or last the page nudges and comes back.
    func page(by step: Int) {
        guard isOut, phase != .closing, step != 0 else { return }
        if pages.hasPage(toward: CGFloat(-step)) {
            turn(by: step)
            settle(pageOffset, to: 0, with: PageSlider.animation)
        } else if !reduceMotion {
            pages.nudge(toward: step)
        }
    }

    /// A touchpad pinch's fingers moved together by `delta` points: the
    /// picture its pinch is zooming follows them at the scale it is drawn at.
    func pinchPanned(by delta: CGSize) {
        guard isOut, phase != .closing, pinchAnchor != nil, delta != .zero, delta.width.isFinite, delta.height.isFinite else { return }
        let f = frame.currentValue, z = max(1, drawnScale), c = center.currentValue
        center.jump(to: CGPoint(x: c.x - delta.width / (f.width * z), y: c.y - delta.height / (f.height * z)))
    }

    /// Folds a finished pinch that began at `anchor` (unit coordinates of
    /// the frame) into the zoom, about that point.
    func pinchEnded(_ magnification: CGFloat, about anchor: CGPoint) {
        let m = magnification.isFinite ? magnification : 1
        // The whole photo pinched out fills the card again; the card pinched
        // in below 1x shows the whole photo. Each from where the fingers left it.
        if whole || (zoom <= 1 && m < Self.wholeThreshold) {
            let out = whole
            if whole && m < 2 - Self.wholeThreshold {
                // Not out far enough: back to the whole photo.
                zoomShown.jump(to: m)
                settle(zoomShown, to: 1, with: Self.zoomAnimation)
                return
            }
            zoomShown.jump(to: out ? m : zoom * m)
            showWhole(!out)
            return
        }
        let folded = zoom * m
        let clamped = min(max(folded, Self.cardZoom), zoomCeiling())
        let before = center.currentValue, from = max(1, zoom)
        // The pinch state returns to 1 as the zoom takes it over: the drawn
        // scale goes from zoom x pinch to the clamped zoom on a spring, and
        // the centre from where the pinch drew it to where the clamped zoom
        // keeps the anchor.
        zoom = clamped
        zoomShown.jump(to: folded)
        settle(zoomShown, to: clamped, with: Self.zoomAnimation)
        center.jump(to: PhotoGeometry.center(zoomingFrom: from, center: before, to: max(1, folded), keeping: anchor))
        settle(center, to: clamped <= 1 ? CGPoint(x: 0.5, y: 0.5)
                   : PhotoGeometry.center(zoomingFrom: from, center: before, to: clamped, keeping: anchor),
               with: Self.zoomAnimation)
        emit(.zoom(clamped))
    }

    // MARK: Touchpad


    /// Two fingers on a touchpad: sideways they slide the pages as a finger
    /// does and page at their speed when they lift; while zoomed they pan.
    /// Resting fingers (a hold) stop a sliding page.
    func scroll(_ event: TouchpadScroll) {
        guard isOut, phase != .closing else { return }
        switch event.phase {
        case .scroll:
            guard event.delta.width.isFinite, event.delta.height.isFinite else { return }
            let (t, start) = touchpad.add(event.delta, at: event.timestamp) {
                let slide = pageOffset.currentValue
                pageOffset.jump(to: slide) // fingers catch a sliding page
                return (slide, zoom > 1 ? center.currentValue : nil)
            }
            if let pan = start.pan {
                let f = frame.currentValue, z = max(1, zoom)
                center.jump(to: PhotoGeometry.clampedCenter(CGPoint(x: pan.x + t.width / (f.width * z),
                                                                    y: pan.y + t.height / (f.height * z)), zoom: z))
            } else {
                pageOffset.jump(to: pages.resisted(start.slide - t.width, width: frame.currentValue.width))
            }
        case .stop:
            guard let scroll = touchpad.stop(at: event.timestamp) else { return }
            // The content went the fingers' way: a page slides the other way round.
            if scroll.start.pan == nil { settlePage(velocity: -scroll.velocity.width) }
        case .hold:
            touchpad.hold(pageOffset)
        case .release:
            if touchpad.release() { settlePage(velocity: 0) }
        }
    }

    /// When a touchpad scroll without a stop counts as over.
    var touchpadDeadline: Double? { touchpad.deadline }

    /// Settles a touchpad scroll that never said its fingers lifted.
    func advance(to time: Double) {
        guard let start = touchpad.expire(at: time) else { return }
        if start.pan == nil { settlePage(velocity: 0) }
    }
}
