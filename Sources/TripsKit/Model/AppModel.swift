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
    public internal(set) var screen: Screen = .overview
    // The parts report to the model through what they are made with: lazy,
    // so that it can hold the model they report to.
    public private(set) lazy var strip = Strip(animator: animator, order: startOrder) { [unowned self] in self.reordered($0) }
    public private(set) lazy var bigPhoto = BigPhoto(animator: animator, reduceMotion: reduceMotion,
                                                     zoomCeiling: { [unowned self] in self.zoomCeiling }) { [unowned self] in self.bigPhotoEvent($0) }
    public private(set) lazy var playground = Playground(animator: animator) { [unowned self] in self.playgroundEvent($0) }
    /// The strip's order at the start: the saved one, as far as the trips have it.
    private let startOrder: [Int]
    let reduceMotion: Bool
    /// The kiosk's attract loop, when it plays one after the idle time.
    public internal(set) var attract: Attract?
    /// When the attract loop begins: one slide's time after the idle reset,
    /// so the reset is seen landing on the Overview first.
    public internal(set) var attractDue: Double?
    /// Which photos the attract loop waits for are decoded or unshowable,
    /// as the platform last said (`AppDriver.learn`); nil: nobody says, as
    /// in a replay, and every photo counts as decoded.
    public internal(set) var photoReadiness: PhotoReadiness?
    public internal(set) var focus: ElementID?
    /// The loop's clock, in seconds; the replay's `t` is this in ms.
    public private(set) var time: Double = 0
    /// The photo that may move in the big photo and since when (`Scene.moving`).
    var moving: (photo: Int, live: PhotoShape.LiveClip?, since: Double)?
    /// The Live Photo (by number) whose clip `K` played: a hold's keyboard path.
    var livePlayedByKey: Int?
    /// The animation or clip (by number) its badge played with reduced motion (`AppModel+MotionBadgeButton`).
    var playedByBadge: Int?
    /// A playing clip's play/pause and scrubber (`AppModel+ClipControls`).
    var clipControls = ClipControls()
    /// Set when the app should end; the loop checks it after each event.
    public internal(set) var quitRequested = false
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
    /// Where the touchpad pinch under way last was: its fingers' centre.
    private var touchpadPinchLocation: CGPoint?
    /// The id of the trip opened last, which the hero shows once it closes
    /// (until the focus moves or the app goes back to its start).
    var lastOpenedTrip: String?
    /// Whether the last pointer down or wheel was the mouse's: a
    /// double-click shows the whole photo where two taps of a finger zoom,
    /// and the hint says "Click".
    public internal(set) var lastInputWasMouse = false
    /// Whether the last pointer down was a screen reader's click (`readerFinger`).
    var lastDownWasReader = false
    /// Where the mouse is over the window, button or not (the big photo's
    /// page buttons show while it is over the photo); nil after a touch.
    public internal(set) var mouseLocation: CGPoint?
    /// The pointer whose touch woke the sleeping kiosk: the rest of that
    /// touch (its moves, its lift) is spent on waking too.
    var wakingPointer: PointerID?
    /// Whether the window is fullscreen: from the command line, then F11
    /// (a kiosk stays so). The frame loop makes the window follow it.
    public internal(set) var fullscreen: Bool
    /// The shortcuts overlay (F1, "?") is shown.
    public internal(set) var shortcutsShown = false
    /// The properties panel (Alt+Return, I) is shown beside the big photo.
    public internal(set) var propertiesShown = false
    /// What the decode workers read of photos for the panel, by path
    /// (`AppDriver.learn(_:of:)`), kept while the app runs.
    var knownProperties: [String: PropertiesPanel.Facts] = [:]
    /// Where Delete moves photos; nil: Delete does nothing (a kiosk, tests).
    let trash: Trash?
    /// What saves Ctrl+R's turns; nil: Ctrl+R does nothing (a kiosk, tests).
    let turner: PhotoTurner?
    /// The turns Trips keeps for photos their files cannot hold without
    /// loss; nil: such a turn is refused (a kiosk, tests).
    public internal(set) var keptTurns: KeptTurns?
    /// The photos' own pixel sizes, for the zoom's ceiling.
    let pictureSizes = PictureSizes()
    /// What Ctrl+Z puts back, while its toast is up.
    var trashUndo: TrashUndo?
    /// What a tap on the toast or Ctrl+Z turns back, while the toast asks to
    /// keep a turn that two fingers snapped: the photo and its quarter turns.
    var turnUndo: (path: String, quarters: Int)?
    /// Shift+Delete asked to delete this photo for good: the confirmation is shown.
    public internal(set) var deleteAsked: String?
    /// Reads what a drop opens; nil: drops do nothing (a kiosk).
    let opener: PathOpener?
    /// The message at the window's foot, until its time is up.
    public internal(set) var toast: Toast?
    /// Back to the start after a quiet spell (`--idle`), on this model's clock.
    public internal(set) var idle: IdleTimer
    /// Whether the Overview offers the Playground, a developer's test screen:
    /// not to a kiosk's visitors, unless it was asked for (`--playground`).
    public let offersPlayground: Bool
    /// Asleep or awake (`--awake`, SIGUSR1/SIGUSR2, a touch): AppModel+Sleep.
    public internal(set) var wakefulness: Wakefulness

    public init(catalog: TripCatalog, size: CGSize, mode: LaunchOptions.WindowMode, theme: Theme = .standard,
                order savedOrder: [String] = [], simulationRate: Double = 120, screen: Screen = .overview,
                idleTimeout: Double? = nil, attract attractSettings: Attract.Settings? = nil, reduceMotion: Bool = false,
                strings: Strings = .english, wakefulness: Wakefulness = Wakefulness(), trash: Trash? = nil, turner: PhotoTurner? = nil,
                keptTurns: KeptTurns? = nil, opener: PathOpener? = nil) {
        self.catalog = catalog
        self.opener = mode == .kiosk ? nil : opener
        self.wakefulness = wakefulness
        offersPlayground = mode != .kiosk || screen == .playground
        self.trash = mode == .kiosk ? nil : trash
        self.turner = mode == .kiosk ? nil : turner
        self.keptTurns = mode == .kiosk ? nil : keptTurns
        self.strings = strings
        idle = IdleTimer(timeout: idleTimeout)
        self.mode = mode
        fullscreen = mode != .windowed
        self.theme = theme
        self.size = size
        self.screen = screen
        layout = OverviewLayout(size: size, itemCount: catalog.trips.count)
        animator = Animator(rate: simulationRate)
        engine = GestureEngine()
        let ids = catalog.trips.map(\.id)
        let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let order = OrderStore.apply(savedOrder: savedOrder, to: ids).compactMap { index[$0] }
        startOrder = order
        self.reduceMotion = reduceMotion
        let animator = self.animator
        attract = attractSettings.map { Attract(settings: $0, reduceMotion: reduceMotion, animator: animator) }
        playground.relayout(size: size)
        // The animator's clock starts with the model's: time 0.
        _ = animator.advance(to: 0)
        engine.advance(to: 0)
        rebuildTree()
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        defer { followMoving() }
        if sleepTakes(event) { return }
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
        case .key(let pressed, let ctrl, let shift, let alt):
            key(pressed, ctrl: ctrl, shift: shift, alt: alt)
        case .focusLost:
            // The system took the touches: gestures cancel, states reset, no onEnded.
            engine.cancelAll()
        case .pointer(let pointer):
            if pointer.phase == .down && engine.pointerCount == 0 { rebuildTree() }
            // The pointer first seen resting where it was when the window came
            // under it (SDL's enter, cage's cursor over a kiosk) is no one's
            // input: only a press or a move after it says a mouse is in use.
            let firstSight = pointer.kind == .mouse && pointer.phase == .move && mouseLocation == nil && engine.pointerCount == 0
            if (pointer.phase == .down || pointer.kind == .mouse) && !firstSight { lastInputWasMouse = pointer.kind == .mouse }
            if pointer.phase == .down { lastDownWasReader = pointer.id == Self.readerFinger }
            let hovered = showsPageButtons
            mouseLocation = pointer.kind == .mouse ? pointer.location : pointer.phase == .down ? nil : mouseLocation
            engine.handle(pointer)
            if showsPageButtons != hovered { rebuildTree() }
        case .wheel(let wheel):
            if engine.pointerCount == 0 { rebuildTree() }
            lastInputWasMouse = true
            let step = abs(wheel.dx) > abs(wheel.dy) ? wheel.dx : -wheel.dy
            if !wheel.modifiers.contains(.control), screen == .overview, bigPhoto.isOut, bigPhoto.phase != .closing,
               bigPhoto.drawnFrame.contains(wheel.location) {
                // Over the big photo the wheel pages, a notch a photo.
                if step != 0 && step.isFinite { bigPhoto.page(by: step > 0 ? 1 : -1) }
            } else if wheel.modifiers.contains(.control) || screen != .overview || !layout.strip.contains(wheel.location) {
                engine.handle(wheel)
            } else {
                strip.wheel(by: abs(wheel.dx) > abs(wheel.dy) ? wheel.dx : -wheel.dy, layout: layout)
            }
        case .pinch(let pinch):
            // Magnify and rotate under the pointer, as a pinch of fingers would.
            if pinch.phase == .began && engine.pointerCount == 0 { rebuildTree() }
            engine.handle(pinch)
            // Its fingers' centre moving carries the big photo it pinches, as two fingers on a screen do.
            if pinch.phase == .changed, let last = touchpadPinchLocation {
                bigPhoto.pinchPanned(by: CGSize(width: pinch.location.x - last.x, height: pinch.location.y - last.y))
            }
            touchpadPinchLocation = pinch.phase == .began || pinch.phase == .changed ? pinch.location : nil
        case .scroll(let scroll):
            touchpadScroll(scroll)
        case .reader(let action):
            act(action)
        case .remote(let command):
            remote(command)
        case .power(let request):
            signalled(request)
        case .drop(let paths):
            drop(paths)
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
        let before = time, wasAnimating = animator.isAnimating
        var changed = advanceModel(to: seconds)
        if followMoving() { changed = true }
        // The clip's controls went at their time.
        if let until = clipControls.shownUntil, before < until, seconds >= until { changed = true }
        // A spring's last step: what its completion changed (a photo landed
        // in its slot or opened over the hero) is drawn, though nothing moves now.
        if wasAnimating && !animator.isAnimating { changed = true }
        // A kiosk's still parts took their next place against burn-in: drawn, touched and read there.
        guard mode == .kiosk, !isAsleep, BurnInShift.step(at: time) != BurnInShift.step(at: before) else { return changed }
        rebuildTree()
        return true
    }

    /// Where what stays still is drawn off its place, in points
    /// (`BurnInShift`); none but in a kiosk.
    public var burnInOffset: CGSize { mode == .kiosk ? BurnInShift.offset(at: time) : .zero }

    private func advanceModel(to seconds: Double) -> Bool {
        guard seconds.isFinite, seconds >= time else { return false }
        time = seconds
        let sleepChanged = updateSleep()
        if wakefulness.isAsleep {
            // Nothing moves, nothing is due: springs settle where they end.
            _ = animator.advance(to: seconds)
            engine.advance(to: seconds)
            return sleepChanged
        }
        engine.advance(to: seconds)
        if let d = strip.touchpadDeadline, seconds >= d { strip.advance(to: seconds); touchpadScrollTarget = nil }
        if let d = bigPhoto.touchpadDeadline, seconds >= d { bigPhoto.advance(to: seconds); touchpadScrollTarget = nil }
        _ = animator.advance(to: seconds)
        if screen == .attract, let attract, attract.advance(to: seconds, slideState) { return true }
        if takeOfferedCatalog() { return true }
        if expireToast(at: seconds) { return true }
        if let due = attractDue, seconds >= due, startAttract() {
            attractDue = nil
            return true
        }
        guard idle.fire(at: seconds) else { return sleepChanged }
        record(.idle)
        resetToStart()
        if let attract { attractDue = seconds + attract.settings.slideSeconds }
        return true
    }

    /// True while something moves: the loop keeps running frames; otherwise
    /// it sleeps until the next event or `nextDeadline`.
    public var isAnimating: Bool { !wakefulness.isAsleep && animator.isAnimating }
    /// When the model next needs the clock (a double-tap window closing, a
    /// long press firing, the idle timeout), so an idle loop wakes in time.
    public var nextDeadline: Double? {
        // Asleep, the one wake-up is the next edge of its hours.
        if wakefulness.isAsleep { return wakefulness.deadline(at: time) }
        // A loop due or a slide over its time that waits for its photo
        // needs no clock: the platform's word that it is decoded wakes it.
        return [wakefulness.deadline(at: time), engine.nextEventTime, idle.deadline, attractDue.flatMap { $0 > time ? $0 : nil },
                screen == .attract ? attract?.deadline(after: time) : nil, strip.touchpadDeadline, bigPhoto.touchpadDeadline, toast?.until,
                clipControls.shownUntil.flatMap { $0 > time ? $0 : nil },
                mode == .kiosk ? BurnInShift.nextChange(after: time) : nil].compactMap { $0 }.min()
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

    private func reordered(_ order: [Int]) {
        record(.reorder(order: order.map { catalog.trips[$0].id }))
    }

    private func playgroundEvent(_ event: Playground.Event) {
        switch event {
        case .reset: record(.reset)
        }
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
            propertiesShown = false
            record(.close(trip: catalog.trips[trip].id))
        case .zoom(let z): record(.zoom(z))
        case .page(let index):
            if let trip = bigPhoto.trip { record(.page(trip: catalog.trips[trip].id, index: index)) }
        case .whole(let on): record(.wholePhoto(on))
        case .turnSnapped(let quarters): turnShownPhoto(quarters: quarters)
        }
    }
}
