import Foundation

extension AppModel {
    /// The screen as it is now, walked once: what the frame draws, what
    /// touches hit and what a screen reader reads all come from it.
    /// `imageSize` gives a decoded photo's pixel size by number, for the
    /// crops (nil: drawn with its frame's own aspect).
    func layoutWalk(imageSize: @escaping (Int) -> CGSize? = { _ in nil }) -> LayoutWalk {
        let trips = catalog.trips
        if isAsleep {
            // Black, nothing to touch: a screen reader hears that it sleeps.
            let screen = LayoutElement(id: .asleep, frame: CGRect(origin: .zero, size: size),
                                       accessible: .init(label: strings(.asleep), traits: ["header"], place: .header))
            return LayoutWalk(background: RGBA(0, 0, 0), elements: [screen], trips: trips)
        }
        switch screen {
        case .overview:
            let elements = OverviewWalk(model: self, imageSize: imageSize).make().map { $0.shifted(by: burnInOffset) }
            return LayoutWalk(background: theme.background, elements: elements, trips: trips)
        case .playground:
            return LayoutWalk(background: theme.background, elements: PlaygroundWalk(model: self).make(), trips: trips)
        case .attract:
            if let attract {
                return LayoutWalk(background: RGBA(0, 0, 0), elements: AttractWalk(model: self, attract: attract, imageSize: imageSize).make(), trips: trips)
            }
            // No loop to show: the Overview is drawn, with nothing to touch or read.
            let drawnOnly = OverviewWalk(model: self, imageSize: imageSize).make().map { LayoutElement(id: $0.id, frame: $0.frame, drawing: LayoutWalk(background: theme.background, elements: [$0], trips: trips).drawing) }
            return LayoutWalk(background: theme.background, elements: drawnOnly, trips: trips)
        }
    }

    /// What to draw now. `imageSizes` are the pixel sizes of the photos
    /// decoded so far, by number (a photo not in it is drawn with its
    /// frame's own aspect). The scene also says what to decode photos for:
    /// strip thumbnails at `thumbnailSize`, anything larger at `photoSize`.
    public func scene(imageSizes: [Int: CGSize] = [:]) -> Scene {
        let walk = layoutWalk(imageSize: { imageSizes[$0] })
        var scene = Scene(background: walk.background, commands: walk.drawing)
        scene.size = size
        scene.thumbnailSize = layout.photoSize
        // The Overview shows no photo larger than its big photo's room (a
        // picture decoded for the window was scaled down every frame: on
        // the software renderer, a third of the frame); the attract loop's
        // fill the window.
        let room = layout.bigPhoto.size
        scene.photoSize = screen == .overview && room.width >= 1 && room.height >= 1 ? room : size
        // The attract loop's own frames ask for its next photo at the window's size as they draw.
        if screen == .overview { scene.decodeAhead = photosAwaited }
        // A paused clip is held at its position. The attract loop's clip
        // plays once; its animation as often as its file asks, for the slide's time.
        let paused = clipControls.pausedAt
        scene.moving = moving.map { m in
            Scene.MovingPhoto(photo: m.photo, since: m.since, now: paused.map { m.since + $0 } ?? time, live: m.live,
                              once: screen == .attract && !attractShowsAnimation(m.photo), paused: paused != nil)
        }
        scene.moving?.sound = clipSoundOn
        return scene
    }

    /// The accessibility tree of what is on screen, from the same walk as
    /// the scene (the big photo's frame grows with the zoom).
    public var accessibilityElements: [AccessibilityElement] { layoutWalk().accessibilityElements }

    /// Whether photo `number` is an animation on one of the attract loop's slides now.
    private func attractShowsAnimation(_ number: Int) -> Bool {
        guard let attract else { return false }
        return [attract.current, attract.previous?.slide].contains { slide in
            slide.map { $0.animated && catalog.photoNumber(trip: $0.trip, photo: $0.photo) == number } ?? false
        }
    }
}
