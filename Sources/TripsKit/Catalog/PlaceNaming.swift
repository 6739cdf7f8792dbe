import Foundation
import Geography

/// Names a trip of loose photos by where they were taken: each photo's
/// place from the gazetteer's index (`CityIndex.place(at:)`), the trip's
/// name from its places (`TripPlaces`), two joined in the visitor's
/// language ("Lisbon & Porto", "Lisbonne et Porto"). Nil when no photo of
/// the trip has a place: it keeps its dates (docs/BEHAVIOUR.md, "Places").
///
/// Each point's place is remembered: a catalog is made again whenever the
/// folder changes (on the frame loop's thread), and only new photos' points
/// are looked up then.
public final class PlaceNaming: Sendable {
    public let index: CityIndex
    public let strings: Strings
    private let known = Mutex()

    public init(index: CityIndex, strings: Strings) {
        self.index = index
        self.strings = strings
    }

    /// The places already looked up, by point, guarded by its lock.
    private final class Mutex: @unchecked Sendable {
        let lock = NSLock()
        var places: [GeoPoint: Place?] = [:]
    }

    /// The place of `point`, looked up once.
    func place(_ point: GeoPoint) -> Place? {
        if let place = known.lock.withLock({ known.places[point] }) { return place }
        let place = index.place(at: point)
        known.lock.withLock { known.places[point] = place }
        return place
    }

    /// The name of the trip whose photos were taken at `points` (nil: no place known).
    public func name(_ points: [GeoPoint?]) -> String? {
        let places = points.map { $0.flatMap(place) }
        switch TripPlaces.name(places) {
        case .one(let name)?: return name
        case .two(let first, let second)?: return strings(.twoPlaces, first, second)
        case nil: return nil
        }
    }
}
