import Foundation
import Gazetteer
import Geography
import TripsKit

// Places: reading libgeonames' 24,361 cities (in the process's language),
// building the grid index over them, and a photo's place looked up in it,
// with the floor beside it (every city measured, no index), and a
// 10,000-photo camera roll's trips named. Medians of several runs side by
// side in this process, thread CPU and wall time (the machines are shared).

func runPlacesBenchmark() {
    let runs = 5
    var steps: [String: (cpu: [Double], wall: [Double])] = [:]
    func time<T>(_ step: String, _ body: () -> T) -> T {
        let wall = ContinuousClock.now, cpu = threadCPUSeconds()
        let result = body()
        steps[step, default: ([], [])].cpu.append(threadCPUSeconds() - cpu)
        steps[step, default: ([], [])].wall.append(seconds(ContinuousClock.now - wall))
        return result
    }
    // Seeded points where photos are taken: 90% within 10 km of a city, 10% anywhere.
    var state: UInt64 = 0x5EED_CAFE
    func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(UInt64(1) << 53)
    }
    var index = CityIndex(cities: [])
    for _ in 0..<runs {
        let cities = time("read libgeonames' cities") { GeonamesCities.load() }
        index = time("build the index") { CityIndex(cities: cities) }
    }
    let points: [GeoPoint] = (0..<10_000).map { _ in
        guard unit() < 0.9 else { return GeoPoint(latitude: unit() * 180 - 90, longitude: unit() * 360 - 180) }
        let city = index.cities[Int(unit() * Double(index.cities.count - 1))].point
        return GeoPoint(latitude: max(-90, min(90, city.latitude + (unit() - 0.5) * 0.18)), longitude: city.longitude + (unit() - 0.5) * 0.18)
    }
    // A camera roll: 50 trips of 200 photos, each within 2 km of its city.
    let roll: [[GeoPoint?]] = (0..<50).map { _ in
        let city = index.cities[Int(unit() * Double(index.cities.count - 1))].point
        return (0..<200).map { _ in GeoPoint(latitude: city.latitude + (unit() - 0.5) * 0.036, longitude: city.longitude + (unit() - 0.5) * 0.036) }
    }
    let naming = PlaceNaming(index: index, strings: .english)
    var named = 0
    for _ in 0..<runs {
        time("place of 10,000 photos") { for p in points { if index.place(at: p) != nil { named += 1 } } }
        time("floor: 200 photos, no index") {
            for p in points.prefix(200) { _ = index.cities.min { p.distance(to: $0.point) < p.distance(to: $1.point) } }
        }
        time("name a 10,000-photo roll") { for trip in roll { if naming.name(trip) != nil { named += 1 } } }
    }
    print("places: \(index.cities.count) cities; medians of \(runs) runs, ms (thread CPU / wall); \(named) named")
    func row(_ label: String, _ s: (cpu: [Double], wall: [Double]), per: Double = 1, unit: String = "ms") {
        print("  " + label.padding(toLength: 36, withPad: " ", startingAt: 0)
              + String(format: "%9.3f / %9.3f %@", median(s.cpu) * 1000 / per, median(s.wall) * 1000 / per, unit))
    }
    for step in ["read libgeonames' cities", "build the index"] { if let s = steps[step] { row(step, s) } }
    if let s = steps["place of 10,000 photos"] { row("lookup, a photo", s, per: 10_000 / 1000, unit: "µs") }
    if let s = steps["floor: 200 photos, no index"] { row("floor: a photo, every city measured", s, per: 200 / 1000, unit: "µs") }
    if let s = steps["name a 10,000-photo roll"] { row("naming a roll's trips, a photo", s, per: 10_000 / 1000, unit: "µs") }
}
