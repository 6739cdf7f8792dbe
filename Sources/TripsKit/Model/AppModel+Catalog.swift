import Foundation

extension AppModel {
    /// Takes a new list of trips (the watched folder changed): trips are
    /// matched by id, so the strip's order, the open photo and the focus
    /// follow their trips; new trips join at the end; gone ones leave.
    public func updateCatalog(_ new: TripCatalog) {
        let newIndex = Dictionary(new.trips.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let old = catalog.trips
        let map: (Int) -> Int? = { old.indices.contains($0) ? newIndex[old[$0].id] : nil }
        let oldIDs = Set(old.map(\.id))
        let added = new.trips.indices.filter { !oldIDs.contains(new.trips[$0].id) }
        catalog = new
        relayout()
        strip.remap(map, added: added, layout: layout)
        bigPhoto.remap(map)
        switch focus {
        case .stripPhoto(let t)?: focus = map(t).map { .stripPhoto(trip: $0) }
        case .row(let t)?: focus = map(t).map { .row(trip: $0) }
        default: break
        }
        rebuildTree()
    }
}
