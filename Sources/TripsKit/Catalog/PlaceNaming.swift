import Geography

/// Names a trip of loose photos by where they were taken: each photo's
/// place from the gazetteer's index (`CityIndex.place(at:)`), the trip's
/// name from its places (`TripPlaces`), two joined in the visitor's
/// language ("Lisbon & Porto", "Lisbonne et Porto"). Nil when no photo of
/// the trip has a place: it keeps its dates (docs/BEHAVIOUR.md, "Places").
public struct PlaceNaming: Sendable {
    public let index: CityIndex
    public let strings: Strings

    public init(index: CityIndex, strings: Strings) {
        self.index = index
        self.strings = strings
    }

    /// The name of the trip whose photos were taken at `points` (nil: no place known).
    public func name(_ points: [GeoPoint?]) -> String? {
        // A trip's photos crowd a few streets: each ~100 m square is looked up once.
        var known: [GeoPoint: Place?] = [:]
        let places = points.map { point -> Place? in
            guard let point else { return nil }
            let key = GeoPoint(latitude: (point.latitude * 1000).rounded() / 1000, longitude: (point.longitude * 1000).rounded() / 1000)
            if let place = known[key] { return place }
            let place = index.place(at: point)
            known[key] = place
            return place
        }
        switch TripPlaces.name(places) {
        case .one(let name)?: return name
        case .two(let first, let second)?: return strings(.twoPlaces, first, second)
        case nil: return nil
        }
    }
}
