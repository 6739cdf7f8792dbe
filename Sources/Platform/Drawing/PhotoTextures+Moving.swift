import CSDL2
import Foundation
import PhotoFile
import PhotoLoading
import TripsKit

/// The big photo's moving picture: its frames streamed from a worker of
/// their own while it is on screen (an animation, a clip, a Live Photo's
/// clip while held), its still otherwise.
extension PhotoTextures {
    func stopPlaying() {
        if let playing { log("trips: photo \(paths[playing.photo]): \(playing.summary)") }
        playing = nil
    }

    /// The frame of the moving photo due now, when photo number `photo`
    /// is it and plays (nil: draw its still); `waiting` for the frame to
    /// be decoded (a screenshot). `covering`: the size the whole picture
    /// is drawn at, which its frames follow (`framesFollowDrawnSize`).
    func movingFrame(_ photo: Int, waiting: Bool, covering: (width: Double, height: Double)) -> (texture: OpaquePointer, width: Int, height: Int)? {
        guard let moving, moving.photo == photo, let (path, range) = movingSource(moving) else { return nil }
        // Frames only go forward: a scrub back starts the stream again (it catches up to the time asked).
        if let shown = playing?.shownStart, moving.seconds < shown { stopPlaying() }
        if playing == nil {
            playingSince = moving.since
            playing = MovingTexture(renderer: renderer, photo: photo, live: moving.live,
                                    stream: loader.frames(of: path, range: range, once: moving.once, target: fullTarget,
                                                          budgetBytes: framesBudget), opaqueFormat: opaqueFormat)
        }
        guard let playing else { return nil }
        switch playing.stream.currentState {
        case .still:
            unmoving.insert(path)
            return nil
        case .failed(let failure):
            unmoving.insert(path)
            log("trips: photo \(path): its frames cannot be played: \(failure); showing its still")
            return nil
        case .opening, .playing:
            // A live clip gives way to its still when it ends; the attract loop's stays on its last frame.
            if moving.live != nil {
                if let end = playing.stream.endsAt, moving.seconds >= end { return nil }
                return playing.texture(at: moving.seconds, waiting: waiting)
            }
            let drawn = (width: Int(covering.width.rounded()), height: Int(covering.height.rounded()))
            let limit = playing.fullSize.map { DecodePlan.coverSize(image: $0, target: fullTarget) } ?? fullTarget
            let shown = playing.texture(at: moving.seconds, waiting: waiting, drawn: framesFollowDrawnSize ? drawn : nil, limit: limit)
            if let full = playing.fullSize { imageSizes[photo] = CGSize(width: full.width, height: full.height) }
            return shown
        }
    }

    /// The file of `moving` and the bytes of it that move (a Motion Photo's
    /// clip inside its JPEG; nil: all of it); nil when it does not move.
    func movingSource(_ moving: Scene.MovingPhoto) -> (path: String, range: (offset: Int, length: Int)?)? {
        guard paths.indices.contains(moving.photo) else { return nil }
        // A Live Photo's clip beside it, or a Motion Photo's inside its JPEG.
        var path = paths[moving.photo], range: (offset: Int, length: Int)?
        switch moving.live {
        case .beside(let clip)?: path = clip
        case .embedded(let offset, let length)?: range = (offset, length)
        case nil: guard MovingTexture.mayMove(path) else { return nil }
        }
        return unmoving.contains(path) ? nil : (path, range)
    }

    /// When the moving photo's next frame is due, on the model's clock;
    /// nil when nothing plays or its next frame is not decoded yet (its
    /// decode wakes the loop).
    public var nextFrameDue: Double? {
        guard let moving, !moving.paused else { return nil }
        // Sound queued ahead is topped up every tenth of a second.
        let sound = audio.isFeeding ? moving.since + moving.seconds + 0.1 : nil
        guard let playing else { return sound }
        // A live clip's end is due too: its still comes back then.
        let end = moving.live == nil ? nil : playing.stream.endsAt.flatMap { $0 > moving.seconds ? $0 : nil }
        let frame = (playing.stream.nextStart(after: moving.seconds) ?? end).map { moving.since + $0 }
        guard let frame, let sound else { return frame ?? sound }
        return min(frame, sound)
    }
}
