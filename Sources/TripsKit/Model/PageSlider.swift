import Foundation
import Motion

/// A trip's photos side by side as pages, one shown: which, of how many,
/// and how far the row is slid from it (the next page one pitch to the
/// right). A slide toward a missing page rubber-bands; let go, it settles
/// on the page the slide and the finger's speed reach.
final class PageSlider {
    /// The spring a page settles on (it takes the finger's speed), and the
    /// gap between two pages as they slide.
    static let animation = Animation.spring(duration: 0.4)
    static let gap: CGFloat = 16
    /// A key pressed at the first or last page nudges it by this speed
    /// (points per second) so it rubber-bands.
    static let edgeNudge: CGFloat = 900

    private(set) var page = 0
    private(set) var count = 1
    /// How far the pages are slid from the current one, in points; springs to 0.
    let offset: Animated<CGFloat>
    /// Where a finger's slide began.
    private var dragStart: CGFloat?

    init(animator: Animator) {
        offset = Animated(0, animator: animator, restThreshold: 0.1)
    }

    /// `page` of `count` shown (clamped), as a trip's photos change under it.
    func repage(count: Int, page: Int) {
        self.count = max(1, count)
        self.page = min(max(0, page), self.count - 1)
    }

    /// From one page to the next, for pages `width` wide.
    func pitch(width: CGFloat) -> CGFloat { width + Self.gap }

    /// True when a slide by `offset` (positive: the finger went right, the
    /// previous photo comes in) has a photo to show.
    func hasPage(toward offset: CGFloat) -> Bool {
        offset > 0 ? page > 0 : page < count - 1
    }

    /// Toward a missing page the slide follows less and less.
    func resisted(_ raw: CGFloat, width: CGFloat) -> CGFloat {
        if raw == 0 { return raw }
        return RubberBand.resisted(raw, lower: hasPage(toward: -1) ? -.infinity : 0, upper: hasPage(toward: 1) ? .infinity : 0, dimension: width)
    }

    /// A finger `translation` points sideways into a slide: it catches a
    /// sliding page where it is.
    func drag(_ translation: CGFloat, width: CGFloat) {
        let start = dragStart ?? offset.currentValue
        dragStart = start
        offset.jump(to: resisted(start + translation, width: width))
    }

    func endDrag() { dragStart = nil }

    /// The page a slide let go at `projected` points goes to: past half a
    /// page, the next one that way if there is one; else back (0).
    func step(projected: CGFloat, width: CGFloat) -> Int {
        let pitch = pitch(width: width)
        var step = 0
        if projected < -pitch / 2 && hasPage(toward: -1) { step = 1 }
        if projected > pitch / 2 && hasPage(toward: 1) { step = -1 }
        return step
    }

    /// Makes the page `step` away current, the pages drawn where they were.
    func turn(by step: Int, width: CGFloat) {
        page += step
        offset.jump(to: offset.currentValue + CGFloat(step) * pitch(width: width))
    }

    /// A key toward a missing page: the row nudges that way and comes back.
    func nudge(toward step: Int) {
        offset.animate(to: 0, with: Self.animation, initialVelocity: CGFloat(-step) * Self.edgeNudge)
    }
}
