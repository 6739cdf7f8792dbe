import Foundation

/// An animation's badge in the big photo, a button: it pauses the
/// animation where it is and plays it on from there; with reduced motion,
/// where the animation shows its first frame, it is what plays it. A
/// paused animation is held as a paused clip is (`ClipControls.pausedAt`).
extension AppModel {
    /// The animation in the big photo (its number), while it is out.
    var shownAnimation: Int? {
        guard screen == .overview, !isAsleep, let trip = bigPhoto.trip, bigPhoto.isOut, bigPhoto.phase != .closing,
              catalog.trips.indices.contains(trip), catalog.trips[trip].shape(photo: bigPhoto.page)?.kind == .animated else { return nil }
        return catalog.photoNumber(trip: trip, photo: bigPhoto.page)
    }

    /// Whether the animation shown plays now (not held, not waiting for its badge).
    var animationPlays: Bool {
        guard let photo = shownAnimation, let moving, moving.photo == photo else { return false }
        return clipControls.pausedAt == nil
    }

    /// The badge's tap (or `K`): plays the animation, or holds it where it is.
    func toggleAnimation() {
        guard let photo = shownAnimation else { return }
        guard let moving, moving.photo == photo else {
            // Reduced motion: the first tap plays it from its start.
            animationPlayedByBadge = photo
            followMoving()
            return
        }
        holdOrPlayOn(heldAt: max(0, time - moving.since))
    }
}
