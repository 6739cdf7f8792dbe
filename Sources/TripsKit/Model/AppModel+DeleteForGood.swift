import Foundation

/// Shift+Delete: the photo shown big is deleted for good once a dialog
/// has asked (Return or its Delete button; Escape or Cancel keeps it).
/// Its trip, strip and pages follow at once, as for the trash; there is no
/// undo. Never in a kiosk, which changes no file.
extension AppModel {
    func askToDeleteShownPhoto() {
        guard mode != .kiosk, trash != nil, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        deleteAsked = shownPhotoPath(of: trip)
        rebuildTree()
    }

    func cancelDelete() {
        deleteAsked = nil
        rebuildTree()
    }

    func deleteShownPhotoForGood() {
        guard let path = deleteAsked, let trash else { return }
        deleteAsked = nil
        do {
            try trash.delete(path)
            let after = catalog.removing(photo: path)
            updateCatalog(after)
            record(.tripsChanged(after))
            toast = Toast(text: strings(.deletedForGood, Self.fileName(path)), undoable: false, until: time + 2)
            record(.deleted(path: path))
        } catch {
            toast = Toast(text: "\(error)", undoable: false, until: time + Self.undoSeconds)
            record(.notice("\(error)"))
        }
        rebuildTree()
    }
}
