import Foundation
import Geography

/// Names a library's loose photos' trips by their places: a gazetteer's
/// cities (read in the UI's language, so after `strings`) indexed once.
/// Reading them costs a few hundred milliseconds of CPU, so a live app
/// starts it only after its first frame, and only once a photo is known to
/// have a place (`LibraryLoader.whenPlaced`), on a thread of its own behind
/// everything else: trips made before it are named by their dates until it
/// is there. A replay names them before its library is read.
public struct PlaceIndexing: Sendable {
    let cities: @Sendable () -> [City]
    let strings: Strings
    let clock: @Sendable () -> Double
    /// Told how long the index took (`TRIPS_VERBOSE`); nil says nothing.
    let verboseLog: (@Sendable (String) -> Void)?

    public init(cities: @escaping @Sendable () -> [City], strings: Strings, clock: @escaping @Sendable () -> Double,
                verboseLog: (@Sendable (String) -> Void)?) {
        self.cities = cities
        self.strings = strings
        self.clock = clock
        self.verboseLog = verboseLog
    }

    /// Indexes the cities and names `library`'s trips by them, now.
    public func name(_ library: LibraryLoader) {
        let begun = clock()
        let index = CityIndex(cities: cities())
        verboseLog?(String(format: "trips: places: %d cities indexed in %.1f ms", index.cities.count, (clock() - begun) * 1000))
        library.name(by: PlaceNaming(index: index, strings: strings))
    }

    /// The same on a thread of its own at the lowest priority.
    public func nameInBackground(_ library: LibraryLoader) {
        Thread.detachAtLowestPriority { name(library) }
    }
}
