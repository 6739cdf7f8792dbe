import Geography
import XCTest

/// A trip's name from its photos' places: one city, two, more, two countries.
final class TripPlacesTests: XCTestCase {
    func city(_ name: String, _ country: String = "Portugal") -> Place {
        Place(kind: .city, name: name, countryCode: String(country.prefix(2)).uppercased(), country: country)
    }

    func testOneTwoAndMoreCities() {
        XCTAssertEqual(TripPlaces.name([city("Lisbon"), city("Lisbon"), nil]), .one("Lisbon"))
        // The most photographed first, whatever came first.
        XCTAssertEqual(TripPlaces.name([city("Lisbon"), city("Porto"), city("Porto")]), .two("Porto", "Lisbon"))
        // Equal counts: the first photographed first.
        XCTAssertEqual(TripPlaces.name([city("Lisbon"), city("Porto")]), .two("Lisbon", "Porto"))
        XCTAssertEqual(TripPlaces.name([city("Lisbon"), city("Porto"), city("Faro")]), .one("Portugal"))
    }

    func testTwoCountriesAreNamedByTheTwoMainOnes() {
        let trip = [city("Lisbon"), city("Porto"), city("Madrid", "Spain"), city("Madrid", "Spain"), city("Seville", "Spain"),
                    city("Paris", "France"), city("Paris", "France")]
        XCTAssertEqual(TripPlaces.name(trip), .two("Spain", "Portugal"))
        XCTAssertEqual(TripPlaces.name([city("Lisbon"), city("Vigo", "Spain")]), .two("Portugal", "Spain"))
    }

    func testAStrayPhotoDoesNotNameTheTrip() {
        let week = Array(repeating: city("Lisbon"), count: 19) + [city("Amadora")]
        XCTAssertEqual(TripPlaces.name(week), .one("Lisbon"))
        XCTAssertEqual(TripPlaces.name(Array(repeating: city("Lisbon"), count: 19) + [city("Vigo", "Spain")]), .one("Lisbon"))
        XCTAssertEqual(TripPlaces.name(Array(repeating: city("Lisbon"), count: 8) + [city("Amadora"), city("Amadora")]), .two("Lisbon", "Amadora"))
    }

    func testRegionsCountLikeCitiesAndNoPlaceKeepsTheDates() {
        let region = Place(kind: .region, name: "Algarve", countryCode: "PO", country: "Portugal")
        XCTAssertEqual(TripPlaces.name([region, city("Faro")]), .two("Algarve", "Faro"))
        XCTAssertNil(TripPlaces.name([nil, nil]))
        XCTAssertNil(TripPlaces.name([]))
    }
}
