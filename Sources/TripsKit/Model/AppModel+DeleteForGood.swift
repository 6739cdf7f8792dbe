import Foundation

/// Shift+Delete: the photo shown big is deleted for good once a dialog
/// has asked (Return or its Delete button; Escape or Cancel keeps it).
/// The keyboard focus is on its Delete button, and Tab goes between it
/// and Cancel; when it goes, the focus goes back to the big photo.
/// Its trip, strip and pages follow at once, as for the trash; there is no
/// undo. Never in a kiosk, which changes no file.
extension AppModel {
    /// The dialog's buttons, by their elements' names.
    static let cancelButton = "cancel", deleteButton = "delete-for-good"

    func askToDeleteShownPhoto() {
        guard mode != .kiosk, trash != nil, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return }
        deleteAsked = shownPhotoPath(of: trip)
        focus = .button(Self.deleteButton)
        rebuildTree()
    }

    func cancelDelete() {
        deleteAsked = nil
        focus = bigPhoto.isOut ? .bigPhoto : nil
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
        focus = bigPhoto.isOut ? .bigPhoto : nil
        rebuildTree()
    }
}
