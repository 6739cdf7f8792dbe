/// A city of the gazetteer (GeoNames' cities of more than 15,000 people,
/// as libgeonames carries them), its names already in the visitor's language.
public struct City: Equatable, Hashable, Sendable {
    /// GeoNames' id: what its names are translated by.
    public var id: String
    public var name: String
    /// Its first-level region (a district, a prefecture, a state), by name.
    public var region: String
    /// ISO 3166 alpha-2 ("PT"): what tells two countries apart.
    public var countryCode: String
    public var country: String
    public var point: GeoPoint
    public var population: Int

    public init(id: String, name: String, region: String, countryCode: String, country: String, point: GeoPoint, population: Int) {
        (self.id, self.name, self.region, self.countryCode, self.country) = (id, name, region, countryCode, country)
        self.point = point
        self.population = population
    }
}
