import Foundation

/// Ctrl+R and Ctrl+Shift+R: the photo shown big is turned a quarter and
/// the turn saved in its file without loss (`PhotoTurner`); where the file
/// cannot hold it without loss (HEIF, AVIF, JPEG XL, a JPEG with no
/// Orientation entry), the file is left alone and Trips keeps the turn
/// (`KeptTurns`), which the toast says. Two fingers turning the photo past
/// 45° snap it to the nearest quarter turn, saved the same way, and the
/// toast asks to keep it: a tap on it or Ctrl+Z turns it back. The window
/// re-decodes it (`turned` event). Never in a kiosk, which changes no file.
extension AppModel {
    func turnShownPhoto(clockwise: Bool) {
        guard mode != .kiosk, turner != nil, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        turnUndo = nil
        if let said = turn(shownPhotoPath(of: trip), clockwise: clockwise) {
            toast = Toast(text: said.text, undoable: false, until: time + (said.kept ? Self.undoSeconds : 2))
        }
        rebuildTree()
    }

    /// Two fingers snapped a turn of `quarters` (negative: counter-clockwise).
    func turnShownPhoto(quarters: Int) {
        guard mode != .kiosk, turner != nil, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        let path = shownPhotoPath(of: trip)
        trashUndo = nil
        turnUndo = nil
        // Three quarters one way are one the other way: the fewest writes.
        let q = ((quarters % 4) + 4) % 4
        let steps = q == 3 ? [false] : Array(repeating: true, count: q)
        for (done, clockwise) in steps.enumerated() where turn(path, clockwise: clockwise) == nil {
            // The toast says why; a half turn that stopped halfway is undone.
            if done > 0 { _ = turn(path, clockwise: false) }
            rebuildTree()
            return
        }
        turnUndo = (path, q == 3 ? -1 : q)
        toast = Toast(text: strings(.keepTurn, Self.fileName(path)), undoable: true, until: time + Self.undoSeconds)
        rebuildTree()
    }

    /// A tap on the toast or Ctrl+Z while it asks to keep a snapped turn:
    /// the photo turned back as it was.
    func undoTurn() {
        guard let undo = turnUndo else { return }
        turnUndo = nil
        let steps = undo.quarters < 0 ? [true] : Array(repeating: false, count: undo.quarters)
        for clockwise in steps where turn(undo.path, clockwise: clockwise) == nil {
            rebuildTree()
            return
        }
        toast = Toast(text: strings(.turnedBack, Self.fileName(undo.path)), undoable: false, until: time + 2)
        rebuildTree()
    }

    /// A tap on an undoable toast, or Ctrl+Z: what it tells is undone.
    func undoToast() {
        if turnUndo != nil { undoTurn() } else { undoTrash() }
    }

    /// Turns the photo at `path` a quarter, in its file or in Trips' state;
    /// what the toast says of it, or nil when it failed (the toast says why).
    private func turn(_ path: String, clockwise: Bool) -> (text: String, kept: Bool)? {
        guard let turner else { return nil }
        do {
            do {
                try turner.turn(path, clockwise: clockwise)
                turned(path, kept: keptTurns?.quarters(of: path) ?? 0)
                return (strings(.turned, Self.fileName(path)), false)
            } catch where error.lossless && keptTurns != nil {
                let kept = try keptTurns!.turn(path, clockwise: clockwise)
                turned(path, kept: kept)
                return (strings(.turnKept, Self.fileName(path)), true)
            }
        } catch {
            let text = error.lossless ? strings(.cannotTurn, Self.fileName(path)) : error.description
            toast = Toast(text: text, undoable: false, until: time + Self.undoSeconds)
            turnUndo = nil
            record(.notice(error.description))
            return nil
        }
    }

    private func turned(_ path: String, kept: Int) {
        // Its size is upright in the panel, and its pixels' size counts the turn: read again.
        knownProperties[path] = nil
        pictureSizes.forget(path)
        record(.turned(path: path, kept: kept))
        bigPhoto.clampZoom()
    }

    /// The photo's own pixel size as shown: upright, with the turn Trips keeps for it.
    func shownPictureSize(_ path: String) -> CGSize? {
        guard let size = pictureSizes.size(of: path) else { return nil }
        return (keptTurns?.quarters(of: path) ?? 0) % 2 == 1 ? CGSize(width: size.height, height: size.width) : size
    }
}
