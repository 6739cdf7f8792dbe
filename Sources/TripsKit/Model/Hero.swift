import Foundation

/// The Overview's hero: at desktop and kiosk sizes, with no photo open, the
/// big photo's room shows one trip (the one with the focus, else the first
/// in the strip) so the first screen is never a void (docs/BEHAVIOUR.md,
/// "The hero"). A tap, click or Return opens that trip as its strip photo
/// would. At the phone size there is none: the strip is the content.
extension AppModel {
    /// The trip the hero shows, or nil when there is no hero: a narrow
    /// window, another screen, no trips, or a big photo that is open. A
    /// photo on its way in or out is drawn over its own trip's hero, so it
    /// lands on (and leaves) the same picture; otherwise the hero is the
    /// focused trip, else the one opened last, else the strip's first.
    public var heroTrip: Int? {
        guard screen == .overview, let frame = layout.hero, !frame.isEmpty, !catalog.trips.isEmpty else { return nil }
        if let trip = bigPhoto.trip { return bigPhoto.phase == .open ? nil : trip }
        switch focus {
        case .stripPhoto(let trip)?, .row(let trip)?:
            if catalog.trips.indices.contains(trip) { return trip }
        default: break
        }
        if let id = lastOpenedTrip, let trip = catalog.trips.firstIndex(where: { $0.id == id }) { return trip }
        return strip.order.first
    }

    /// Opens the hero's trip from its strip slot, on the big photo's usual spring.
    func openHero() {
        guard let trip = heroTrip else { return }
        open(trip)
        if focus != nil { focus = .bigPhoto }
    }
}
