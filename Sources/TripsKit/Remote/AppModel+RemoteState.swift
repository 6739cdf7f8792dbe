import Foundation
import JSON

/// What a kiosk says of itself on `trips/NAME/state` (retained JSON).
public struct RemoteState: Equatable, Sendable {
    /// "awake" or "asleep".
    public var power: String
    public var screen: String
    /// The trip and photo on screen: the big photo's, or the slideshow's; nil on the Overview.
    public var tripID: String?
    public var trip: String?
    public var photo: String?
    public var trips: Int
    public var photos: Int
    public var slideSeconds: Double?

    /// The JSON published, with what the session adds: the version, the
    /// uptime, the last frame-time p99 and the last error.
    public func json(version: String, uptime: Double, frameP99Milliseconds: Double?, lastError: String?, settings: FleetSettings) -> String {
        JSONLine.write(.obj([
            ("power", .string(power)), ("screen", .string(screen)),
            ("trip_id", tripID.map { .string($0) } ?? .null), ("trip", trip.map { .string($0) } ?? .null),
            ("photo", photo.map { .string($0) } ?? .null),
            ("trips", .number(Double(trips))), ("photos", .number(Double(photos))),
            ("slide_seconds", slideSeconds.map { .number($0) } ?? .null),
            ("version", .string(version)), ("uptime", .number(uptime.rounded())),
            ("frame_p99_ms", frameP99Milliseconds.map { .number($0) } ?? .null),
            ("last_error", lastError.map { .string($0) } ?? .null),
            ("awake_hours", settings.awakeHours.map { .string($0) } ?? .null),
        ]))
    }
}

extension AppModel {
    /// The model's part of the state a kiosk publishes.
    public var remoteState: RemoteState {
        let trips = catalog.trips
        var shown: (trip: Int, photo: Int)?
        if screen == .attract, let slide = attract?.current {
            shown = (slide.trip, slide.photo)
        } else if let trip = bigPhoto.trip, bigPhoto.phase != .closing {
            shown = (trip, min(bigPhoto.page, trips[trip].photoPaths.count - 1))
        }
        return RemoteState(power: isAsleep ? "asleep" : "awake", screen: screen.rawValue,
                           tripID: shown.map { trips[$0.trip].id }, trip: shown.map { trips[$0.trip].city },
                           photo: shown.map { Self.fileName(trips[$0.trip].photoPaths[$0.photo]) },
                           trips: trips.count, photos: trips.reduce(0) { $0 + $1.photoCount },
                           slideSeconds: attract?.settings.slideSeconds)
    }
}
