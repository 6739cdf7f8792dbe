import Foundation
import JSON

extension AppModel {
    /// The keyboard focus by its snapshot name, the `id` of the focused
    /// accessibility element.
    public var focusName: String? { focus.map { $0.name(trips: catalog.trips) } }

    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// The snapshot line of `trips --replay` (`state`): the fields docs/BEHAVIOUR.md lists.
    public func snapshot() -> String {
        let trips = catalog.trips
        let big = bigPhoto
        var members: [(String, JSONValue)] = [
            ("t", .number((time * 1000).rounded())),
            ("screen", .string(screen.rawValue)),
            // A photo on its way back into the strip is no longer enlarged.
            ("enlarged", big.trip.flatMap { big.phase == .closing ? nil : JSONValue.string(trips[$0].id) } ?? .null),
            ("zoom", .num(big.zoom)),
            ("whole", .bool(big.whole)),
            ("fullscreen", .bool(fullscreen)), ("shortcuts", .bool(shortcutsShown)), ("properties", .bool(propertiesShown)), ("title", .string(windowTitle)),
            ("toast", toast.map { .string($0.text) } ?? .null),
            // Shift+Delete's confirmation is up: the photo it would delete.
            ("delete", deleteAsked.map { .string(Self.fileName($0)) } ?? .null),
            ("pinch", .num(big.pinch)),
            ("drag", .list([.num(big.pull.width), .num(big.pull.height)])),
            ("photo", big.trip.map { trip in .obj([
                ("frame", .rect(big.drawnFrame)), ("scale", .num(big.drawnScale)), ("ceiling", .num(zoomCeiling)),
                // The picture's point at the frame's centre (unit coordinates).
                ("center", .list([.num(big.drawnCenter.x), .num(big.drawnCenter.y)])),
                // The page of the trip shown, and the trip's photos by file name.
                ("index", .number(Double(big.page))), ("count", .number(Double(big.pageCount))),
                ("slide", .num(big.pageOffset.presentationValue)), ("opacity", .num(big.opacity.presentationValue)),
                ("photos", .list(trips[trip].photoPaths.map { .string(Self.fileName($0)) })),
            ]) } ?? .null),
            ("badge", big.badge.map { .string($0) } ?? .null),
            ("hero", heroTrip.map { .string(trips[$0].id) } ?? .null),
        ]
        // The clip playing in the big photo: paused or not, its sound on or not.
        if playingClip != nil {
            members.append(("clip", .obj([("paused", .bool(clipControls.pausedAt != nil)), ("sound", .bool(clipSoundOn))])))
        }
        var items: [JSONValue] = []
        for (position, trip) in strip.order.enumerated() {
            items.append(.obj([("id", .string(trips[trip].id)), ("frame", .rect(strip.drawnFrame(position: position, layout: layout))),
                               ("photo", .string(Self.fileName(trips[trip].photoPaths[tilePhoto(trip: trip)])))]))
        }
        members.append(("strip", .obj([("offset", .num(strip.offset.presentationValue)), ("items", .list(items))])))
        members.append(("order", .list(strip.order.map { .string(trips[$0].id) })))
        members.append(("focus", focusName.map { .string($0) } ?? .null))
        if burnInOffset != .zero { members.append(("burn-in", .list([.num(burnInOffset.width), .num(burnInOffset.height)]))) }
        members.append(("a11y", .list(accessibilityElements.map { e in
            .obj([("label", .string(e.label)), ("value", .string(e.value)), ("traits", .list(e.traits.map { .string($0) })),
                  ("frame", .rect(e.frame))])
        })))
        if screen == .playground {
            let s = playground.square
            members.append(("playground", .obj([
                ("square", .obj([("center", .list([.num(s.center.x), .num(s.center.y)])), ("scale", .num(s.scale)),
                                 ("angle", .num(s.angle * 180 / .pi))])),
                ("circle", .obj([("center", .list([.num(playground.circle.x), .num(playground.circle.y)])),
                                 ("active", .bool(playground.circleActive))])),
            ])))
        }
        if screen == .attract, let attract, let slide = attract.current {
            let pz = attract.currentPanZoom(window: size)
            members.append(("attract", .obj([
                ("trip", .string(trips[slide.trip].id)),
                ("photo", .string(Self.fileName(trips[slide.trip].photoPaths[slide.photo]))),
                ("caption", .string(attractCaption(slide))),
                ("opacity", .num(attract.opacity)),
                ("zoom", .num(pz.zoom)),
                ("center", .list([.num(pz.center.x), .num(pz.center.y)])),
                ("fading-out", attract.isFading ? attract.previous.map { .string(Self.fileName(trips[$0.slide.trip].photoPaths[$0.slide.photo])) } ?? .null : .null),
            ] + (slide.pair == nil ? [] : [
                ("pair", .list(slide.photos.map { .string(Self.fileName(trips[slide.trip].photoPaths[$0])) })),
            ]))))
        }
        members.append(("animating", .bool(isAnimating)))
        return JSONLine.write(.obj(members))
    }
}
