import Foundation
import Gestures

/// The big photo's lasting zoom: from the whole photo fitted, through the
/// filled card, to its ceiling of 4x the picture's own pixels.
extension BigPhoto {
    /// A zoom past the ceiling, which changed under it (a new frame, a
    /// turned picture), comes back to it.
    func clampZoom() {
        if isOut, zoom > zoomCeiling() { setZoom(zoomCeiling()) }
    }

    /// The deepest zoom of a `picture` (its upright pixel size; nil: not
    /// known) filling a `card`: one picture pixel over `pixelZoom` points,
    /// so a 12 MP photo on a laptop's card goes to about 13x of the card
    /// and a small one less; never below `leastZoomCeiling`.
    public static func zoomCeiling(picture: CGSize?, card: CGSize) -> CGFloat {
        guard let p = picture, p.width > 0, p.height > 0, card.width > 0, card.height > 0 else { return leastZoomCeiling }
        // Points a picture pixel covers in the filled card.
        let filled = max(card.width / p.width, card.height / p.height)
        return max(leastZoomCeiling, pixelZoom / filled)
    }

    /// Sets the lasting zoom (clamped), animated, toward `fixed` (unit
    /// coordinates of the frame; the centre of the frame when nil).
    func setZoom(_ newZoom: CGFloat, keeping fixed: CGPoint? = nil) {
        // Out of the whole photo, a zoom in starts from the filled card.
        if whole { if newZoom > zoom { showWhole(false) }; return }
        if newZoom < Self.cardZoom && zoom <= Self.cardZoom { showWhole(true); return }
        let target = min(max(newZoom, Self.cardZoom), zoomCeiling())
        let newCenter = target <= 1 ? CGPoint(x: 0.5, y: 0.5)
            : PhotoGeometry.center(zoomingFrom: max(1, zoom), center: center.currentValue, to: target,
                                   keeping: fixed ?? CGPoint(x: 0.5, y: 0.5))
        zoom = target
        settle(zoomShown, to: target, with: Self.zoomAnimation)
        settle(center, to: newCenter, with: Self.zoomAnimation)
        emit(.zoom(target))
    }

    /// The whole picture fitted (`on`), or the card filled again, both at
    /// zoom 1 from the middle, on the zoom's spring.
    func showWhole(_ on: Bool) {
        guard isOut, phase != .closing else { return }
        let wasZoomed = zoom != 1
        whole = on
        zoom = 1
        settle(zoomShown, to: 1, with: Self.zoomAnimation)
        settle(center, to: CGPoint(x: 0.5, y: 0.5), with: Self.zoomAnimation)
        settle(wholeShown, to: on ? 1 : 0, with: Self.zoomAnimation)
        if wasZoomed { emit(.zoom(1)) }
        emit(.whole(on))
    }

    /// Two taps: 2x toward the point tapped (within the ceiling), or back to 1x if zoomed; from
    /// the whole photo, the filled card.
    func toggleZoom(at location: CGPoint) {
        if whole { showWhole(false); return }
        let f = frame.currentValue
        let fixed = CGPoint(x: f.width > 0 ? location.x / f.width : 0.5, y: f.height > 0 ? location.y / f.height : 0.5)
        setZoom(zoom > 1 ? 1 : 2, keeping: fixed)
    }
}
