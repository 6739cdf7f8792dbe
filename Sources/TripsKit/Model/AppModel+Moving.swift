import Foundation

extension AppModel {
    /// The photo that may play now: the big photo's, from when it opens,
    /// on the Overview, awake, without reduced motion (which shows the
    /// first frame only).
    var movingCandidate: Int? {
        guard !reduceMotion, !isAsleep, screen == .overview, let trip = bigPhoto.trip, bigPhoto.phase != .closing,
              catalog.trips.indices.contains(trip) else { return nil }
        return catalog.photoNumber(trip: trip, photo: bigPhoto.page)
    }

    /// Notes when the photo that may move came on screen (or went): it
    /// plays from its first frame each time it does, and is paused (never
    /// asked for) while it is off screen. True when that changed.
    @discardableResult
    func followMoving() -> Bool {
        let candidate = movingCandidate
        guard candidate != moving?.photo else { return false }
        moving = candidate.map { ($0, time) }
        return true
    }
}
