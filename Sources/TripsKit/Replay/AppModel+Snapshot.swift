import Foundation
import JSON

/// One accessible element: what a screen reader says and where it is.
public struct AccessibilityElement: Equatable, Sendable {
    /// Which element this is, the same from frame to frame ("title",
    /// "strip:lisbon", "row:lisbon", "big-photo", "button:playground"):
    /// a keyboard focus target's snapshot name where it is one, so a screen
    /// reader's bridge follows an element and knows the focused one.
    public var id: String
    public var label: String
    public var value: String
    public var traits: [String]
    public var frame: CGRect
    /// A number the element stands for, where it has one (the big photo's
    /// zoom): what a reader's Value interface reads. Not in snapshots,
    /// whose `value` says it in words.
    public var range: Range?

    /// The current number, its bounds and the step a key moves it by.
    public struct Range: Equatable, Sendable {
        public var current: Double
        public var minimum: Double
        public var maximum: Double
        public var step: Double

        public init(current: Double, minimum: Double, maximum: Double, step: Double) {
            (self.current, self.minimum, self.maximum, self.step) = (current, minimum, maximum, step)
        }
    }

    public init(id: String, label: String, value: String, traits: [String], frame: CGRect, range: Range? = nil) {
        self.id = id
        self.label = label
        self.value = value
        self.traits = traits
        self.frame = frame
        self.range = range
    }
}

extension AppModel {
    /// The accessibility tree of what is on screen, kept in step with the
    /// scene (the big photo's frame grows with the zoom).
    public var accessibilityElements: [AccessibilityElement] {
        let trips = catalog.trips, say = strings
        switch screen {
        case .attract:
            guard let slide = attract?.current else { return [] }
            return [AccessibilityElement(id: "attract", label: say(.photoOf, trips[slide.trip].city), value: attractCaption(slide), traits: ["image"],
                                         frame: CGRect(origin: .zero, size: size))]
        case .playground:
            let p = playground
            let xs = p.squareCorners.map(\.x), ys = p.squareCorners.map(\.y)
            let d = Playground.circleDiameter
            return [
                AccessibilityElement(id: "playground-title", label: say(.playground), value: "", traits: ["header"], frame: p.titleFrame),
                AccessibilityElement(id: "button:back", label: say(.back), value: "", traits: ["button"], frame: p.backFrame),
                AccessibilityElement(id: "button:reset", label: say(.reset), value: "", traits: ["button"], frame: p.resetFrame),
                AccessibilityElement(id: "square", label: say(.square), value: String(format: "%.0f%%, %.0f°", Double(p.square.scale * 100), Double(p.square.angle * 180 / .pi)),
                                     traits: ["image"], frame: CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)),
                AccessibilityElement(id: "circle", label: say(.circle), value: p.circleActive ? say(.held) : "", traits: ["image"],
                                     frame: CGRect(x: p.circle.x - d / 2, y: p.circle.y - d / 2, width: d, height: d)),
            ]
        case .overview:
            var out = [AccessibilityElement(id: "title", label: say(.title), value: "", traits: ["header"], frame: layout.title)]
            // The big photo is what the screen is about while it is out: read
            // right after the title, and a button, since a tap puts it back.
            if let trip = bigPhoto.trip {
                let f = bigPhoto.drawnFrame, s = max(bigPhoto.drawnScale, 0.01)
                let grown = f.insetBy(dx: -f.width * (s - 1) / 2, dy: -f.height * (s - 1) / 2)
                let page = bigPhoto.pageCount > 1 ? TripWording(strings: say).pageForAccessibility(bigPhoto.page, of: bigPhoto.pageCount) : nil
                let value = [page, bigPhoto.badge(in: say).map { say(.zoomedIn, $0) }].compactMap { $0 }.joined(separator: ", ")
                let zoom = AccessibilityElement.Range(current: Double(bigPhoto.zoom), minimum: Double(BigPhoto.zoomRange.lowerBound),
                                                  maximum: Double(BigPhoto.zoomRange.upperBound), step: Double(Self.zoomStep))
            out.append(AccessibilityElement(id: "big-photo", label: say(.photoOf, trips[trip].city), value: value,
                                            traits: ["button", "image"], frame: grown, range: zoom))
            }
            out.append(AccessibilityElement(id: "button:playground", label: say(.playground), value: "", traits: ["button"], frame: playgroundButtonFrame))
            // The hero is a button named by its trip; what it says of the trip is its value.
            if let trip = heroTrip, let frame = layout.hero {
                out.append(AccessibilityElement(id: "hero", label: trips[trip].city, value: OverviewScene.heroDetail(trips[trip], strings: say) ?? "",
                                                traits: ["button", "image"], frame: frame))
            }
            for position in layout.visibleStripItems(offset: strip.offset.presentationValue) where position < trips.count {
                let trip = strip.order[position]
                guard trip != bigPhoto.trip else { continue }
                out.append(AccessibilityElement(id: "strip:" + trips[trip].id, label: say(.photoOf, trips[trip].city), value: "", traits: ["button", "image"],
                                                frame: strip.drawnFrame(position: position, layout: layout)))
            }
            for (position, trip) in strip.order.enumerated() where layout.listRow(position).minY < layout.list.maxY {
                let value = [trips[trip].nightsText(in: say), trips[trip].detailText(in: say)].compactMap { $0 }.joined(separator: ", ")
                out.append(AccessibilityElement(id: "row:" + trips[trip].id, label: trips[trip].city, value: value, traits: ["button"],
                                                frame: layout.listRow(position)))
            }
            return out
        }
    }

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
            ("pinch", .num(big.pinch)),
            ("drag", .list([.num(big.pull.width), .num(big.pull.height)])),
            ("photo", big.trip.map { trip in .obj([
                ("frame", .rect(big.drawnFrame)), ("scale", .num(big.drawnScale)),
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
        var items: [JSONValue] = []
        for (position, trip) in strip.order.enumerated() {
            items.append(.obj([("id", .string(trips[trip].id)), ("frame", .rect(strip.drawnFrame(position: position, layout: layout))),
                               ("photo", .string(Self.fileName(trips[trip].photoPaths[tilePhoto(trip: trip)])))]))
        }
        members.append(("strip", .obj([("offset", .num(strip.offset.presentationValue)), ("items", .list(items))])))
        members.append(("order", .list(strip.order.map { .string(trips[$0].id) })))
        members.append(("focus", focusName.map { .string($0) } ?? .null))
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
            let pz = attract.currentPanZoom
            members.append(("attract", .obj([
                ("trip", .string(trips[slide.trip].id)),
                ("photo", .string(Self.fileName(trips[slide.trip].photoPaths[slide.photo]))),
                ("caption", .string(attractCaption(slide))),
                ("opacity", .num(attract.opacity)),
                ("zoom", .num(pz.zoom)),
                ("center", .list([.num(pz.center.x), .num(pz.center.y)])),
                ("fading-out", attract.isFading ? attract.previous.map { .string(Self.fileName(trips[$0.slide.trip].photoPaths[$0.slide.photo])) } ?? .null : .null),
            ])))
        }
        members.append(("animating", .bool(isAnimating)))
        return JSONLine.write(.obj(members))
    }
}
