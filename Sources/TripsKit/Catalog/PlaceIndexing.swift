import Foundation
import Geography

/// Names a library's loose photos' trips by their places: a gazetteer's
/// cities (read in the UI's language, so after `strings`) indexed once.
/// Reading them costs a few hundred milliseconds of CPU, so a live app
/// starts it only after its first frame, and only once a photo is known to
/// have a place (`LibraryLoader.whenPlaced`), on a thread of its own behind
/// everything else: trips made before it are named by their dates until it
/// is there. A replay names them before its library is read. The index is
/// made once and kept: the properties panel names a photo's place by it too.
public struct PlaceIndexing: Sendable {
    let cities: @Sendable () -> [City]
    let strings: Strings
    let clock: @Sendable () -> Double
    /// Told how long the index took (`TRIPS_VERBOSE`); nil says nothing.
    let verboseLog: (@Sendable (String) -> Void)?
    /// The index, once made, guarded by its lock.
    private let made = Made()

    private final class Made: @unchecked Sendable {
        let lock = NSLock()
        var index: CityIndex?
    }

    public init(cities: @escaping @Sendable () -> [City], strings: Strings, clock: @escaping @Sendable () -> Double,
                verboseLog: (@Sendable (String) -> Void)?) {
        self.cities = cities
        self.strings = strings
        self.clock = clock
        self.verboseLog = verboseLog
    }

    /// Indexes the cities and names `library`'s trips by them, now.
    public func name(_ library: LibraryLoader) {
        library.name(by: PlaceNaming(index: index(), strings: strings))
    }

    /// The cities' index: made on first use (whichever thread asks first
    /// makes it; the other waits), then kept.
    func index() -> CityIndex {
        made.lock.lock()
        defer { made.lock.unlock() }
        if let index = made.index { return index }
        let begun = clock()
        let index = CityIndex(cities: cities())
        verboseLog?(String(format: "trips: places: %d cities indexed in %.1f ms", index.cities.count, (clock() - begun) * 1000))
        made.index = index
        return index
    }

    /// What the properties panel calls the place at a photo's GPS point:
    /// "Lisbon, Portugal"; a region or a country alone away from any city;
    /// nil at sea.
    public func placeName(latitude: Double, longitude: Double) -> String? {
        guard let place = index().place(at: GeoPoint(latitude: latitude, longitude: longitude)) else { return nil }
        return place.kind == .country || place.country.isEmpty ? place.name : strings(.placeInCountry, place.name, place.country)
    }

    /// The same on a thread of its own at the lowest priority.
    public func nameInBackground(_ library: LibraryLoader) {
        Thread.detachAtLowestPriority { name(library) }
    }
}
