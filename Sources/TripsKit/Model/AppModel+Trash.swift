import Foundation

/// Delete and undo: the photo shown big goes to the desktop's trash, its
/// trip, strip and pages follow at once, and for `undoSeconds` (or until
/// the next key) Ctrl+Z or a tap on the toast puts it back. Never in a
/// kiosk, which changes no file.
extension AppModel {
    static let undoSeconds: Double = 10

    /// What Ctrl+Z puts back: the photo in the trash (with a Live Photo's
    /// clip beside it, which went with it) and the trips before it went.
    struct TrashUndo {
        let trashed: Trash.Trashed
        var liveClip: Trash.Trashed?
        let catalog: TripCatalog
    }

    func trashShownPhoto() {
        guard mode != .kiosk, let trash, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        let path = shownPhotoPath(of: trip)
        do {
            let trashed = try trash.trash(path)
            // A Live Photo's MOV goes with its still: left, it would come back as a clip of its own.
            var liveClip: Trash.Trashed?
            if case .beside(let clip)? = catalog.trips[trip].shape(photo: bigPhoto.page)?.liveClip { liveClip = try? trash.trash(clip) }
            let before = catalog, after = catalog.removing(photo: path)
            updateCatalog(after)
            record(.tripsChanged(after))
            trashUndo = TrashUndo(trashed: trashed, liveClip: liveClip, catalog: before)
            turnUndo = nil
            toast = Toast(text: strings(.movedToTrash, Self.fileName(path)), undoable: true, until: time + Self.undoSeconds)
            record(.trashed(path: path))
        } catch {
            trashUndo = nil
            toast = Toast(text: "\(error)", undoable: false, until: time + Self.undoSeconds)
            record(.notice("\(error)"))
        }
        rebuildTree()
    }

    /// Ctrl+Z or a tap on the toast: the photo back where it was, byte for
    /// byte with its mtime (a rename), and the trips as they were.
    func undoTrash() {
        guard let undo = trashUndo, let trash else { return }
        trashUndo = nil
        do {
            try trash.restore(undo.trashed)
            if let clip = undo.liveClip { try? trash.restore(clip) }
            // The trips as they were, with whatever else changed since kept out.
            updateCatalog(undo.catalog)
            record(.tripsChanged(undo.catalog))
            // The big photo shows the photo put back, as before Delete.
            if let trip = bigPhoto.trip, let page = catalog.trips[trip].photoPaths.firstIndex(of: undo.trashed.original) {
                bigPhoto.repage(count: catalog.trips[trip].photoPaths.count, page: page)
            }
            toast = Toast(text: strings(.putBack, Self.fileName(undo.trashed.original)), undoable: false, until: time + 2)
            record(.restored(path: undo.trashed.original))
        } catch {
            toast = Toast(text: "\(error)", undoable: false, until: time + Self.undoSeconds)
            record(.notice("\(error)"))
        }
        rebuildTree()
    }

    /// The toast's time is up: it goes, and its undo with it.
    func expireToast(at seconds: Double) -> Bool {
        guard let toast, seconds >= toast.until else { return false }
        self.toast = nil
        trashUndo = nil
        turnUndo = nil
        rebuildTree()
        return true
    }
}
