import Foundation
import PhotoFile

/// Alt+Return and I: the properties panel of the photo shown big. What it
/// says is read by a decode worker (the platform asks for
/// `propertiesAwaited` and hands the answer in through `AppDriver.learn`),
/// never by the model, which opens no photo.
extension AppModel {
    func toggleProperties() {
        guard propertiesShown || (screen == .overview && bigPhoto.isOut && bigPhoto.phase != .closing) else { return }
        propertiesShown.toggle()
        rebuildTree()
    }

    /// The file of the photo the panel shows, while shown.
    var propertiesPath: String? {
        guard propertiesShown, let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return nil }
        return shownPhotoPath(of: trip)
    }

    /// The photo whose properties the shown panel waits for: the platform
    /// asks a worker to read them.
    public var propertiesAwaited: String? {
        propertiesPath.flatMap { knownProperties[$0] == nil ? $0 : nil }
    }

    /// A worker's reading of `path` (all empty when it could not read it),
    /// and the place its GPS names; true when the panel shows it now.
    func learnProperties(_ properties: PhotoProperties, place: String?, of path: String) -> Bool {
        var properties = properties
        // Upright as shown: with the quarter turn Trips keeps for it.
        if (keptTurns?.quarters(of: path) ?? 0) % 2 == 1 { (properties.width, properties.height) = (properties.height, properties.width) }
        knownProperties[path] = PropertiesPanel.Facts(properties: properties, place: place)
        guard propertiesPath == path else { return false }
        rebuildTree()
        return true
    }

    /// The panel's rows for the photo it shows: label and value.
    var propertiesRows: [PropertiesPanel.Row] {
        guard let path = propertiesPath else { return [] }
        return PropertiesPanel.rows(fileName: Self.fileName(path), facts: knownProperties[path], strings: strings)
    }
}
