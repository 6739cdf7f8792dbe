import Foundation

/// What the app model does when asked: open and close the big photo,
/// which photo a trip's tile shows, the window's title, and back to the
/// start for the next visitor.
extension AppModel {
    /// Opens `trip` from its strip slot (a tap on the photo or its row, Enter).
    public func open(_ trip: Int, whole: Bool? = nil) {
        guard screen == .overview, catalog.trips.indices.contains(trip), let position = strip.position(of: trip) else { return }
        if let current = bigPhoto.trip, current != trip, let p = strip.position(of: current) {
            // Another photo is out: it goes back as the new one comes.
            bigPhoto.close(to: strip.drawnFrame(position: p, layout: layout))
        }
        strip.reveal(position: position, layout: layout)
        lastOpenedTrip = catalog.trips[trip].id
        bigPhoto.open(trip, page: tilePhoto(trip: trip), of: catalog.trips[trip].photoPaths.count, from: strip.drawnFrame(position: position, layout: layout), to: layout.bigPhoto,
                      whole: whole ?? (mode == .fullscreen))
        rebuildTree()
    }

    /// Opens the photo at `path` big, inside its trip, so its pages are its
    /// trip's photos (`trips PHOTO`). False when no trip has that photo.
    @discardableResult
    public func openPhoto(atPath path: String) -> Bool {
        guard let trip = catalog.trips.firstIndex(where: { $0.photoPaths.contains(path) }) else { return false }
        tilePaths[catalog.trips[trip].id] = path
        open(trip, whole: true)
        return true
    }

    /// Puts the big photo back into its slot (one tap, Escape, a pull).
    public func close() {
        guard let trip = bigPhoto.trip else { return }
        bigPhoto.close(to: slotFrame(of: trip))
        rebuildTree()
    }

    /// Which of `trip`'s photos its strip tile shows.
    public func tilePhoto(trip: Int) -> Int {
        let t = catalog.trips[trip]
        return tilePaths[t.id].flatMap { t.photoPaths.firstIndex(of: $0) } ?? t.coverIndex
    }

    /// The file of the page the big photo shows of `trip`.
    func shownPhotoPath(of trip: Int) -> String {
        let paths = catalog.trips[trip].photoPaths
        return paths[min(bigPhoto.page, paths.count - 1)]
    }

    /// The deepest zoom of the photo shown big: 4x of its own pixels
    /// (`BigPhoto.zoomCeiling`), in the card it fills when the window has its size.
    public var zoomCeiling: CGFloat {
        guard let trip = bigPhoto.trip else { return BigPhoto.leastZoomCeiling }
        return BigPhoto.zoomCeiling(picture: shownPictureSize(shownPhotoPath(of: trip)), card: layout.bigPhoto.size)
    }

    /// The window's title: "City — photo name" while a photo is out, else the app's name.
    public var windowTitle: String {
        guard let trip = bigPhoto.trip, bigPhoto.phase != .closing else { return strings(.title) }
        return catalog.trips[trip].city + " \u{2014} " + Self.fileName(shownPhotoPath(of: trip))
    }

    /// The number (in the catalog's `allPhotoPaths`) of `trip`'s strip tile.
    public func tilePhotoNumber(trip: Int) -> Int { catalog.photoNumber(trip: trip, photo: tilePhoto(trip: trip)) }

    func slotFrame(of trip: Int) -> CGRect {
        guard let position = strip.position(of: trip) else { return layout.bigPhoto }
        return layout.stripItem(position, offset: strip.offset.target)
    }

    /// Back to the Overview as the next visitor should find it: big photo
    /// closed with its zoom back at 1, strip at its start, playground put
    /// back, no focus, no touch held (a stuck one too). Closing and
    /// scrolling run on their usual springs; the end state follows.
    public func resetToStart() {
        engine.cancelAll()
        if !playground.isAtHome { playground.reset() }
        screen = .overview
        if strip.offset.target != 0 { strip.offset.animate(to: 0, with: Strip.settleAnimation) }
        if bigPhoto.isOut && bigPhoto.phase != .closing {
            if bigPhoto.zoom != 1 { bigPhoto.setZoom(1) }
            close() // to its slot with the strip at 0
        }
        focus = nil
        lastOpenedTrip = nil
        rebuildTree()
    }

    public func show(_ newScreen: Screen) {
        guard newScreen != screen else { return }
        engine.cancelAll()
        screen = newScreen
        focus = nil
        rebuildTree()
    }
}
