import Foundation

/// What the platform says of the photos the attract loop waits for (by
/// photo number, `TripCatalog.photoNumber`): which are decoded at the size
/// they are shown, and which cannot be shown at all. Handed to the model
/// through its one door (`AppDriver.learn`), so the loop never starts a
/// slide on a placeholder. A replay hands none: on its virtual clock every
/// photo counts as decoded at once (docs/REPLAY.md).
public struct PhotoReadiness: Equatable, Sendable {
    /// Decoded at the window's size, among the photos asked about.
    public var ready: Set<Int>
    /// Every photo whose decode failed (unreadable, refused, gone with its drive).
    public var failed: Set<Int>

    public init(ready: Set<Int> = [], failed: Set<Int> = []) {
        self.ready = ready
        self.failed = failed
    }

    /// The same facts for the photos renumbered by `map` (a new catalog);
    /// a photo that left is forgotten.
    func renumbered(_ map: (Int) -> Int?) -> PhotoReadiness {
        PhotoReadiness(ready: Set(ready.compactMap(map)), failed: Set(failed.compactMap(map)))
    }
}
