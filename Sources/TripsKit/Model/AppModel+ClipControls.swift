import Foundation

/// A clip's play/pause and scrubber, as the model runs them: the clip's
/// position is the time since it came on screen (`moving.since`), held
/// while it is paused; a scrub moves that start or the held position.
extension AppModel {
    /// The clip playing in the big photo and its length in seconds (nil when unknown).
    var playingClip: (photo: Int, seconds: Double?)? {
        guard let moving, moving.live == nil, screen == .overview, let trip = bigPhoto.trip,
              let shape = catalog.trips[trip].shape(photo: bigPhoto.page), shape.kind == .clip else { return nil }
        return (moving.photo, shape.duration)
    }

    /// The clip's position in seconds, within its length (a short clip loops).
    var clipPosition: Double {
        guard let moving else { return 0 }
        let played = clipControls.pausedAt ?? max(0, time - moving.since)
        guard let length = playingClip?.seconds, length > 0 else { return played }
        guard length < ClipControls.loopsUnder else { return min(played, length) }
        return played.truncatingRemainder(dividingBy: length)
    }

    /// Whether the controls are up now.
    public var clipControlsShown: Bool { playingClip != nil && clipControls.isShown(at: time) }

    /// A tap on a playing clip: its controls come up (or go, when up and it plays). True when it was a clip's.
    func tapClip() -> Bool {
        guard playingClip != nil else { return false }
        if clipControls.isShown(at: time) && clipControls.pausedAt == nil {
            clipControls.shownUntil = nil
            clipControls.heldForReader = false
        } else {
            clipControls.shownUntil = time + ClipControls.showSeconds
            clipControls.heldForReader = lastDownWasReader
        }
        return true
    }

    /// The play/pause button: holds the clip where it is, or plays it on from there.
    func toggleClipPause() {
        guard playingClip != nil else { return }
        holdOrPlayOn(heldAt: clipPosition)
        clipControls.shownUntil = time + ClipControls.showSeconds
    }

    /// Holds the moving picture at `position` (seconds into it), or plays a held one on from where it is.
    func holdOrPlayOn(heldAt position: Double) {
        guard var moving else { return }
        if let paused = clipControls.pausedAt {
            moving.since = time - paused
            self.moving = moving
            clipControls.pausedAt = nil
        } else {
            clipControls.pausedAt = position
        }
    }

    /// A finger on the scrubber at `fraction` (0...1) of the clip: the
    /// frame there shows, held until the finger lifts (`ended`).
    func scrubClip(to fraction: Double, ended: Bool = false) {
        guard let clip = playingClip, let length = clip.seconds, length > 0, var moving else { return }
        if clipControls.pausedAt == nil {
            clipControls.scrubbingFromPlay = true
        }
        let position = min(max(0, fraction), 1) * length
        clipControls.pausedAt = position
        clipControls.shownUntil = time + ClipControls.showSeconds
        if ended && clipControls.scrubbingFromPlay {
            clipControls.scrubbingFromPlay = false
            clipControls.pausedAt = nil
            moving.since = time - position
            self.moving = moving
        }
    }

    /// J and L: the clip `seconds` on or back, as a lifted finger on the
    /// scrubber puts it. A short clip loops, so a seek goes round it; a
    /// longer one stops at its ends.
    func seekClip(by seconds: Double) {
        guard let length = playingClip?.seconds, length > 0 else { return }
        let to = clipPosition + seconds
        let position = length < ClipControls.loopsUnder
            ? (to.truncatingRemainder(dividingBy: length) + length).truncatingRemainder(dividingBy: length) : min(max(0, to), length)
        scrubClip(to: position / length, ended: true)
    }

    /// How far J and L move a clip.
    static let seekStep = 5.0
    /// Whether the clip's sound is on (it plays while the clip does): turned
    /// on, and not in a kiosk (whose clips, as its attract loop's, stay muted).
    var clipSoundOn: Bool { playingClip != nil && clipControls.soundOn && mode != .kiosk }

    /// `M` or the sound button: the clip's sound on or off, its controls
    /// coming up with it. A clip known to have none says so.
    func toggleClipSound() {
        guard playingClip != nil, mode != .kiosk else { return }
        clipControls.shownUntil = time + ClipControls.showSeconds
        if clipControls.silent {
            toast = Toast(text: strings(.noSound), undoable: false, until: time + 2)
            return
        }
        clipControls.soundOn.toggle()
    }

    /// The platform found that the clip `photo` has no sound (its worker
    /// found no stream it can decode): its sound goes off, and the toast says so.
    func learnNoSound(photo: Int) {
        guard let clip = playingClip, clip.photo == photo, !clipControls.silent else { return }
        clipControls.silent = true
        clipControls.soundOn = false
        toast = Toast(text: strings(.noSound), undoable: false, until: time + 2)
        record(.notice(strings(.noSound)))
    }
}
