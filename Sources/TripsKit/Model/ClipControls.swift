import Foundation

/// The controls a tap brings up over a video clip playing in the big
/// photo: a play/pause button, a scrubber and a sound button (`M` too).
/// They stay `showSeconds` after the last touch on them, and while the
/// clip is paused; brought up by a screen reader's click, until the next
/// tap (its user cannot reach them in a few seconds). Pausing holds the
/// clip's position; the model's clock runs on.
struct ClipControls: Equatable {
    /// Shown until this model time; nil: hidden.
    var shownUntil: Double?
    /// The clip's position in seconds while it is paused; nil: it plays.
    var pausedAt: Double?
    /// A finger on the scrubber: the clip was playing when it came down (it plays again when it lifts).
    var scrubbingFromPlay = false
    /// Brought up by a screen reader's click: shown until the next tap.
    var heldForReader = false
    /// Its sound plays (`M`, the sound button); each clip opens muted.
    var soundOn = false
    /// The clip turned out to have no sound (the platform's word, `AppDriver.clipHasNoSound`).
    var silent = false

    static let showSeconds = 3.0
    /// A clip shorter than this loops (the frames' rule, `FrameStream.shortClipSeconds`).
    static let loopsUnder = 10.0

    func isShown(at time: Double) -> Bool { pausedAt != nil || heldForReader || (shownUntil.map { $0 > time } ?? false) }
}
