import CGeonames
import Foundation
import Geography

/// The system's gazetteer: libgeonames' 24,361 cities (GeoNames' cities of
/// more than 15,000 people, compiled into the library) as Geography's
/// `City`s, their names, regions and countries in the process's message
/// language. libgeonames asks gettext (domain "geonames", its catalogues
/// in /usr/share/locale, keyed by GeoNames id) as each name is read, so
/// this runs after `MessageCatalog` has set LANGUAGE, once, on a thread of
/// its own: some tens of milliseconds (`make bench`).
public enum GeonamesCities {
    /// libgeonames' gettext domain.
    public static let domain = "geonames"

    /// Every city of the table, in its order.
    public static func load() -> [City] {
        // In UTF-8 whatever LC_CTYPE is (the app leaves it "C", where
        // gettext would turn "リスボン" into "????").
        bind_textdomain_codeset(domain, "UTF-8")
        let count = Int(geonames_get_n_cities())
        var cities: [City] = []
        cities.reserveCapacity(max(0, count))
        for index in 0..<max(0, count) {
            guard let city = geonames_get_city(Int32(index)) else { continue }
            defer { geonames_city_free(city) }
            cities.append(City(id: id(city), name: text(geonames_city_get_name(city)), region: text(geonames_city_get_state(city)),
                               countryCode: text(geonames_city_get_country_code(city)), country: text(geonames_city_get_country(city)),
                               point: GeoPoint(latitude: geonames_city_get_latitude(city), longitude: geonames_city_get_longitude(city)),
                               population: Int(geonames_city_get_population(city))))
        }
        return cities
    }

    private static func text(_ c: UnsafePointer<CChar>?) -> String { c.map { String(cString: $0) } ?? "" }

    /// The GeoNames id: the city tuple's first child, when it is a string.
    private static func id(_ city: OpaquePointer) -> String {
        guard g_variant_is_container(city) != 0, g_variant_n_children(city) > 0 else { return "" }
        guard let child = g_variant_get_child_value(city, 0) else { return "" }
        defer { g_variant_unref(child) }
        guard g_variant_classify(child) == G_VARIANT_CLASS_STRING else { return "" }
        return text(g_variant_get_string(child, nil))
    }
}
