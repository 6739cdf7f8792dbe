import Foundation

extension AppModel {
    /// Takes `new` now if no finger is down, else once the last one lifts
    /// (`advance`): no row moves under a finger that is on it. True when it
    /// was taken now; every catalog taken is an event (`tripsChanged`).
    @discardableResult
    public func offerCatalog(_ new: TripCatalog) -> Bool {
        offeredCatalog = new
        return takeOfferedCatalog()
    }

    /// Takes the catalog offered last, if no finger is down.
    func takeOfferedCatalog() -> Bool {
        guard let new = offeredCatalog, engine.pointerCount == 0 else { return false }
        offeredCatalog = nil
        guard new != catalog else { return false }
        updateCatalog(new)
        record(.tripsChanged(new))
        return true
    }

    /// Takes a new list of trips (the watched folder changed, capture dates
    /// arrived): trips are matched by id, so the strip's order, the open
    /// photo and the focus follow their trips; gone ones leave. While the
    /// strip is in the catalog's own order it takes the new catalog's order
    /// (a trip settled by its dates lands in its place); once a person has
    /// moved trips, new ones join at the end.
    public func updateCatalog(_ new: TripCatalog) {
        let newIndex = Dictionary(new.trips.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let old = catalog.trips
        let map: (Int) -> Int? = { old.indices.contains($0) ? newIndex[old[$0].id] : nil }
        let oldIDs = Set(old.map(\.id))
        let added = new.trips.indices.filter { !oldIDs.contains(new.trips[$0].id) }
        let inCatalogOrder = strip.order == Array(old.indices)
        // The photo the big photo shows, to find it again among its trip's new photos.
        let shownPath = bigPhoto.trip.map(shownPhotoPath(of:))
        // What is known of decoded photos follows them to their new numbers.
        let newNumber = Dictionary(new.allPhotoPaths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let oldPaths = catalog.allPhotoPaths
        photoReadiness = photoReadiness?.renumbered { oldPaths.indices.contains($0) ? newNumber[oldPaths[$0]] : nil }
        catalog = new
        relayout()
        strip.remap(map, added: added, layout: layout, reorderedAs: inCatalogOrder ? Array(new.trips.indices) : nil)
        // The big photo follows the photo it shows, to whichever trip now
        // holds it: its trip's id may have changed (loose photos named by
        // dates that settled), or its date moved it to another trip while the
        // old one kept its id (`trips IMG.jpg` opened before the dates were
        // read). Only a photo that went leaves it to its trip's id.
        let holder = shownPath.flatMap { path in new.trips.firstIndex { $0.photoPaths.contains(path) } }
        bigPhoto.remap { holder ?? map($0) }
        if let trip = bigPhoto.trip {
            let paths = new.trips[trip].photoPaths
            bigPhoto.repage(count: paths.count, page: shownPath.flatMap { paths.firstIndex(of: $0) } ?? min(bigPhoto.page, paths.count - 1))
        }
        switch focus {
        case .stripPhoto(let t)?: focus = map(t).map { .stripPhoto(trip: $0) }
        case .row(let t)?: focus = map(t).map { .row(trip: $0) }
        default: break
        }
        // A playing attract loop goes on with the new trips' photos; if its
        // photo is not decoded (or none is left), the Overview shows until one is.
        if screen == .attract, let attract, attract.start(attractSlides, at: time, slideState) != .ready {
            attract.stop()
            screen = .overview
            record(.attractEnd)
            attractDue = time
        }
        rebuildTree()
    }
}
