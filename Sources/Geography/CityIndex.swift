import Foundation

/// The gazetteer's cities in a grid of one-degree cells, built once, so a
/// photo's place is found among the few dozen cities near it rather than
/// among all 24,000: `place(at:)`.
///
/// The rule (docs/BEHAVIOUR.md, "Places"): each city reaches
/// `reach(population:)` kilometres, growing with the square root of its
/// people, and a point belongs to the city it is relatively nearest to
/// (distance over reach), if that is within `cityReaches` of its reach. So a
/// suburb's photo names the city, not the town of 20,000 beside it, unless
/// it was taken in that town's own centre. Beyond every city's reach, the
/// nearest city's region names a point within `regionRadius`, its country
/// one within `countryRadius`; further out (the open sea, the poles) there
/// is no place.
public struct CityIndex: Sendable {
    public let cities: [City]
    /// City indices by cell: `cells[row * 360 + column]`, row 0 at 90° south, column 0 at 180° west.
    private let cells: [[Int32]]

    /// Kilometres a city of this many people reaches: 1.5 km for 10,000,
    /// 10.6 km for half a million (Lisbon), 35 km at most (Tokyo's 8 million).
    public static func reach(population: Int) -> Double {
        min(35, max(1, 1.5 * (Double(max(population, 0)) / 10_000).squareRoot()))
    }
    /// How far past its reach a city still names a photo, as a multiple of it.
    public static let cityReaches = 2.5
    /// The radius beyond which no city's region names a point.
    public static let regionRadius = 50.0
    /// The radius beyond which no city's country names a point.
    public static let countryRadius = 150.0

    public init(cities: [City]) {
        self.cities = cities
        var cells = [[Int32]](repeating: [], count: 180 * 360)
        for (i, city) in cities.enumerated() where city.point.latitude.isFinite && city.point.longitude.isFinite {
            let (row, column) = Self.cell(city.point)
            cells[row * 360 + column].append(Int32(i))
        }
        self.cells = cells
    }

    static func cell(_ p: GeoPoint) -> (row: Int, column: Int) {
        let row = min(179, max(0, Int((p.latitude + 90).rounded(.down))))
        let column = ((Int((p.longitude + 180).rounded(.down)) % 360) + 360) % 360
        return (row, column)
    }

    /// The cities within `radius` kilometres of `p`, with their distances:
    /// the cells the radius can touch (every column near a pole; columns
    /// wrap at the antimeridian), then each city measured.
    public func cities(near p: GeoPoint, within radius: Double) -> [(city: Int, distance: Double)] {
        guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90, abs(p.longitude) <= 180 else { return [] }
        let (row, column) = Self.cell(p)
        let kmPerDegree = GeoPoint.earthRadius * .pi / 180
        let rows = Int((radius / kmPerDegree).rounded(.up))
        // The narrowest parallel the search reaches decides how many columns it spans.
        let edge = min(90, abs(p.latitude) + radius / kmPerDegree)
        let parallel = cos(edge * .pi / 180) * kmPerDegree
        let columns = parallel < radius / 180 ? 180 : min(180, Int((radius / parallel).rounded(.up)))
        var found: [(city: Int, distance: Double)] = []
        for r in max(0, row - rows)...min(179, row + rows) {
            var seen = Set<Int>()
            for c in (column - columns)...(column + columns) {
                let wrapped = ((c % 360) + 360) % 360
                guard seen.insert(wrapped).inserted else { continue }
                for i in cells[r * 360 + wrapped] {
                    let d = p.distance(to: cities[Int(i)].point)
                    if d <= radius { found.append((Int(i), d)) }
                }
            }
        }
        return found
    }

    /// The place of a photo taken at `p` (see the type's rule), or nil.
    /// The cities within `nearRadius` are asked first: a city further away
    /// scores at least `nearRadius / 35`, so it can win only when none near does.
    public func place(at p: GeoPoint) -> Place? {
        func score(_ c: (city: Int, distance: Double)) -> Double { c.distance / Self.reach(population: cities[c.city].population) }
        func best(_ near: [(city: Int, distance: Double)]) -> (city: Int, distance: Double)? {
            near.min { a, b in score(a) != score(b) ? score(a) < score(b) : cities[a.city].population > cities[b.city].population }
        }
        var found = best(cities(near: p, within: Self.nearRadius))
        if found.map({ score($0) >= Self.nearRadius / Self.reach(population: .max) }) ?? true {
            found = best(cities(near: p, within: Self.cityReaches * Self.reach(population: .max)))
        }
        if let found, score(found) <= Self.cityReaches {
            let city = cities[found.city]
            return Place(kind: .city, name: city.name, countryCode: city.countryCode, country: city.country)
        }
        guard let nearest = cities(near: p, within: Self.countryRadius).min(by: { $0.distance < $1.distance }) else { return nil }
        let city = cities[nearest.city]
        if nearest.distance <= Self.regionRadius, !city.region.isEmpty {
            return Place(kind: .region, name: city.region, countryCode: city.countryCode, country: city.country)
        }
        return Place(kind: .country, name: city.country, countryCode: city.countryCode, country: city.country)
    }

    /// The first, small search of `place(at:)`.
    static let nearRadius = 25.0
}
