/// What a photo's place is called: the city it was taken in, or, away from
/// any city (at sea near a coast, in the hills), its region or only its
/// country; `CityIndex.place(at:)` says which (docs/BEHAVIOUR.md, "Places").
public struct Place: Equatable, Hashable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable { case city, region, country }

    public var kind: Kind
    /// The city's, region's or country's name, in the visitor's language.
    public var name: String
    /// The country it is in, and its name.
    public var countryCode: String
    public var country: String

    public init(kind: Kind, name: String, countryCode: String, country: String) {
        (self.kind, self.name, self.countryCode, self.country) = (kind, name, countryCode, country)
    }
}
