import Foundation

/// The kiosk's attract loop as the model runs it: begun after the idle
/// reset, ended by the first touch, drawn no more often than its motion needs.
extension AppModel {
    /// Plays every trip's photos, in strip order, full-window.
    func startAttract() {
        guard let attract, screen == .overview, !catalog.trips.isEmpty else { return }
        engine.cancelAll()
        screen = .attract
        attract.start(attractSlides, at: time)
        record(.attract)
        rebuildTree()
    }

    /// Every trip's photos, trip by trip in strip order.
    var attractSlides: [Attract.Slide] {
        strip.order.flatMap { trip in (0..<catalog.trips[trip].photoCount).map { Attract.Slide(trip: trip, photo: $0) } }
    }

    /// Back to the Overview, as the reset left it.
    func endAttract() {
        guard screen == .attract else { return }
        attract?.stop()
        screen = .overview
        record(.attractEnd)
        rebuildTree()
    }

    /// How far apart the attract loop's frames may be, in seconds; nil: as
    /// often as the display. An idle kiosk draws what its motion needs, no
    /// more (docs/PRESENTING.md): a cross-fade 30 steps a second; the slow
    /// pan-and-zoom a new frame once its picture has moved about a point,
    /// 30 a second at most and at least 4 (it eases to a stop); a still slide none.
    public var minimumFrameInterval: Double? {
        guard screen == .attract, let attract, attract.isRunning else { return nil }
        if attract.isFading { return Self.attractFrameInterval }
        let speed = attract.panSpeed(window: size)
        guard speed > 0 else { return nil }
        return min(Self.slowestAttractFrameInterval, max(Self.attractFrameInterval, 1 / speed))
    }
    static let attractFrameInterval = 1.0 / 30
    static let slowestAttractFrameInterval = 1.0 / 4

    /// "Lisbon · 4 nights", what the attract loop says under a photo.
    public func attractCaption(_ slide: Attract.Slide) -> String {
        let trip = catalog.trips[slide.trip]
        return TripWording.caption(city: trip.city, nights: trip.nightsText(in: strings))
    }
}
