import Foundation
import PhotoLoading
import TripsKit

/// The big photo's clip's sound (`M`), following the scene each frame:
/// on while the scene says so (`Scene.MovingPhoto.sound`), at the clip's
/// position in its play (the frame shown's, so a loop's second play starts
/// its sound again), flushed while paused, stopped when muted or gone.
extension PhotoTextures {
    func followSound() {
        guard let moving, moving.sound, moving.live == nil, let (path, range) = movingSource(moving) else {
            audio.stop()
            return
        }
        let playStart = playing?.photo == moving.photo ? playing?.shownPlayStart ?? 0 : 0
        audio.follow(photo: moving.photo, path: path, range: range, position: max(0, moving.seconds - playStart), playing: !moving.paused) { [loader] start in
            loader.sound(of: path, range: range, from: start)
        }
    }

    /// The clip that turned out to have no sound, once: the model is told (`AppDriver.clipHasNoSound`).
    public func takeSilentClip() -> Int? { audio.takeSilentClip() }
}
