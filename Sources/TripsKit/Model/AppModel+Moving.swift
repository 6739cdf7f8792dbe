import Foundation

extension AppModel {
    /// The photo that may play now: the big photo's, from when it opens,
    /// on the Overview, awake, without reduced motion (which shows the
    /// first frame only).
    /// A Live Photo's or Motion Photo's clip is the one that plays while
    /// a finger or the mouse button holds the big photo (`BigPhoto.holdingLive`).
    /// In the attract loop, the current slide when it is a clip or an
    /// animation (`Attract.playsClip`), or one fading out under a photo (a
    /// clip fades on its last frame).
    var movingCandidate: (photo: Int, live: PhotoShape.LiveClip?)? {
        if screen == .attract {
            guard !isAsleep, let attract, !attract.reduceMotion else { return nil }
            let fadingClip = attract.isFading ? attract.previous?.slide : nil
            guard let slide = attract.playsClip ? attract.current : fadingClip, slide.moves else { return nil }
            return (catalog.photoNumber(trip: slide.trip, photo: slide.photo), nil)
        }
        guard !isAsleep, screen == .overview, let trip = bigPhoto.trip, bigPhoto.phase != .closing,
              catalog.trips.indices.contains(trip) else { return nil }
        let photo = catalog.photoNumber(trip: trip, photo: bigPhoto.page)
        let held = bigPhoto.holdingLive || livePlayedByKey == photo
        let live = held ? catalog.trips[trip].shape(photo: bigPhoto.page)?.liveClip : nil
        // A hold asks for the clip, a tap of a badge for its frames, so
        // they play with reduced motion too.
        guard !reduceMotion || live != nil || playedByBadge == photo else { return nil }
        return (photo, live)
    }

    /// Notes when the photo that may move came on screen (or went): it
    /// plays from its first frame each time it does, and is paused (never
    /// asked for) while it is off screen. True when that changed.
    @discardableResult
    func followMoving() -> Bool {
        let candidate = movingCandidate
        guard candidate?.photo != moving?.photo || candidate?.live != moving?.live else { return false }
        moving = candidate.map { ($0.photo, $0.live, time) }
        clipControls = ClipControls()
        // K's play of a Live Photo lasts while it is the one shown.
        if candidate?.photo != livePlayedByKey { livePlayedByKey = nil }
        if candidate?.photo != playedByBadge { playedByBadge = nil }
        return true
    }
}
