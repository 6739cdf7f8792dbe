import Foundation
import PhotoFile
import PhotoLoading
import TripsKit

/// The properties panel's fields on their way in: the photo the panel waits
/// for (`AppModel.propertiesAwaited`) is read by a decode worker, never
/// here; what it read, its GPS point named by the gazetteer, goes to the
/// model through the driver. A file the worker could not read gives an
/// empty reading (the panel shows its name) and one log line.
final class PropertiesFeed {
    private let loader: PhotoLoader
    private let places: PlaceIndexing?
    private let log: (String) -> Void

    init(loader: PhotoLoader, places: PlaceIndexing?, log: @escaping (String) -> Void) {
        self.loader = loader
        self.places = places
        self.log = log
    }

    /// Asks for what the panel waits for and hands in what was read; with
    /// `wait` (a replay), waits for the worker first. True when the panel changed.
    func learn(_ driver: AppDriver, wait: Bool = false) -> Bool {
        if let path = driver.app.propertiesAwaited {
            loader.requestProperties(path: path)
            if wait { loader.waitUntilIdle() }
        }
        var changed = false
        for read in loader.takeProperties() {
            var properties = PhotoProperties()
            switch read.result {
            case .success(let got): properties = got
            case .failure(let failure): log("trips: \(read.path): its properties cannot be read: \(failure)")
            }
            let place = properties.latitude.flatMap { lat in properties.longitude.flatMap { places?.placeName(latitude: lat, longitude: $0) } }
            if driver.learn(properties, place: place, of: read.path) { changed = true }
        }
        return changed
    }
}
