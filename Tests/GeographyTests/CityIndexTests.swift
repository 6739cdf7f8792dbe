import Geography
import XCTest

/// The rule that names a photo's place, on a small made-up gazetteer whose
/// distances are known: the weighting by population, the region and country
/// fallbacks, the antimeridian and the poles.
final class CityIndexTests: XCTestCase {
    func city(_ name: String, _ lat: Double, _ lon: Double, population: Int, region: String = "Region", country: String = "PT") -> City {
        City(id: name, name: name, region: region, countryCode: country, country: "Country " + country,
             point: GeoPoint(latitude: lat, longitude: lon), population: population)
    }

    func testDistanceIsTheGreatCircle() {
        let lisbon = GeoPoint(latitude: 38.7167, longitude: -9.1333), porto = GeoPoint(latitude: 41.1496, longitude: -8.6110)
        XCTAssertEqual(lisbon.distance(to: porto), 274, accuracy: 2)
        // One degree of longitude across the antimeridian is as short as anywhere on the equator.
        XCTAssertEqual(GeoPoint(latitude: 0, longitude: 179.5).distance(to: GeoPoint(latitude: 0, longitude: -179.5)), 111.2, accuracy: 0.2)
        XCTAssertEqual(GeoPoint(latitude: 90, longitude: 0).distance(to: GeoPoint(latitude: 90, longitude: 120)), 0, accuracy: 1e-9)
    }

    func testASuburbNamesItsCityNotTheTownBesideIt() {
        // A city of 500,000 and a town of 20,000 whose centre is 3 km away.
        let index = CityIndex(cities: [city("Big", 38.70, -9.10, population: 500_000), city("Town", 38.70, -9.1345, population: 20_000)])
        // 2 km from the town's centre, 5 km from the city's: the city (5 / 10.6 beats 2 / 2.1).
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 38.70, longitude: -9.1575))?.name, "Big")
        // In the town's own centre: the town.
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 38.70, longitude: -9.1350))?.name, "Town")
        // Equal weights: the nearer one.
        let twins = CityIndex(cities: [city("West", 10, 10, population: 50_000), city("East", 10, 10.1, population: 50_000)])
        XCTAssertEqual(twins.place(at: GeoPoint(latitude: 10, longitude: 10.03))?.name, "West")
        XCTAssertEqual(twins.place(at: GeoPoint(latitude: 10, longitude: 10.07))?.name, "East")
    }

    func testReachGrowsWithPopulationAndIsBounded() {
        XCTAssertEqual(CityIndex.reach(population: 10_000), 1.5, accuracy: 1e-9)
        XCTAssertEqual(CityIndex.reach(population: 40_000), 3, accuracy: 1e-9)
        XCTAssertEqual(CityIndex.reach(population: 50_000_000), 35)
        XCTAssertEqual(CityIndex.reach(population: 0), 1)
        XCTAssertEqual(CityIndex.reach(population: -5), 1)
    }

    func testBeyondTheCitiesTheRegionThenTheCountryThenNothing() {
        let index = CityIndex(cities: [city("Town", 40, 0, population: 40_000, region: "Hills")]) // reach 3 km, names to 7.5 km
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 40.05, longitude: 0)), Place(kind: .city, name: "Town", countryCode: "PT", country: "Country PT"))
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 40.3, longitude: 0))?.kind, .region) // 33 km
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 40.3, longitude: 0))?.name, "Hills")
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 41, longitude: 0)), Place(kind: .country, name: "Country PT", countryCode: "PT", country: "Country PT")) // 111 km
        XCTAssertNil(index.place(at: GeoPoint(latitude: 42, longitude: 0))) // 222 km: the open sea
        XCTAssertNil(index.place(at: GeoPoint(latitude: .nan, longitude: 0)))
        XCTAssertNil(index.place(at: GeoPoint(latitude: 91, longitude: 0)))
    }

    func testAcrossTheAntimeridianAndAtThePoles() {
        let index = CityIndex(cities: [city("Dateline", -16.5, 179.95, population: 100_000, country: "FJ"),
                                       city("Polar", 89.7, 40, population: 20_000, region: "Ice", country: "NO")])
        // 0.1° west of the antimeridian from a city 0.05° east of it: 10.7 km (reach 4.7 km, names to 11.9).
        XCTAssertEqual(index.place(at: GeoPoint(latitude: -16.5, longitude: -179.95))?.name, "Dateline")
        XCTAssertEqual(index.place(at: GeoPoint(latitude: -16.5, longitude: 180))?.name, "Dateline")
        // At the pole every longitude is near: the city 33 km away gives its region, whatever the longitude.
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 90, longitude: -140))?.name, "Ice")
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 90, longitude: 40))?.name, "Ice")
        XCTAssertEqual(index.place(at: GeoPoint(latitude: 89.0, longitude: -140))?.kind, .country) // 145 km over the pole
        XCTAssertNil(index.place(at: GeoPoint(latitude: -90, longitude: 0)))
    }

    func testTheIndexFindsWhatAFullSearchFinds() {
        // Seeded cities all over the globe: the grid gives the same cities as measuring every one.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        let cities = (0..<3000).map { city("c\($0)", unit() * 180 - 90, unit() * 360 - 180, population: 15_000 + Int(unit() * 1_000_000)) }
        let index = CityIndex(cities: cities)
        for _ in 0..<300 {
            let p = GeoPoint(latitude: unit() * 180 - 90, longitude: unit() * 360 - 180)
            let found = Set(index.cities(near: p, within: 400).map(\.city))
            let all = Set(cities.indices.filter { p.distance(to: cities[$0].point) <= 400 })
            XCTAssertEqual(found, all, "\(p)")
        }
    }
}
