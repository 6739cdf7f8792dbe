import Foundation

/// The keyboard focus: what the keys do to it and with it, the Tab order,
/// a screen reader's GrabFocus, and where its ring is drawn.
extension AppModel {
    /// Every gesture has a keyboard path: arrows and Tab move a visible
    /// focus, Enter or Space opens, Escape closes, + - 0 zoom.
    func key(_ key: Key, ctrl: Bool, shift: Bool = false, alt: Bool = false) {
        // Only the keys of the shortcuts table do anything.
        guard Shortcut.handles(key, ctrl: ctrl, shift: shift, alt: alt) else { return }
        if (key == .f1 || key == .question) && screen == .overview {
            shortcutsShown.toggle()
            rebuildTree()
            return
        }
        if deleteAsked != nil {
            // The confirmation takes the keys while it is shown: Tab (or
            // an arrow) goes between its buttons, Return or Space presses
            // the one it is on, Escape cancels.
            switch key {
            case .tab, .left, .right:
                focus = focus == .button(Self.deleteButton) ? .button(Self.cancelButton) : .button(Self.deleteButton)
                rebuildTree()
            case .returnKey, .keypadEnter, .space:
                if focus == .button(Self.cancelButton) { cancelDelete() } else { deleteShownPhotoForGood() }
            case .escape: cancelDelete()
            default: break
            }
            return
        }
        if shortcutsShown {
            // The overlay takes the keys while it is shown; Escape closes it.
            if key == .escape { hideShortcuts() }
            return
        }
        // The next key ends the trash's undo (Ctrl+Z takes it).
        if !(ctrl && key == .z) { trashUndo = nil; turnUndo = nil }
        if key == .delete && shift {
            askToDeleteShownPhoto()
            return
        }
        if key == .delete {
            trashShownPhoto()
            return
        }
        if ctrl && key == .z {
            undoToast()
            return
        }
        if ctrl && key == .r {
            turnShownPhoto(clockwise: !shift)
            return
        }
        if ctrl && key == .c {
            copyShownPhoto()
            return
        }
        if key == .f11 {
            setFullscreen(!fullscreen)
            return
        }
        if (alt && key == .returnKey) || (!ctrl && key == .i) {
            toggleProperties()
            return
        }
        if key == .escape && propertiesShown {
            toggleProperties()
            return
        }
        if ctrl && key == .q {
            if mode != .kiosk { quitRequested = true }
            return
        }
        if screen == .playground {
            switch key {
            case .escape: show(.overview)
            case .tab, .left, .right, .up, .down: focus = .button("reset")
            case .returnKey, .space, .keypadEnter: if focus == .button("reset") { playground.reset() }
            default: break
            }
            return
        }
        let count = catalog.trips.count
        if ctrl, key == .left || key == .right, case .stripPhoto(let trip)? = focus, let from = strip.position(of: trip) {
            // Moving trips without a finger: Ctrl+arrow moves the focused photo.
            let to = min(max(0, from + (key == .right ? 1 : -1)), count - 1)
            strip.moveTrip(at: from, to: to)
            strip.reveal(position: to, layout: layout)
            return
        }
        // In the big photo Left and Right turn its trip's pages.
        let pagingKeys = bigPhoto.isOut && bigPhoto.phase != .closing
            && (focus == .bigPhoto || (focus == nil && bigPhoto.pageCount > 1))
        switch key {
        case .escape:
            if bigPhoto.isOut && bigPhoto.phase != .closing { close() } else if fullscreen { setFullscreen(false) }
        case .right where pagingKeys, .left where pagingKeys:
            bigPhoto.page(by: key == .right ? 1 : -1)
        case .right, .left:
            // From nowhere the first arrow lands on the first photo.
            var position = 0
            if case .stripPhoto(let t)? = focus { position = (strip.position(of: t) ?? 0) + (key == .right ? 1 : -1) }
            else if case .row(let t)? = focus { position = strip.position(of: t) ?? 0 }
            let clamped = min(max(0, position), count - 1)
            focus = .stripPhoto(trip: strip.order[clamped])
            strip.reveal(position: clamped, layout: layout)
        case .down, .up:
            // From a strip photo to its own row; within the list, row by row.
            var position = 0
            if case .stripPhoto(let t)? = focus { position = strip.position(of: t) ?? 0 }
            else if case .row(let t)? = focus { position = (strip.position(of: t) ?? 0) + (key == .down ? 1 : -1) }
            focus = .row(trip: strip.order[min(max(0, position), count - 1)])
        case .tab:
            focus = nextTabStop(after: focus)
            if case .stripPhoto(let t) = focus, let p = strip.position(of: t) { strip.reveal(position: p, layout: layout) }
        case .returnKey, .space, .keypadEnter:
            switch focus {
            case .stripPhoto(let t)?, .row(let t)?: open(t); focus = .bigPhoto
            case .button("playground")? where offersPlayground: show(.playground)
            case .bigPhoto?: bigPhoto.setZoom(bigPhoto.zoom > 1 ? 1 : 2)
            case nil: openHero() // nothing focused: Return opens what the hero shows
            default: break
            }
        case .plus, .equals, .keypadPlus:
            if bigPhoto.isOut { bigPhoto.setZoom(bigPhoto.zoom + Self.zoomStep) }
        case .minus, .keypadMinus:
            if bigPhoto.isOut { bigPhoto.setZoom(bigPhoto.zoom - Self.zoomStep) }
        case .zero, .keypadZero:
            if bigPhoto.isOut { bigPhoto.setZoom(1) }
        case .k:
            // The keyboard's play/pause button: the controls come up with it.
            // On a Live Photo it plays the clip once from its start, as a hold does.
            // On an animation (or a clip not yet played, with reduced motion) it is its badge's tap.
            if playingClip != nil {
                toggleClipPause()
            } else if badgeButton != nil {
                tapMotionBadge()
            } else if let trip = bigPhoto.trip, bigPhoto.isOut, catalog.trips[trip].shape(photo: bigPhoto.page)?.liveClip != nil {
                livePlayedByKey = catalog.photoNumber(trip: trip, photo: bigPhoto.page)
                moving = nil // from the start, though it played already

            }
        case .j, .l:
            // The scrubber's keyboard path, as a video site's J and L: Left and Right page.
            seekClip(by: key == .j ? -Self.seekStep : Self.seekStep)
        case .m:
            toggleClipSound()
        case .f:
            // F: the whole photo, or the filled card again.
            if bigPhoto.isOut { bigPhoto.showWhole(!bigPhoto.whole) }
        case .home, .end:
            if bigPhoto.isOut && bigPhoto.phase != .closing {
                bigPhoto.page(by: (key == .home ? 0 : bigPhoto.pageCount - 1) - bigPhoto.page)
            } else if count > 0 {
                let position = key == .home ? 0 : count - 1
                focus = .stripPhoto(trip: strip.order[position])
                strip.reveal(position: position, layout: layout)
            }
        case .pageUp, .pageDown:
            // The previous or next trip: opened in its place when a photo is out.
            let step = key == .pageDown ? 1 : -1
            var position = 0
            if let t = bigPhoto.isOut && bigPhoto.phase != .closing ? bigPhoto.trip : nil {
                let next = (strip.position(of: t) ?? 0) + step
                guard next >= 0 && next < count else { return }
                open(strip.order[next])
                focus = .bigPhoto
                return
            }
            if case .stripPhoto(let t)? = focus { position = (strip.position(of: t) ?? 0) + step }
            let clamped = min(max(0, position), count - 1)
            focus = .stripPhoto(trip: strip.order[clamped])
            strip.reveal(position: clamped, layout: layout)
        default:
            break
        }
    }

    /// Closes the shortcuts overlay (a tap on it, Escape, F1 again).
    func hideShortcuts() {
        shortcutsShown = false
        rebuildTree()
    }

    /// Into or out of fullscreen (never out of a kiosk's); a photo out
    /// shows whole in fullscreen.
    func setFullscreen(_ on: Bool) {
        guard mode != .kiosk, on != fullscreen else { return }
        fullscreen = on
        if on && bigPhoto.isOut && !bigPhoto.whole { bigPhoto.showWhole(true) }
        record(.fullscreen(on))
    }

    /// Tab order: the Playground button, the big photo when out, the strip
    /// photos, then the rows; around again.
    /// How far + and - move the big photo's zoom.
    static let zoomStep: CGFloat = 0.5

    /// The Overview's keyboard stops, in Tab's order.
    private var tabStops: [ElementID] {
        var stops: [ElementID] = offersPlayground ? [.button("playground")] : []
        if bigPhoto.isOut { stops.append(.bigPhoto) }
        stops += strip.order.map { .stripPhoto(trip: $0) }
        stops += strip.order.map { .row(trip: $0) }
        return stops
    }

    private func nextTabStop(after current: ElementID?) -> ElementID {
        let stops = tabStops
        guard let current, let i = stops.firstIndex(of: current) else { return stops[0] }
        return stops[(i + 1) % stops.count]
    }

    /// A screen reader's GrabFocus: the keyboard focus onto the Overview's
    /// stop named `name` (as `focusName` says it: "strip:lisbon"), as if
    /// Tab had reached it; false if the screen has no such stop.
    @discardableResult
    public func focus(named name: String) -> Bool {
        let trips = catalog.trips
        guard screen == .overview, let target = tabStops.first(where: { $0.name(trips: trips) == name }) else { return false }
        focus = target
        if case .stripPhoto(let t) = target, let p = strip.position(of: t) { strip.reveal(position: p, layout: layout) }
        return true
    }

    /// Where the focus ring goes, if the focus is on something shown.
    public var focusFrame: CGRect? {
        guard let focus else { return nil }
        switch focus {
        case .stripPhoto(let trip):
            // Around the part of the photo the strip shows: a photo half
            // under the list is drawn clipped, and so is its ring.
            guard let p = strip.position(of: trip), trip != bigPhoto.trip else { return nil }
            let shown = strip.drawnFrame(position: p, layout: layout).intersection(layout.strip)
            return shown.isNull || shown.isEmpty ? nil : shown
        case .row(let trip):
            return strip.position(of: trip).map { layout.listRow($0) }
        case .bigPhoto:
            return bigPhoto.isOut ? bigPhoto.drawnFrame : nil
        case .button("playground"):
            return screen == .overview ? playgroundButtonFrame : nil
        case .button("reset"):
            return screen == .playground ? playground.resetFrame : nil
        case .button(Self.cancelButton) where deleteAsked != nil:
            return OverviewWalk.deleteDialogFrames(size: size).cancel
        case .button(Self.deleteButton) where deleteAsked != nil:
            return OverviewWalk.deleteDialogFrames(size: size).delete
        default:
            return nil
        }
    }
}

extension AppModel {
    /// The big photo's previous and next buttons show: a mouse is over the
    /// open photo of a trip of several, and nothing is over it.
    public var showsPageButtons: Bool {
        guard let mouse = mouseLocation, lastInputWasMouse, bigPhoto.isOut, bigPhoto.phase != .closing, bigPhoto.pageCount > 1,
              !shortcutsShown, deleteAsked == nil, screen == .overview else { return false }
        return bigPhoto.drawnFrame.contains(mouse)
    }
}
