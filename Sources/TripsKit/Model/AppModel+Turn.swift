import Foundation

/// Ctrl+R and Ctrl+Shift+R: the photo shown big is turned a quarter and
/// the turn saved in its file without loss (`PhotoTurner`); the window
/// re-decodes it (`turned` event). Never in a kiosk, which changes no file.
extension AppModel {
    func turnShownPhoto(clockwise: Bool) {
        guard mode != .kiosk, let turner, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        let path = shownPhotoPath(of: trip)
        do {
            try turner.turn(path, clockwise: clockwise)
            toast = Toast(text: strings(.turned, Self.fileName(path)), undoable: false, until: time + 2)
            // Its size is upright in the panel: read again.
            knownProperties[path] = nil
            pictureSizes.forget(path)
            record(.turned(path: path))
        } catch {
            let text = error.lossless ? strings(.cannotTurn, Self.fileName(path)) : error.description
            toast = Toast(text: text, undoable: false, until: time + Self.undoSeconds)
            record(.notice(error.description))
        }
        rebuildTree()
    }
}
