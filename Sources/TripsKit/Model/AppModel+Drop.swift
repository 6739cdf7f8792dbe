import Foundation

/// Folders or photos dropped on the window open as `trips PATH...` opens
/// them (`PathOpener`): their trips replace the ones shown, a single photo
/// opens big and whole. What cannot be opened is a toast naming it, and
/// the trips stay. Live, the reading is done off the loop's thread
/// (`PathOpener.inBackground`). Never in a kiosk.
extension AppModel {
    func drop(_ paths: [String]) {
        guard let opener, !paths.isEmpty else { return }
        if opener.inBackground {
            record(.openAsked(paths: paths))
            return
        }
        opened(Result { try opener.open(paths, from: FileManager.default.currentDirectoryPath) })
    }

    /// What a drop opened, read at once or handed back by the platform.
    func opened(_ result: Result<PathOpener.Opened, Error>) {
        let opened: PathOpener.Opened
        switch result {
        case .success(let o): opened = o
        case .failure(let error):
            toast = Toast(text: "\(error)", undoable: false, until: time + Self.undoSeconds)
            record(.notice("\(error)"))
            rebuildTree()
            return
        }
        if bigPhoto.trip != nil { close() }
        shortcutsShown = false
        trashUndo = nil
        turnUndo = nil
        updateCatalog(opened.catalog)
        record(.tripsChanged(opened.catalog))
        record(.opened(trips: opened.catalog.trips.count))
        if let photo = opened.photo { _ = openPhoto(atPath: photo) }
        if !opened.leftOut.isEmpty {
            let text = opened.leftOut.map(\.description).joined(separator: "; ")
            toast = Toast(text: text, undoable: false, until: time + Self.undoSeconds)
            record(.notice(text))
        }
        rebuildTree()
    }
}
