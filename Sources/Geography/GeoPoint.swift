import Foundation

/// A point on the Earth in degrees (WGS 84, as GPS and GeoNames give it).
public struct GeoPoint: Equatable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean radius of the Earth, in kilometres.
    public static let earthRadius = 6371.0088

    /// The great-circle distance to `other` in kilometres (haversine: exact
    /// enough for a city's few kilometres, and right across the antimeridian
    /// and at the poles, where longitudes stop meaning distance).
    public func distance(to other: GeoPoint) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (other.longitude - longitude) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }
}
