import Foundation

/// The kiosk's attract loop as the model runs it: begun after the idle
/// reset, ended by the first touch, drawn no more often than its motion needs.
extension AppModel {
    /// Plays every trip's photos, in strip order, full-window, once the
    /// first is decoded; false while it is not (the caller asks again when
    /// the platform's word comes).
    func startAttract() -> Bool {
        guard let attract, screen == .overview, !catalog.trips.isEmpty else { return true }
        switch attract.start(attractSlides, at: time, slideState) {
        case .waiting: return false
        case .failed: return true // no photo can be shown: the Overview stays
        case .ready: break
        }
        engine.cancelAll()
        screen = .attract
        record(.attract)
        rebuildTree()
        return true
    }

    /// A slide's photos as the platform last said (`PhotoReadiness`); every
    /// photo counts as ready while it has said nothing (a replay). A pair
    /// is ready once both are, and passed over when either fails.
    func slideState(_ slide: Attract.Slide) -> Attract.SlideState {
        guard let readiness = photoReadiness else { return .ready }
        let numbers = slide.photos.map { catalog.photoNumber(trip: slide.trip, photo: $0) }
        if numbers.contains(where: readiness.failed.contains) { return .failed }
        return numbers.allSatisfy(readiness.ready.contains) ? .ready : .waiting
    }

    /// The photos (by number) the attract loop waits for: the first slide
    /// while the loop is due, then the one after the current. The platform
    /// decodes them at the window's size and says when they are ready.
    public var photosAwaited: [Int] {
        guard let attract else { return [] }
        let slide: Attract.Slide?
        if screen == .attract { slide = attract.next(slideState) } else if attractDue != nil { slide = attract.first(of: attractSlides, slideState) } else { slide = nil }
        return slide.map { slide in slide.photos.map { catalog.photoNumber(trip: slide.trip, photo: $0) } } ?? []
    }

    /// What the platform says of the photos the loop waits for; true when
    /// it is news (the loop may start or move on at the next `advance`).
    func learn(_ readiness: PhotoReadiness) -> Bool {
        guard readiness != photoReadiness else { return false }
        photoReadiness = readiness
        return true
    }

    /// Every trip's photos, trip by trip in strip order; on a landscape
    /// window two portrait photos taken together share a slide (`PortraitPairs`).
    var attractSlides: [Attract.Slide] {
        let pairing = attract?.settings.pairs == true && size.width > size.height
        return strip.order.flatMap { trip in
            let t = catalog.trips[trip]
            return PortraitPairs.slides(pairing ? t.photoShapes : [], count: t.photoCount).map { pair in
                // A clip alone on its slide plays once (0: its length is not known, the slide has the usual time).
                let shape = pair.second == nil ? t.shape(photo: pair.first) : nil
                let clip = shape?.kind == .clip ? shape?.duration ?? 0 : nil
                return Attract.Slide(trip: trip, photo: pair.first, pair: pair.second, clipSeconds: clip, animated: shape?.kind == .animated, aspect: shape?.aspect)
            }
        }
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
    /// more (docs/PRESENTING.md): a cross-fade 30 steps a second, 15 between
    /// still slides (`--reduce-motion`: each step is a whole window blended,
    /// most of what such a loop costs); the slow pan-and-zoom a new frame
    /// once its picture has moved about a point, 30 a second at most and at
    /// least 4 (it eases to a stop); a still slide none.
    public var minimumFrameInterval: Double? {
        guard screen == .attract, let attract, attract.isRunning else { return nil }
        if attract.isFading { return attract.reduceMotion ? Self.stillFadeFrameInterval : Self.attractFrameInterval }
        let speed = attract.panSpeed(window: size)
        guard speed > 0 else { return nil }
        return min(Self.slowestAttractFrameInterval, max(Self.attractFrameInterval, 1 / speed))
    }
    static let attractFrameInterval = 1.0 / 30
    static let stillFadeFrameInterval = 1.0 / 15
    static let slowestAttractFrameInterval = 1.0 / 4

    /// "Lisbon · 4 nights", what the attract loop says under a photo.
    public func attractCaption(_ slide: Attract.Slide) -> String {
        let trip = catalog.trips[slide.trip]
        return TripWording.caption(city: trip.city, nights: trip.nightsText(in: strings))
    }
}
