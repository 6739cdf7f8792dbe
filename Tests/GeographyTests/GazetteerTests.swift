import Foundation
import Gazetteer
import Geography
import XCTest

/// Known coordinates to names through libgeonames' real table: Lisbon's
/// centre, Belém (a district of Lisbon, beside smaller towns), central
/// Tokyo, the open sea, beside the antimeridian, the poles.
final class GazetteerTests: XCTestCase {
    static let index = CityIndex(cities: GeonamesCities.load())

    func name(_ lat: Double, _ lon: Double) -> String? { Self.index.place(at: GeoPoint(latitude: lat, longitude: lon))?.name }

    func testTheTableIsThere() {
        XCTAssertGreaterThan(Self.index.cities.count, 20_000)
        let lisbon = Self.index.cities.first { $0.id == "2267057" }
        XCTAssertEqual(lisbon?.countryCode, "PT")
        XCTAssertGreaterThan(lisbon?.population ?? 0, 400_000)
    }

    func testKnownCoordinates() {
        XCTAssertEqual(name(38.7107, -9.1368), "Lisbon", "Baixa, Lisbon's centre")
        XCTAssertEqual(name(38.6916, -9.2160), "Lisbon", "Belém's tower: Lisbon, not Algés or Oeiras beside it")
        XCTAssertEqual(name(41.1456, -8.6110), "Porto")
        XCTAssertEqual(name(35.6812, 139.7671), "Tokyo", "Tokyo station")
        XCTAssertNil(name(38.0, -20.0), "the Atlantic between the Azores and Lisbon")
        XCTAssertNil(name(0, -140), "the open Pacific")
        XCTAssertNil(name(90, 0), "the North Pole")
        XCTAssertNil(name(-90, 0), "the South Pole")
        // Taveuni, Fiji, lies across the antimeridian; a photo on either side of it names Fiji's places.
        let west = Self.index.place(at: GeoPoint(latitude: -16.8, longitude: 179.99)), east = Self.index.place(at: GeoPoint(latitude: -16.8, longitude: -179.99))
        XCTAssertEqual(west?.countryCode, "FJ")
        XCTAssertEqual(east?.countryCode, "FJ")
    }
}

/// The names in the visitor's language, from libgeonames' catalogues: the
/// process's message language (LANGUAGE, as the app's MessageCatalog sets it).
final class GazetteerLanguageTests: XCTestCase {
    func testNamesInFrenchGermanAndJapanese() throws {
        let before = ProcessInfo.processInfo.environment["LANGUAGE"]
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        defer {
            if let before { setenv("LANGUAGE", before, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, messages ?? "C")
        }
        try XCTSkipIf(setlocale(LC_MESSAGES, "C.UTF-8") == nil, "no C.UTF-8 locale")
        for (language, lisbon, country, tokyo) in [("fr", "Lisbonne", "Portugal", "Tokyo"), ("de", "Lissabon", "Portugal", "Tokio"),
                                                   ("ja", "リスボン", "ポルトガル共和国", "東京都")] {
            setenv("LANGUAGE", language, 1)
            // gettext forgets what it translated only when the locale changes.
            setlocale(LC_MESSAGES, "C")
            setlocale(LC_MESSAGES, "C.UTF-8")
            let cities = GeonamesCities.load()
            let index = CityIndex(cities: cities)
            let place = index.place(at: GeoPoint(latitude: 38.7107, longitude: -9.1368))
            XCTAssertEqual(place?.name, lisbon, language)
            XCTAssertEqual(place?.country, country, language)
            XCTAssertEqual(index.place(at: GeoPoint(latitude: 35.6812, longitude: 139.7671))?.name, tokyo, language)
        }
    }
}
