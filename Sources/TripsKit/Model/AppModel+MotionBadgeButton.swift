import Foundation

/// The badge of what moves in the big photo, a button. An animation's
/// holds it where it is and plays it on from there (held as a paused clip
/// is, `ClipControls.pausedAt`). With reduced motion, where an animation
/// or a clip shows its first frame, it is what plays it: from its start,
/// once the badge is tapped; a clip then has its own controls.
extension AppModel {
    /// The photo whose badge is a button now (its number): an animation
    /// in the big photo, or with reduced motion a clip not yet played.
    var badgeButton: (photo: Int, isClip: Bool)? {
        guard screen == .overview, !isAsleep, let trip = bigPhoto.trip, bigPhoto.isOut, bigPhoto.phase != .closing,
              catalog.trips.indices.contains(trip), let kind = catalog.trips[trip].shape(photo: bigPhoto.page)?.kind else { return nil }
        let photo = catalog.photoNumber(trip: trip, photo: bigPhoto.page)
        switch kind {
        case .animated: return (photo, false)
        case .clip where reduceMotion && moving?.photo != photo: return (photo, true)
        default: return nil
        }
    }

    /// Whether what the badge is on plays now (not held, not waiting for its badge).
    var badgedPlays: Bool {
        guard let photo = badgeButton?.photo, let moving, moving.photo == photo else { return false }
        return clipControls.pausedAt == nil
    }

    /// The badge's tap (or `K`): plays the picture, or holds it where it is.
    func tapMotionBadge() {
        guard let photo = badgeButton?.photo else { return }
        guard let moving, moving.photo == photo else {
            // Reduced motion: the first tap plays it from its start.
            playedByBadge = photo
            followMoving()
            return
        }
        holdOrPlayOn(heldAt: max(0, time - moving.since))
    }
}
