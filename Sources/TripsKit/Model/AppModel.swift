import Foundation
import Gestures
import Motion

/// The app's state and what input does to it, free of SDL so it is tested
/// without a display. The frame loop (live or replaying a script on a
/// virtual clock) feeds it events and the time, and asks it for the scene.
public final class AppModel {
    public enum Screen: String, Sendable { case overview, playground, attract }

    public internal(set) var catalog: TripCatalog
    public let mode: LaunchOptions.WindowMode
    public let theme: Theme
    /// The words of the UI in the visitor's language.
    public let strings: Strings
    public let animator: Animator
    public let engine: GestureEngine
    public private(set) var size: CGSize
    public private(set) var layout: OverviewLayout
    public private(set) var screen: Screen = .overview
    public let strip: Strip
    public let bigPhoto: BigPhoto
    public let playground: Playground
    /// The kiosk's attract loop, when it plays one after the idle time.
    public let attract: Attract?
    /// When the attract loop begins: one slide's time after the idle reset,
    /// so the reset is seen landing on the Overview first.
    public private(set) var attractDue: Double?
    public internal(set) var focus: FocusTarget?
    /// The loop's clock, in seconds; the replay's `t` is this in ms.
    public private(set) var time: Double = 0
    /// Set when the app should end; the loop checks it after each event.
    public private(set) var quitRequested = false
    /// What happened that the loop has not yet taken (a replay prints it).
    private var pendingEvents: [AppEvent] = []
    /// A new list of trips waiting for the fingers to lift (`offerCatalog`).
    var offeredCatalog: TripCatalog?
    /// The photo a trip shows in the strip when it is not its cover: the
    /// one it was closed on (trip id → photo path), until the next start.
    var tilePaths: [String: String] = [:]
    /// What the touchpad scroll under way moves (it keeps it to the end).
    private enum TouchpadScrollTarget { case strip, bigPhoto }
    private var touchpadScrollTarget: TouchpadScrollTarget?
    /// The id of the trip opened last, which the hero shows once it closes
    /// (until the focus moves or the app goes back to its start).
    var lastOpenedTrip: String?
    /// Back to the start after a quiet spell (`--idle`), on this model's clock.
    public private(set) var idle: IdleTimer

    public init(catalog: TripCatalog, size: CGSize, mode: LaunchOptions.WindowMode, theme: Theme = .standard,
                order savedOrder: [String] = [], simulationRate: Double = 120, screen: Screen = .overview,
                idleTimeout: Double? = nil, attract attractSettings: Attract.Settings? = nil, reduceMotion: Bool = false,
                strings: Strings = .english) {
        self.catalog = catalog
        self.strings = strings
        idle = IdleTimer(timeout: idleTimeout)
        self.mode = mode
        self.theme = theme
        self.size = size
        self.screen = screen
        layout = OverviewLayout(size: size, itemCount: catalog.trips.count)
        animator = Animator(rate: simulationRate)
        engine = GestureEngine()
        let ids = catalog.trips.map(\.id)
        let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let order = OrderStore.apply(savedOrder: savedOrder, to: ids).compactMap { index[$0] }
        var emitBig: (BigPhoto.Event) -> Void = { _ in }
        var emitOrder: ([Int]) -> Void = { _ in }
        var emitPlayground: (Playground.Event) -> Void = { _ in }
        strip = Strip(animator: animator, order: order, onReorder: { emitOrder($0) })
        bigPhoto = BigPhoto(animator: animator, reduceMotion: reduceMotion, emit: { emitBig($0) })
        playground = Playground(animator: animator, emit: { emitPlayground($0) })
        let animator = self.animator
        attract = attractSettings.map { Attract(settings: $0, reduceMotion: reduceMotion, animator: animator) }
        emitBig = { [unowned self] event in self.bigPhotoEvent(event) }
        emitOrder = { [unowned self] order in
            let ids = order.map { self.catalog.trips[$0].id }
            self.record(.reorder(order: ids))
        }
        emitPlayground = { [unowned self] event in
            switch event {
            case .reset: self.record(.reset)
            }
        }
        playground.relayout(size: size)
        // The animator's clock starts with the model's: time 0.
        _ = animator.advance(to: 0)
        engine.advance(to: 0)
        rebuildTree()
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        switch event {
        case .key, .pointer, .wheel, .pinch, .scroll:
            idle.input(at: time)
            attractDue = nil
            // The first touch, click, key, wheel or touchpad gesture ends the loop and does
            // nothing else. The rest of that touch does nothing either: the
            // engine never saw it land, and drops the moves and the lift of
            // a pointer that is not down (docs/GESTURES.md, rule 31).
            if screen == .attract {
                endAttract()
                return
            }
        default: break // the system's doings are not a visitor's
        }
        switch event {
        case .quit:
            quitRequested = true
        case .closeRequested:
            // A kiosk has no way out for a visitor: only SIGTERM/SIGINT end it.
            if mode != .kiosk { quitRequested = true }
        case .resized(let newSize):
            guard newSize != size, newSize.width > 0, newSize.height > 0 else { return }
            size = newSize
            relayout()
            strip.relayout(layout)
            bigPhoto.relayout(big: layout.bigPhoto)
            playground.relayout(size: newSize)
            rebuildTree()
        case .key(let pressed, let ctrl):
            key(pressed, ctrl: ctrl)
        case .focusLost:
            // The system took the touches: gestures cancel, states reset, no onEnded.
            engine.cancelAll()
        case .pointer(let pointer):
            if pointer.phase == .down && engine.pointerCount == 0 { rebuildTree() }
            engine.handle(pointer)
        case .wheel(let wheel):
            if engine.pointerCount == 0 { rebuildTree() }
            if wheel.modifiers.contains(.control) || screen != .overview || !layout.strip.contains(wheel.location) {
                engine.handle(wheel)
            } else {
                strip.wheel(by: abs(wheel.dx) > abs(wheel.dy) ? wheel.dx : -wheel.dy, layout: layout)
            }
        case .pinch(let pinch):
            // Magnify and rotate under the pointer, as a pinch of fingers would.
            if pinch.phase == .began && engine.pointerCount == 0 { rebuildTree() }
            engine.handle(pinch)
        case .scroll(let scroll):
            touchpadScroll(scroll)
        case .reader(let action):
            act(action)
        }
    }

    /// A touchpad's two-finger scroll: the big photo under the pointer
    /// pages (or pans while zoomed), the strip scrolls. The fingers' lift
    /// goes where they scrolled; resting fingers stop whatever flings.
    private func touchpadScroll(_ scroll: TouchpadScroll) {
        guard screen == .overview else { return }
        switch scroll.phase {
        case .scroll:
            let overBigPhoto = bigPhoto.isOut && bigPhoto.phase != .closing && bigPhoto.drawnFrame.contains(scroll.location)
            if touchpadScrollTarget == nil {
                touchpadScrollTarget = overBigPhoto ? .bigPhoto : layout.strip.contains(scroll.location) ? .strip : nil
            }
            switch touchpadScrollTarget {
            case .bigPhoto?: bigPhoto.scroll(scroll)
            case .strip?: strip.scroll(scroll, layout: layout)
            default: break
            }
        case .stop:
            switch touchpadScrollTarget {
            case .bigPhoto?: bigPhoto.scroll(scroll)
            case .strip?: strip.scroll(scroll, layout: layout)
            default: break
            }
            touchpadScrollTarget = nil
        case .hold, .release:
            touchpadScrollTarget = nil
            strip.scroll(scroll, layout: layout)
            bigPhoto.scroll(scroll)
        }
    }

    /// The layout for the current size and number of trips.
    func relayout() {
        layout = OverviewLayout(size: size, itemCount: catalog.trips.count)
    }

    /// Lets time pass: springs step, long presses fire, single taps run once
    /// no second tap can follow. True when what is shown changed in a way
    /// `isAnimating` does not tell (the idle reset may only clear the
    /// focus): the loop draws a frame it would otherwise skip.
    @discardableResult
    public func advance(to seconds: Double) -> Bool {
        guard seconds.isFinite, seconds >= time else { return false }
        time = seconds
        engine.advance(to: seconds)
        if let d = strip.touchpadDeadline, seconds >= d { strip.advance(to: seconds); touchpadScrollTarget = nil }
        if let d = bigPhoto.touchpadDeadline, seconds >= d { bigPhoto.advance(to: seconds); touchpadScrollTarget = nil }
        _ = animator.advance(to: seconds)
        if screen == .attract, let attract, attract.advance(to: seconds) { return true }
        if takeOfferedCatalog() { return true }
        if let due = attractDue, seconds >= due {
            attractDue = nil
            startAttract()
            return true
        }
        guard idle.fire(at: seconds) else { return false }
        record(.idle)
        resetToStart()
        if let attract { attractDue = seconds + attract.settings.slideSeconds }
        return true
    }

    // MARK: Attract loop

    /// Plays every trip's photos, in strip order, full-window.
    private func startAttract() {
        guard let attract, screen == .overview, !catalog.trips.isEmpty else { return }
        engine.cancelAll()
        screen = .attract
        attract.start(attractSlides, at: time)
        record(.attract)
        rebuildTree()
    }

    /// Every trip's photos, trip by trip in strip order.
    var attractSlides: [Attract.Slide] {
        strip.order.flatMap { trip in catalog.trips[trip].photoPaths.indices.map { Attract.Slide(trip: trip, photo: $0) } }
    }

    /// Back to the Overview, as the reset left it.
    private func endAttract() {
        guard screen == .attract else { return }
        attract?.stop()
        screen = .overview
        record(.attractEnd)
        rebuildTree()
    }

    /// True while something moves: the loop keeps running frames; otherwise
    /// it sleeps until the next event or `nextDeadline`.
    public var isAnimating: Bool { animator.isAnimating }
    /// How far apart the attract loop's frames may be, in seconds; nil: as
    /// often as the display. An idle kiosk draws what its motion needs, no
    /// more (docs/PRESENTING.md): a cross-fade 30 steps a second; the slow
    /// pan-and-zoom a new frame once its picture has moved about a point,
    /// 30 a second at most and at least 4 (it eases to a stop); a still slide none.
    public var minimumFrameInterval: Double? {
        guard screen == .attract, let attract, attract.isRunning else { return nil }
        if attract.isFading { return Self.attractFrameInterval }
        let speed = attract.panSpeed(window: size)
        guard speed > 0 else { return nil }
        return min(Self.slowestAttractFrameInterval, max(Self.attractFrameInterval, 1 / speed))
    }
    static let attractFrameInterval = 1.0 / 30
    static let slowestAttractFrameInterval = 1.0 / 4

    /// When the model next needs the clock (a double-tap window closing, a
    /// long press firing, the idle timeout), so an idle loop wakes in time.
    public var nextDeadline: Double? {
        [engine.nextEventTime, idle.deadline, attractDue, screen == .attract ? attract?.nextSlideTime : nil,
         strip.touchpadDeadline, bigPhoto.touchpadDeadline].compactMap { $0 }.min()
    }

    /// What happened since the last call, oldest first.
    public func takeEvents() -> [AppEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    /// Notes that `kind` happened now.
    func record(_ kind: AppEvent.Kind) {
        pendingEvents.append(AppEvent(time: time, kind: kind))
    }

    private func bigPhotoEvent(_ event: BigPhoto.Event) {
        switch event {
        case .open(let trip): record(.open(trip: catalog.trips[trip].id))
        case .close(let trip):
            // The photo paged to goes back into the strip as the trip's tile.
            tilePaths[catalog.trips[trip].id] = shownPhotoPath(of: trip)
            // However it closed (a tap, a pull, Escape), the keyboard focus
            // goes back to where the photo came from.
            if focus == .bigPhoto { focus = .stripPhoto(trip: trip) }
            record(.close(trip: catalog.trips[trip].id))
        case .zoom(let z): record(.zoom(z))
        case .page(let index):
            if let trip = bigPhoto.trip { record(.page(trip: catalog.trips[trip].id, index: index)) }
        }
    }

    // MARK: Actions

    /// Opens `trip` from its strip slot (a tap on the photo or its row, Enter).
    public func open(_ trip: Int) {
        guard screen == .overview, catalog.trips.indices.contains(trip), let position = strip.position(of: trip) else { return }
        if let current = bigPhoto.trip, current != trip, let p = strip.position(of: current) {
            // Another photo is out: it goes back as the new one comes.
            bigPhoto.close(to: strip.drawnFrame(position: p, layout: layout))
        }
        strip.reveal(position: position, layout: layout)
        lastOpenedTrip = catalog.trips[trip].id
        bigPhoto.open(trip, page: tilePhoto(trip: trip), of: catalog.trips[trip].photoPaths.count, from: strip.drawnFrame(position: position, layout: layout), to: layout.bigPhoto)
        rebuildTree()
    }

    /// Opens the photo at `path` big, inside its trip, so its pages are its
    /// trip's photos (`trips PHOTO`). False when no trip has that photo.
    @discardableResult
    public func openPhoto(atPath path: String) -> Bool {
        guard let trip = catalog.trips.firstIndex(where: { $0.photoPaths.contains(path) }) else { return false }
        tilePaths[catalog.trips[trip].id] = path
        open(trip)
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

    /// The number (in the catalog's `allPhotoPaths`) of `trip`'s strip tile.
    public func tilePhotoNumber(trip: Int) -> Int { catalog.photoNumber(trip: trip, photo: tilePhoto(trip: trip)) }

    private func slotFrame(of trip: Int) -> CGRect {
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

    // MARK: Keyboard

    /// Every gesture has a keyboard path: arrows and Tab move a visible
    /// focus, Enter or Space opens, Escape closes, + - 0 zoom.
    private func key(_ key: Key, ctrl: Bool) {
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
            if bigPhoto.isOut && bigPhoto.phase != .closing { close() }
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
            case .button("playground")?: show(.playground)
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
        default:
            break
        }
    }

    /// Tab order: the Playground button, the big photo when out, the strip
    /// photos, then the rows; around again.
    /// How far + and - move the big photo's zoom.
    static let zoomStep: CGFloat = 0.5

    /// The Overview's keyboard stops, in Tab's order.
    private var tabStops: [FocusTarget] {
        var stops: [FocusTarget] = [.button("playground")]
        if bigPhoto.isOut { stops.append(.bigPhoto) }
        stops += strip.order.map { .stripPhoto(trip: $0) }
        stops += strip.order.map { .row(trip: $0) }
        return stops
    }

    private func nextTabStop(after current: FocusTarget?) -> FocusTarget {
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

    // MARK: Gestures

    /// The hit-test tree for the next touch: what is on screen now.
    func rebuildTree() {
        let root = GestureNode("window", frame: CGRect(origin: .zero, size: size))
        switch screen {
        case .overview:
            root.addChild(.button("playground", frame: playgroundButtonFrame) { [unowned self] in self.show(.playground) })
            if heroTrip != nil, let hero = layout.hero {
                root.addChild(.button("hero", frame: hero, shape: .roundedRectangle(cornerRadius: OverviewLayout.bigCornerRadius)) { [unowned self] in
                    self.openHero()
                })
            }
            let hidden = bigPhoto.isOut ? bigPhoto.trip : nil
            root.addChild(strip.node(layout: layout, hidden: hidden) { [unowned self] trip in self.open(trip) })
            for (position, trip) in strip.order.enumerated() {
                let row = layout.listRow(position)
                guard row.minY < layout.list.maxY else { break }
                root.addChild(GestureNode("row-\(trip)", frame: row).contentShape(.rectangle)
                    .onTapGesture { [unowned self] in self.open(trip) })
            }
            if bigPhoto.isOut && bigPhoto.phase != .closing {
                root.addChild(bigPhoto.node { [unowned self] in
                    guard let trip = self.bigPhoto.trip else { return self.layout.bigPhoto }
                    return self.slotFrame(of: trip)
                })
            }
        case .playground:
            for node in playground.nodes(back: { [unowned self] in self.show(.overview) }) { root.addChild(node) }
        case .attract:
            break // nothing to touch: a touch ends the loop before any gesture sees it
        }
        engine.root = root
    }

    var playgroundButtonFrame: CGRect {
        let t = layout.title
        return CGRect(x: t.maxX - 130, y: t.minY + 2, width: 130, height: 36)
    }
}
