/// A trip's name from its photos' places (docs/BEHAVIOUR.md, "Places"):
/// the places photographed most, most first, each counted only if it holds
/// at least `minorShare` of the placed photos (a stop at the airport does
/// not name a week in Lisbon). One place is its name ("Lisbon"), two are
/// both ("Lisbon & Porto"), more are their country ("Portugal"); a trip
/// across countries is named by its two main countries ("Portugal &
/// Spain"). A trip with no placed photo has no place name (it keeps its dates).
public enum TripPlaces {
    /// A name of one place or of two, joined in the visitor's language by the caller.
    public enum Name: Equatable, Sendable {
        case one(String)
        case two(String, String)
    }

    /// Places under this share of a trip's placed photos do not name it.
    public static let minorShare = 0.1

    /// The name of a trip whose photos, in capture order, are at `places` (nil: no place known).
    public static func name(_ places: [Place?]) -> Name? {
        let placed = places.compactMap { $0 }
        guard !placed.isEmpty else { return nil }
        let countries = ranked(placed.map { Key(code: $0.countryCode, name: $0.country) })
        if countries.count >= 2 { return .two(countries[0].name, countries[1].name) }
        let names = ranked(placed.map { Key(code: $0.countryCode, name: $0.name) })
        switch names.count {
        case 1: return .one(names[0].name)
        case 2: return .two(names[0].name, names[1].name)
        default: return .one(countries[0].name)
        }
    }

    private struct Key: Hashable { var code: String; var name: String }

    /// The distinct keys by how many times they come (first come first
    /// among equals), those under `minorShare` left out unless that would
    /// leave none.
    private static func ranked(_ keys: [Key]) -> [Key] {
        var counts: [Key: Int] = [:], order: [Key] = []
        for key in keys {
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        let sorted = order.enumerated().sorted { a, b in
            let ca = counts[a.element]!, cb = counts[b.element]!
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        let major = sorted.filter { Double(counts[$0]!) >= minorShare * Double(keys.count) }
        return major.isEmpty ? Array(sorted.prefix(1)) : major
    }
}
