import Decoding
import PhotoFile
import TripsKit

/// Which size a photo's texture is decoded for, and whether the one held
/// will do where it is shown: a thumbnail, a full picture, the attract
/// loop's next slide.
extension PhotoTextures {
    /// Whether a texture was decoded for a smaller screen than this one (a
    /// thumbnail decoded while the window opened, before its HiDPI scale was
    /// known) and the photo has more pixels to give.
    func isTooSmall(_ entry: Entry, photo: Int, for target: (width: Int, height: Int)) -> Bool {
        guard let full = fullSize(photo), entry.width < full.width else { return false }
        return Double(entry.width) * 1.25 < Double(target.width) && Double(entry.height) * 1.25 < Double(target.height)
    }

    /// Whether a full picture was decoded for another size than the scene's
    /// photos are shown at now (`fullTarget`): short of it (a HiDPI scale
    /// learnt late, or the Overview's room where the attract loop fills the
    /// window), or over 1.25 times too large (the other way round, drawn
    /// scaled down every frame: the software renderer pays for each pixel).
    func isOtherSize(_ entry: Entry, photo: Int) -> Bool {
        guard let full = fullSize(photo) else { return false }
        let target = DecodePlan.coverSize(image: full, target: fullTarget)
        return isShort(entry, photo: photo, of: fullTarget)
            || Double(entry.width) > Double(target.width) * 1.25 && Double(entry.height) > Double(target.height) * 1.25
    }

    /// Whether a full picture is short of covering `target` pixels by more
    /// than rounding, and was decoded for another target: drawn there it
    /// would be stretched each frame, where one decoded for it is a plain
    /// copy (the attract loop's first slide was the Overview's 3428-pixel
    /// picture stretched over a 3840-pixel window). A decoder that gave
    /// less for this very target is not asked again.
    func isShort(_ entry: Entry, photo: Int, of target: (width: Int, height: Int)) -> Bool {
        guard let full = fullSize(photo), entry.width < full.width else { return false }
        let cover = DecodePlan.coverSize(image: full, target: target)
        guard Double(entry.width) * 1.005 < Double(cover.width) && Double(entry.height) * 1.005 < Double(cover.height) else { return false }
        return fullDecodedFor[paths[photo]].map { $0 != target } ?? true
    }


    /// Whether photo number `photo`'s full picture is a texture decoded for
    /// `target` pixels (the window), not smaller: it can be shown there as it is.
    func isDecoded(_ photo: Int, for target: (width: Int, height: Int)) -> Bool {
        guard let entry = entries[Key(photo: photo, use: .full)] else { return false }
        return !isShort(entry, photo: photo, of: target)
    }

    /// Asks for photo number `photo`'s full picture decoded for `target`
    /// pixels before anything draws it (the attract loop's first slide,
    /// while the Overview still shows), and keeps it once it is there.
    public func decodeAhead(_ photo: Int, for target: (width: Int, height: Int)) {
        guard paths.indices.contains(photo), failed[paths[photo]] == nil else { return }
        let key = Key(photo: photo, use: .full)
        if isDecoded(photo, for: target) { _ = entries.use(key, in: frame); return }
        if !ready.contains(where: { $0.job == key }) { ask(key, target: target) }
    }

    /// What the attract loop needs to know of `photos` (by number): which
    /// are textures decoded for `target` pixels, and every photo that failed.
    public func readiness(of photos: [Int], for target: (width: Int, height: Int)) -> PhotoReadiness {
        PhotoReadiness(ready: Set(photos.filter { paths.indices.contains($0) && isDecoded($0, for: target) }), failed: failedNumbers)
    }
}
