import Foundation

/// Folders or photos dropped on the window open as `trips PATH...` opens
/// them (`PathOpener`): their trips replace the ones shown, a single photo
/// opens big and whole. What cannot be opened is a toast naming it, and
/// the trips stay. Never in a kiosk.
extension AppModel {
    func drop(_ paths: [String]) {
        guard let opener, !paths.isEmpty else { return }
        let opened: PathOpener.Opened
        do {
            opened = try opener.open(paths, from: FileManager.default.currentDirectoryPath)
        } catch {
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
