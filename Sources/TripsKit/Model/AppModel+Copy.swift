import Foundation

/// Ctrl+C: the photo shown big, else the focused strip photo, goes to the
/// clipboard. The model names it (`copy` event) and says it is under way;
/// the platform decodes, encodes and offers it, and its word comes back as
/// a `CopyOutcome`. Changes no file, so a kiosk copies too.
extension AppModel {
    func copyShownPhoto() {
        let path: String
        if let trip = bigPhoto.trip, bigPhoto.phase != .closing {
            path = shownPhotoPath(of: trip)
        } else if case .stripPhoto(let trip)? = focus, let first = catalog.trips[trip].photoPaths.first {
            path = first
        } else {
            return
        }
        toast = Toast(text: strings(.copying, Self.fileName(path)), undoable: false, until: time + Self.undoSeconds)
        record(.copy(path: path))
        rebuildTree()
    }

    func copyEnded(_ outcome: CopyOutcome) {
        switch outcome {
        case .copied(let path):
            toast = Toast(text: strings(.copied, Self.fileName(path)), undoable: false, until: time + 2)
        case .failed(let path, let reason):
            toast = Toast(text: strings(.cannotCopy, Self.fileName(path), reason), undoable: false, until: time + Self.undoSeconds)
            record(.notice("\(path): cannot be copied: \(reason)"))
        }
        rebuildTree()
    }
}
