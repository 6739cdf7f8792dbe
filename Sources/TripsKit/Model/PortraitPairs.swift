/// Which photos of a trip the attract loop shows side by side on a
/// landscape screen: two portrait photos, one right after the other in the
/// trip, whose own capture times are at most `window` apart (docs/KIOSK.md,
/// "Portrait pairs"). Read from the catalog alone (the shapes the library
/// reader took from each file's header), never from decodes, so the same
/// library pairs the same way every run.
enum PortraitPairs {
    /// Three minutes: a burst of one scene, not the walk to the next sight.
    static let window: Double = 180

    /// Each slide of one trip's `shapes`, in order: a lone photo (`second`
    /// nil) or a pair. Greedy from the first photo: a pair takes both its
    /// photos, so a run of three portraits makes one pair and one lone photo.
    static func slides(_ shapes: [PhotoShape], count: Int) -> [(first: Int, second: Int?)] {
        var result: [(first: Int, second: Int?)] = []
        var i = 0
        while i < count {
            if i + 1 < count, shapes.indices.contains(i + 1), pairs(shapes[i], shapes[i + 1]) {
                result.append((i, i + 1))
                i += 2
            } else {
                result.append((i, nil))
                i += 1
            }
        }
        return result
    }

    /// Both portrait and taken within `window` of each other; a clip is
    /// shown alone (it plays, and a phone's portrait clip is no photo of a burst).
    static func pairs(_ a: PhotoShape, _ b: PhotoShape) -> Bool {
        guard a.kind != .clip, b.kind != .clip, a.isPortrait, b.isPortrait, let s = a.taken, let t = b.taken else { return false }
        return abs(t - s) <= window
    }
}
