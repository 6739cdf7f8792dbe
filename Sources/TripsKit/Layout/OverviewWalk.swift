import Foundation
import Gestures

/// The Overview, walked once from the model as it is drawn now: the title,
/// the Playground button, the hero (or the hint), the strip (the open
/// photo's slot left empty, a lifted photo larger and on top), the trip
/// list, the big photo with its city and zoom badge, and the keyboard focus
/// ring; each element with its drawing, its touch and what a screen reader says.
struct OverviewWalk {
    let model: AppModel
    let imageSize: (Int) -> CGSize?

    func make() -> [LayoutElement] {
        let model = self.model, layout = model.layout, theme = model.theme, trips = model.catalog.trips, strings = model.strings
        let say = strings
        var out: [LayoutElement] = []
        // Under everything: a double-click of the mouse on empty space toggles fullscreen.
        out.append(LayoutElement(id: .background, frame: CGRect(origin: .zero, size: model.size),
                                 touch: .init { [unowned model] id, frame in
                                     GestureNode(id, frame: frame).contentShape(.rectangle).onTapGesture(count: 2) {
                                         if model.lastInputWasMouse { model.setFullscreen(!model.fullscreen) }
                                     }
                                 }))
        var title: [Scene.Command] = []
        title.append(.text(strings(.title), origin: layout.title.origin, width: layout.title.width - 140,
                           size: theme.titleSize, weight: .bold, color: theme.title, alignment: .leading))
        out.append(LayoutElement(id: .title, frame: layout.title, drawing: title,
                                 accessible: .init(label: say(.title), traits: ["header"], place: .header)))
        if model.offersPlayground {
            out.append(.pillButton("playground", title: say(.playground), frame: model.playgroundButtonFrame, theme: theme) { [unowned model] in
                model.show(.playground)
            })
        }
        let big = model.bigPhoto
        if let hero = model.heroTrip, let frame = layout.hero {
            var c: [Scene.Command] = []
            heroCommands(&c, trip: hero, frame: frame)
            // The hero is a button named by its trip; what it says of the trip is its value.
            out.append(LayoutElement(id: .hero, frame: frame, drawing: c,
                                     touch: .init { [unowned model] id, frame in
                                         .button(id, frame: frame, shape: .roundedRectangle(cornerRadius: OverviewLayout.bigCornerRadius)) { model.openHero() }
                                     },
                                     accessible: .init(label: trips[hero].city, value: Self.heroDetail(trips[hero], strings: say) ?? "",
                                                       traits: ["button", "image"])))
        } else if !big.isOut {
            let hint = layout.bigPhoto
            out.append(LayoutElement(id: .hint, frame: hint, drawing: [
                .text(strings(model.lastInputWasMouse ? .clickToOpen : .tapToOpen), origin: CGPoint(x: hint.minX, y: hint.midY - 10), width: hint.width,
                      size: theme.secondarySize, weight: .regular, color: theme.secondaryText, alignment: .center),
            ]))
        }
        out.append(stripElement())
        let hero = model.heroTrip
        for (position, trip) in model.strip.order.enumerated() {
            let row = layout.listRow(position)
            guard row.minY < layout.list.maxY else { break }
            out.append(rowElement(trip, position: position, frame: row, hero: hero))
        }
        if let trip = big.trip {
            let photo = bigPhotoElement(trip: trip)
            out.append(photo)
            if model.clipControlsShown { out += ClipControlsWalk(model: model, strings: strings).elements(over: photo.frame) }
            if let badge = MotionBadgeButtonWalk(model: model, strings: strings).element(over: photo.frame) { out.append(badge) }
        }
        out += pageButtonElements()
        let rows = model.propertiesRows
        if !rows.isEmpty {
            // The panel takes the list's place (and the strip's, below the
            // photo in a narrow window): what it covers is neither drawn nor read.
            out.removeAll { if case .row = $0.id { return true }; return !layout.listBeside && $0.id == .strip }
            out.append(propertiesElement(rows))
        }
        if let ring = model.focusFrame, model.deleteAsked == nil {
            var c: [Scene.Command] = []
            c.appendFocusRing(ring, color: theme.focus)
            out.append(LayoutElement(id: .focusRing, frame: ring, drawing: c))
        }
        if let toast = model.toast { out.append(toastElement(toast)) }
        if model.shortcutsShown || model.deleteAsked != nil {
            // A dialog: while it is shown a screen reader reads only it.
            out = out.map { var e = $0; e.accessible = nil; e.children = e.children.map { var c = $0; c.accessible = nil; return c }; return e }
            if model.shortcutsShown { out += shortcutsElements() }
            if let path = model.deleteAsked { out += deleteDialogElements(path) }
        }
        return out
    }

    /// A trip's row in the list: its city, nights and dates (the hero's
    /// trip marked); a tap opens it.
    private func rowElement(_ trip: Int, position: Int, frame row: CGRect, hero: Int?) -> LayoutElement {
        let model = self.model, theme = model.theme, trips = model.catalog.trips, strings = model.strings
        var c: [Scene.Command] = []
        // The hero's trip is marked in the list, so the two read as one.
        if trip == hero { c.append(.fill(row.insetBy(dx: 0, dy: 2), color: theme.separator, cornerRadius: 8)) }
        let detail = trips[trip].detailText(in: strings)
        // With a second line (month, photos) the city moves up to make room.
        let textTop = row.midY - CGFloat(theme.rowTextSize) * (detail == nil ? 0.65 : 1.05)
        // A city that reads right to left starts at the row's right
        // edge, and its nights move to the left.
        let rightToLeft = TextDirection.of(trips[trip].city) == .rightToLeft
        let cityWidth = row.width * 0.6
        c.append(.text(trips[trip].city, origin: CGPoint(x: rightToLeft ? row.maxX - 4 - cityWidth : row.minX + 4, y: textTop),
                       width: cityWidth, size: theme.rowTextSize, weight: .regular, color: theme.primaryText,
                       alignment: rightToLeft ? .trailing : .leading))
        if let detail {
            c.append(.text(detail, origin: CGPoint(x: row.minX + 4, y: textTop + CGFloat(theme.rowTextSize) * 1.2), width: row.width - 8,
                           size: theme.secondarySize, weight: .regular, color: theme.secondaryText,
                           alignment: rightToLeft ? .trailing : .leading))
        }
        let nights = trips[trip].nightsText(in: strings)
        if let nights {
            // Beside the city, never over it: a long translation is cut.
            let nightsWidth = row.width - cityWidth - 12
            c.append(.text(nights, origin: CGPoint(x: rightToLeft ? row.minX + 4 : row.maxX - 4 - nightsWidth, y: textTop + 1), width: nightsWidth,
                           size: theme.secondarySize, weight: .regular, color: theme.secondaryText,
                           alignment: rightToLeft ? .leading : .trailing))
        }
        if position + 1 < trips.count {
            c.append(.fill(CGRect(x: row.minX, y: row.maxY - 0.5, width: row.width, height: 1), color: theme.separator, cornerRadius: 0))
        }
        let value = [nights, detail].compactMap { $0 }.joined(separator: ", ")
        return LayoutElement(id: .row(trip: trip), frame: row, drawing: c,
                             touch: .init { [unowned model] id, frame in
                                 GestureNode(id, frame: frame).contentShape(.rectangle).onTapGesture { model.open(trip) }
                             },
                             accessible: .init(label: trips[trip].city, value: value, traits: ["button"]))
    }

    /// The strip's scroll area and its photos: those drawn (at the drawn
    /// offset, and a lifted one wherever it is), those read (drawn in
    /// their slots) and those touched (at the offset the touch will move).
    private func stripElement() -> LayoutElement {
        let model = self.model, layout = model.layout, theme = model.theme, trips = model.catalog.trips
        let strip = model.strip, big = model.bigPhoto
        let drawn = Set(layout.visibleStripItems(offset: strip.offset.presentationValue))
        let touched = Set(layout.visibleStripItems(offset: strip.offset.currentValue))
        var element = LayoutElement(id: .strip, frame: layout.strip,
                                    touch: .init { [unowned strip] id, frame in strip.scrollNode(id: id, frame: frame, layout: layout) })
        element.clipsChildren = true
        for position in drawn.union(touched).union(liftedRange).sorted() where position < trips.count {
            let trip = strip.order[position]
            if trip == big.trip { continue } // its slot stays empty while it is out
            let slot = strip.drawnFrame(position: position, layout: layout)
            var photo = LayoutElement(id: .stripPhoto(trip: trip), frame: slot)
            let isLifted = strip.lifted?.trip == trip
            if drawn.contains(position) || isLifted {
                var frame = slot
                if isLifted {
                    let grow: CGFloat = strip.liftScale.presentationValue - 1
                    let dx: CGFloat = -frame.width * grow / 2, dy: CGFloat = -frame.height * grow / 2
                    frame = frame.insetBy(dx: dx, dy: dy)
                    // Lifted: a soft shadow under it, drawn above the strip.
                    photo.drawing.append(.fill(frame.offsetBy(dx: 0, dy: 8).insetBy(dx: -4, dy: -4), color: RGBA(0, 0, 0, 110), cornerRadius: 16))
                    photo.raised = true
                }
                let number = model.tilePhotoNumber(trip: trip)
                let source = PhotoGeometry.aspectFillSource(imageSize: imageSize(number) ?? frame.size, frameSize: frame.size)
                photo.drawing.append(.photo(photo: number, frame: frame, source: source, cornerRadius: OverviewLayout.stripCornerRadius,
                                            placeholder: Scene.Placeholder(label: trips[trip].city, theme: theme)))
                photo.drawing += MotionBadge.drawing(trips[trip].shape(photo: model.tilePhoto(trip: trip)), in: frame, strings: model.strings)
            }
            if drawn.contains(position) {
                photo.accessible = .init(label: Self.photoLabel(trips[trip], photo: model.tilePhoto(trip: trip), strings: model.strings),
                                         traits: ["button", "image"])
            }
            if touched.contains(position) {
                photo.touch = .init { [unowned model, unowned strip] id, frame in
                    strip.photoNode(trip: trip, id: id, frame: frame, layout: layout) { model.open($0) }
                }
            }
            element.children.append(photo)
        }
        return element
    }

    /// The big photo (and, while it slides, the pages beside it), its
    /// city and page on a band, its zoom badge; read right after the title
    /// as what the screen is about, and a button, since a tap puts it back.
    private func bigPhotoElement(trip: Int) -> LayoutElement {
        let model = self.model, layout = model.layout, theme = model.theme, trips = model.catalog.trips, strings = model.strings
        let big = model.bigPhoto, say = strings
        var c: [Scene.Command] = []
        let frame = big.drawnFrame
        let scale = big.drawnScale
        let slide = big.pageOffset.presentationValue
        let whole = big.wholeShown.presentationValue
        /// Where the picture of photo `n` goes in `f` and which part of it
        /// shows, on its way between the filled card (0) and the whole photo (1).
        func view(_ n: Int, in f: CGRect, scale: CGFloat, center: CGPoint) -> (frame: CGRect, source: CGRect) {
            let image = imageSize(n) ?? f.size
            let crop = PhotoGeometry.aspectFillSource(imageSize: image, frameSize: f.size)
            let fill = PhotoGeometry.fillZoom(imageSize: image, frameSize: f.size)
            // The centre is counted in the filled card's crop there, in the whole picture here.
            let inPicture = CGPoint(x: crop.minX + center.x * crop.width, y: crop.minY + center.y * crop.height)
            return PhotoGeometry.fittedView(imageSize: image, frame: f, zoom: scale * (fill * (1 - whole) + whole),
                                            center: CGPoint(x: inPicture.x * (1 - whole) + center.x * whole,
                                                            y: inPicture.y * (1 - whole) + center.y * whole))
        }
        if slide != 0 {
            // Sliding: the pages beside come in from the edges of the big photo's room.
            c.append(.clip(layout.bigPhoto.union(frame)))
            for step in [-1, 1] where big.page + step >= 0 && big.page + step < big.pageCount {
                let f = frame.offsetBy(dx: slide + CGFloat(step) * big.pages.pitch(width: big.frame.currentValue.width), dy: 0)
                guard f.intersects(layout.bigPhoto) else { continue }
                let n = model.catalog.photoNumber(trip: trip, photo: big.page + step)
                let v = view(n, in: f, scale: 1, center: CGPoint(x: 0.5, y: 0.5))
                c.append(.photo(photo: n, frame: v.frame, source: v.source,
                                cornerRadius: OverviewLayout.bigCornerRadius, placeholder: pagePlaceholder(trip: trip, page: big.page + step)))
            }
        }
        let number = model.catalog.photoNumber(trip: trip, photo: big.page)
        let image = imageSize(number) ?? frame.size
        let shown = frame.offsetBy(dx: slide, dy: 0)
        // What the caption sits on: the frame, or the whole picture in it
        // (at least wide enough for a city).
        var under = frame
        if whole > 0 {
            // The whole photo (or on its way), letterboxed on the background.
            let v = view(number, in: shown, scale: scale, center: big.drawnCenter)
            let width = min(frame.width, max(v.frame.width, 320))
            under = CGRect(x: min(max(frame.minX, v.frame.midX - slide - width / 2), frame.maxX - width), y: max(frame.minY, v.frame.minY),
                           width: width, height: min(frame.maxY, v.frame.maxY) - max(frame.minY, v.frame.minY))
            c.append(.photo(photo: number, frame: v.frame, source: v.source, cornerRadius: OverviewLayout.bigCornerRadius * min(1, scale),
                            placeholder: pagePlaceholder(trip: trip, page: big.page), opacity: Double(big.opacity.presentationValue)))
        } else if scale >= 1 {
            let source = PhotoGeometry.zoomedSource(imageSize: image, frameSize: frame.size, zoom: scale, center: big.drawnCenter)
            c.append(.photo(photo: number, frame: shown, source: source, cornerRadius: OverviewLayout.bigCornerRadius, placeholder: pagePlaceholder(trip: trip, page: big.page),
                            opacity: Double(big.opacity.presentationValue)))
        } else {
            // Pinched below 1: the picture shrinks inside its frame.
            let shrunk = shown.insetBy(dx: frame.width * (1 - scale) / 2, dy: frame.height * (1 - scale) / 2)
            let source = PhotoGeometry.aspectFillSource(imageSize: image, frameSize: frame.size)
            c.append(.photo(photo: number, frame: shrunk, source: source, cornerRadius: OverviewLayout.bigCornerRadius * scale,
                            placeholder: pagePlaceholder(trip: trip, page: big.page), opacity: Double(big.opacity.presentationValue)))
        }
        if slide != 0 { c.append(.clip(nil)) }
        // (A photo fading out in place, with reduced motion, loses its band at once.)
        if (big.phase != .closing || frame.height > layout.photoSize.height * 1.2) && !(big.reduceMotion && big.phase == .closing) {
            // The city at the bottom-left, on a dark band for contrast;
            // under it which photo of the trip this is ("3 / 27").
            let paged = big.pageCount > 1
            let pageText = TripWording(strings: strings).page(big.page, of: big.pageCount)
            let bandHeight: CGFloat = paged ? 64 : 44
            // The band never covers more than a quarter of the photo: in a
            // short frame city and page share one smaller line.
            let compact = bandHeight * 4 > under.height
            let band = compact
                ? CGRect(x: under.minX, y: under.maxY - min(30, (under.height / 4).rounded(.down)), width: under.width,
                         height: min(30, (under.height / 4).rounded(.down)))
                : CGRect(x: under.minX, y: under.maxY - bandHeight, width: under.width, height: bandHeight)
            c.append(.fill(band, color: RGBA(0, 0, 0, 90), cornerRadius: 0))
            let cityLine = compact && paged ? trips[trip].city + " \u{00B7} " + pageText : trips[trip].city
            c.append(.text(cityLine, origin: CGPoint(x: under.minX + 16, y: band.minY + (compact ? (band.height - 20) / 2 : 8)),
                           width: under.width - 32, size: compact ? min(15, band.height * 0.6) : 20, weight: .bold, color: RGBA(255, 255, 255),
                           alignment: TextDirection.of(trips[trip].city) == .rightToLeft ? .trailing : .leading))
            if paged && !compact {
                c.append(.text(pageText, origin: CGPoint(x: under.minX + 16, y: band.minY + 36),
                               width: under.width - 32, size: 15, weight: .regular, color: RGBA(255, 255, 255, 220), alignment: .leading))
            }
        }
        if let badge = big.badge(in: strings) {
            let b = CGRect(x: frame.maxX - 84, y: frame.minY + 12, width: 72, height: 30)
            c.append(.fill(b, color: RGBA(0, 0, 0, 150), cornerRadius: 15))
            c.append(.text(badge, origin: CGPoint(x: b.minX, y: b.minY + 5), width: b.width, size: 16, weight: .bold,
                           color: RGBA(255, 255, 255), alignment: .center))
        }
        // The reader is told the frame as zoomed.
        let s = max(big.drawnScale, 0.01)
        let grown = frame.insetBy(dx: -frame.width * (s - 1) / 2, dy: -frame.height * (s - 1) / 2)
        let page = big.pageCount > 1 ? TripWording(strings: say).pageForAccessibility(big.page, of: big.pageCount) : nil
        let zoomed = big.whole && big.drawnScale <= 1.0001 ? say(.wholePhoto) : big.badge(in: say).map { say(.zoomedIn, $0) }
        let value = [page, zoomed].compactMap { $0 }.joined(separator: ", ")
        let zoom = AccessibilityElement.Range(current: Double(big.zoom), minimum: Double(BigPhoto.cardZoom),
                                              maximum: Double(model.zoomCeiling), step: Double(AppModel.zoomStep))
        // A file that is no photo is read as its placeholder shows it: its name, then why.
        let unshown = trips[trip].unshownReason(photo: big.page)
        let label = unshown == nil ? Self.photoLabel(trips[trip], photo: big.page, strings: say) : Self.fileName(trips[trip].photoPaths[big.page])
        let readValue = ([unshown?.text(in: say)].compactMap { $0 } + (value.isEmpty ? [] : [value])).joined(separator: ", ")
        var element = LayoutElement(id: .bigPhoto, frame: frame, drawing: c,
                                    accessible: .init(label: label, value: readValue, traits: ["button", "image"],
                                                      frame: grown, range: zoom, place: .lead,
                                                      adjust: { [unowned big] in big.setZoom(CGFloat($0)) }))
        if big.isOut && big.phase != .closing {
            element.touch = .init { [unowned model, unowned big] id, frame in
                big.node(id: id, frame: frame, live: model.catalog.trips[trip].shape(photo: big.page)?.liveClip != nil,
                         byMouse: { model.lastInputWasMouse }, tapped: { model.tapClip() }) {
                    guard let trip = big.trip else { return model.layout.bigPhoto }
                    return model.slotFrame(of: trip)
                }
            }
        }
        return element
    }

    /// What stands for page `page` of `trip` until it is decoded: the
    /// trip's city; for a file that is no photo, its name and why.
    private func pagePlaceholder(trip: Int, page: Int) -> Scene.Placeholder {
        let t = model.catalog.trips[trip]
        guard let reason = t.unshownReason(photo: page) else { return Scene.Placeholder(label: t.city, theme: model.theme) }
        return Scene.Placeholder(label: Self.fileName(t.photoPaths[page]), detail: reason.text(in: model.strings), theme: model.theme)
    }

    /// What a screen reader calls photo `photo` of `trip`: "Photo of
    /// Lisbon", and for an item that moves what it is ("Photo of Lisbon,
    /// Video, 7 seconds").
    static func photoLabel(_ trip: Trip, photo: Int, strings: Strings) -> String {
        let label = strings(.photoOf, trip.city)
        return MotionBadge.spoken(trip.shape(photo: photo), strings: strings).map { label + ", " + $0 } ?? label
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The hero: the trip's strip photo filling the big photo's room, and on
    /// a dark band at its foot the city, then its nights and dates, with the
    /// hint that a tap opens it at the band's far end.
    private func heroCommands(_ c: inout [Scene.Command], trip: Int, frame: CGRect) {
        let theme = model.theme, strings = model.strings, t = model.catalog.trips[trip]
        let number = model.tilePhotoNumber(trip: trip)
        c.append(.photo(photo: number, frame: frame, source: PhotoGeometry.aspectFillSource(imageSize: imageSize(number) ?? frame.size, frameSize: frame.size),
                        cornerRadius: OverviewLayout.bigCornerRadius, placeholder: Scene.Placeholder(label: t.city, theme: theme)))
        c += MotionBadge.drawing(t.shape(photo: model.tilePhoto(trip: trip)), in: frame.insetBy(dx: 8, dy: 8), strings: strings)
        let lines = Self.heroDetail(t, strings: strings)
        let bandHeight: CGFloat = lines == nil ? 64 : 92
        let band = CGRect(x: frame.minX, y: frame.maxY - bandHeight, width: frame.width, height: bandHeight)
        // The band follows the photo's rounded foot: square above, its
        // lower corners the photo's own.
        let r = OverviewLayout.bigCornerRadius
        c.append(.fill(CGRect(x: band.minX, y: band.minY, width: band.width, height: band.height - r), color: RGBA(0, 0, 0, 130), cornerRadius: 0))
        c.append(.clip(CGRect(x: band.minX, y: band.maxY - r, width: band.width, height: r)))
        c.append(.fill(band, color: RGBA(0, 0, 0, 130), cornerRadius: r))
        c.append(.clip(nil))
        let rightToLeft = TextDirection.of(t.city) == .rightToLeft
        let hintWidth = min(260, frame.width * 0.3)
        let textWidth = frame.width - 48 - hintWidth
        let textX = rightToLeft ? frame.maxX - 24 - textWidth : frame.minX + 24
        c.append(.text(t.city, origin: CGPoint(x: textX, y: band.minY + 14), width: textWidth,
                       size: theme.titleSize, weight: .bold, color: RGBA(255, 255, 255), alignment: rightToLeft ? .trailing : .leading))
        if let lines {
            c.append(.text(lines, origin: CGPoint(x: textX, y: band.minY + 54), width: textWidth, size: theme.rowTextSize,
                           weight: .regular, color: RGBA(255, 255, 255, 220), alignment: rightToLeft ? .trailing : .leading))
        }
        c.append(.text(strings(model.lastInputWasMouse ? .clickToOpen : .tapToOpen), origin: CGPoint(x: rightToLeft ? frame.minX + 24 : frame.maxX - 24 - hintWidth, y: band.maxY - 34),
                       width: hintWidth, size: theme.secondarySize, weight: .regular, color: RGBA(255, 255, 255, 190),
                       alignment: rightToLeft ? .leading : .trailing))
    }

    /// The hero's second line: "4 nights · May 2024 · 27 photos", what is known of it.
    static func heroDetail(_ trip: Trip, strings: Strings) -> String? {
        let parts = [trip.nightsText(in: strings), trip.detailText(in: strings)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A lifted photo may be drawn away from its slot: keep it in the list.
    private var liftedRange: Range<Int> {
        guard let lifted = model.strip.lifted, let p = model.strip.position(of: lifted.trip) else { return 0..<0 }
        return p..<(p + 1)
    }
}
