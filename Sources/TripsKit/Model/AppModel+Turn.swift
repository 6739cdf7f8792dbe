import Foundation

/// Ctrl+R and Ctrl+Shift+R: the photo shown big is turned a quarter and
/// the turn saved in its file without loss (`PhotoTurner`); where the file
/// cannot hold it without loss (HEIF, AVIF, JPEG XL, a JPEG with no
/// Orientation entry), the file is left alone and Trips keeps the turn
/// (`KeptTurns`), which the toast says. The window re-decodes it
/// (`turned` event). Never in a kiosk, which changes no file.
extension AppModel {
    func turnShownPhoto(clockwise: Bool) {
        guard mode != .kiosk, let turner, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        let path = shownPhotoPath(of: trip)
        do {
            do {
                try turner.turn(path, clockwise: clockwise)
                toast = Toast(text: strings(.turned, Self.fileName(path)), undoable: false, until: time + 2)
                turned(path, kept: keptTurns?.quarters(of: path) ?? 0)
            } catch where error.lossless && keptTurns != nil {
                let kept = try keptTurns!.turn(path, clockwise: clockwise)
                toast = Toast(text: strings(.turnKept, Self.fileName(path)), undoable: false, until: time + Self.undoSeconds)
                turned(path, kept: kept)
            }
        } catch {
            let text = error.lossless ? strings(.cannotTurn, Self.fileName(path)) : error.description
            toast = Toast(text: text, undoable: false, until: time + Self.undoSeconds)
            record(.notice(error.description))
        }
        rebuildTree()
    }

    private func turned(_ path: String, kept: Int) {
        // Its size is upright in the panel, and its pixels' size counts the turn: read again.
        knownProperties[path] = nil
        pictureSizes.forget(path)
        record(.turned(path: path, kept: kept))
    }

    /// The photo's own pixel size as shown: upright, with the turn Trips keeps for it.
    func shownPictureSize(_ path: String) -> CGSize? {
        guard let size = pictureSizes.size(of: path) else { return nil }
        return (keptTurns?.quarters(of: path) ?? 0) % 2 == 1 ? CGSize(width: size.height, height: size.width) : size
    }
}
