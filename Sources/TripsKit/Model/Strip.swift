import Foundation
import Gestures
import Motion

/// The photo strip: scrolls sideways with momentum and settles with a photo
/// at its leading edge (edges resist like a rubber band), opens a photo on a
/// tap, and after a 0.3 s hold lifts a photo so it can be dragged to a new
/// place while the others make room on springs (docs/BEHAVIOUR.md, "Moving trips").
public final class Strip {
    public static let settleAnimation = Animation.spring(duration: 0.5)
    public static let makeRoomAnimation = Animation.spring(duration: 0.3)
    public static let holdToLift: Double = 0.3
    /// How much larger a lifted photo is drawn.
    public static let liftScale: CGFloat = 1.06

    private let animator: Animator
    /// Scroll offset in points (0 shows the first photo at the leading edge).
    let offset: Animated<CGFloat>
    private var dragStartOffset: CGFloat?
    /// Trip indices (into the catalog) in strip order.
    public private(set) var order: [Int]
    /// Where each strip position is drawn relative to its resting slot, in
    /// points, while another photo is being moved (they make room).
    private var shifts: [Int: Animated<CGFloat>] = [:]
    /// The photo being moved: its trip, its position when lifted, and the
    /// finger's horizontal travel.
    public private(set) var lifted: (trip: Int, from: Int, travel: CGFloat)?
    let liftScale: Animated<CGFloat>
    /// True while a hold-then-drag is under way; its reset (end or cancel)
    /// drops a lifted photo, so a cancelled touch never leaves one hanging.
    @GestureState private var holding = false
    private var lastLayout: OverviewLayout?
    private let onReorder: ([Int]) -> Void

    init(animator: Animator, order: [Int], onReorder: @escaping ([Int]) -> Void) {
        self.animator = animator
        self.order = order
        self.onReorder = onReorder
        offset = Animated(0, animator: animator, restThreshold: 0.1)
        liftScale = Animated(1, animator: animator, restThreshold: 0.001)
        $holding.onReset { [weak self] _, _ in
            guard let self, self.lifted != nil, let layout = self.lastLayout else { return }
            self.drop(layout: layout)
        }
    }

    /// The strip position of `trip`.
    public func position(of trip: Int) -> Int? { order.firstIndex(of: trip) }

    /// The frame of the photo at strip `position`, as drawn now (scroll and
    /// make-room shifts applied; the lifted photo follows the finger).
    func drawnFrame(position: Int, layout: OverviewLayout) -> CGRect {
        var frame = layout.stripItem(position, offset: offset.presentationValue)
        if let lifted, order[position] == lifted.trip {
            frame = layout.stripItem(lifted.from, offset: offset.presentationValue).offsetBy(dx: lifted.travel, dy: 0)
        } else if let shift = shifts[order[position]] {
            frame = frame.offsetBy(dx: shift.presentationValue, dy: 0)
        }
        return frame
    }

    /// Brings `position` into view if it is not (keyboard focus, an opened row).
    func reveal(position: Int, layout: OverviewLayout) {
        let target = layout.settledOffset(near: CGFloat(position) * layout.pitch)
        let current = offset.currentValue
        let visible = layout.visibleStripItems(offset: current)
        let frame = layout.stripItem(position, offset: current)
        if !visible.contains(position) || frame.maxX > layout.strip.maxX || frame.minX < layout.strip.minX {
            offset.animate(to: target, with: Self.settleAnimation)
        }
    }

    /// One wheel notch moves one photo.
    func wheel(by notches: CGFloat, layout: OverviewLayout) {
        guard notches != 0, notches.isFinite else { return }
        let base = offset.isAnimating ? offset.target : offset.currentValue
        offset.animate(to: layout.settledOffset(near: base + (notches > 0 ? 1 : -1) * layout.pitch), with: Self.settleAnimation)
    }

    // MARK: Touchpad

    /// Two fingers on the touchpad: the scroll under way (from the offset
    /// it started at), or a hold that caught the strip moving.
    private var touchpad = TouchpadSlide<CGFloat>()

    /// Two fingers on a touchpad: they move the strip as a finger does (the
    /// larger of the two axes, as the wheel), it flings on at their speed
    /// when they lift, and resting fingers (a hold) stop a fling.
    func scroll(_ event: TouchpadScroll, layout: OverviewLayout) {
        lastLayout = layout
        switch event.phase {
        case .scroll:
            guard lifted == nil else { return }
            let d = event.delta
            let along = abs(d.width) >= abs(d.height) ? d.width : d.height
            guard along.isFinite else { return }
            let (travel, start) = touchpad.add(CGSize(width: along, height: 0), at: event.timestamp) {
                let start = offset.currentValue
                offset.jump(to: start) // fingers catch a moving strip
                return start
            }
            offset.jump(to: RubberBand.resisted(start + travel.width, lower: 0, upper: layout.maximumStripOffset, dimension: layout.strip.width))
        case .stop:
            guard let scroll = touchpad.stop(at: event.timestamp) else { return }
            fling(at: scroll.velocity.width, layout: layout)
        case .hold:
            touchpad.hold(offset)
        case .release:
            if touchpad.release() { fling(at: 0, layout: layout) }
        }
    }

    /// When a touchpad scroll without a stop counts as over.
    var touchpadDeadline: Double? { touchpad.deadline }

    /// Settles a touchpad scroll that never said its fingers lifted.
    func advance(to time: Double) {
        guard let layout = lastLayout, touchpad.expire(at: time) != nil else { return }
        fling(at: 0, layout: layout)
    }

    /// Carries on at `velocity` (points per second) and settles with a photo
    /// at the leading edge, as a flick does.
    private func fling(at velocity: CGFloat, layout: OverviewLayout) {
        let v = Fling.clamped(Double(velocity))
        let projected = offset.currentValue + CGFloat(v) * GestureConstants.predictionInterval
        offset.animate(to: layout.settledOffset(near: projected), with: Self.settleAnimation, initialVelocity: CGFloat(v))
    }

    func relayout(_ layout: OverviewLayout) {
        offset.jump(to: layout.settledOffset(near: offset.currentValue))
    }

    // MARK: Scrolling

    private func scrollChanged(_ value: DragGesture.Value, layout: OverviewLayout) {
        guard lifted == nil else { return }
        let start = dragStartOffset ?? {
            let s = offset.currentValue
            offset.jump(to: s) // a finger catches a moving strip
            return s
        }()
        dragStartOffset = start
        let raw = start - value.translation.width
        offset.jump(to: RubberBand.resisted(raw, lower: 0, upper: layout.maximumStripOffset, dimension: layout.strip.width))
    }

    private func scrollEnded(_ value: DragGesture.Value, layout: OverviewLayout) {
        dragStartOffset = nil
        guard lifted == nil else { return }
        let projected = offset.currentValue - value.predictedEndTranslation.width + value.translation.width
        offset.animate(to: layout.settledOffset(near: projected), with: Self.settleAnimation,
                       initialVelocity: Fling.clamped(-value.velocity.width))
    }

    // MARK: Moving trips

    private func lift(_ trip: Int) {
        guard let from = position(of: trip) else { return }
        lifted = (trip, from, 0)
        liftScale.animate(to: Self.liftScale, with: Self.makeRoomAnimation)
    }

    private func move(_ travel: CGFloat, layout: OverviewLayout) {
        guard var moving = lifted else { return }
        moving.travel = travel
        lifted = moving
        let target = targetPosition(layout: layout)
        // The others make room: those between the old and new place shift one pitch.
        for (position, trip) in order.enumerated() where trip != moving.trip {
            var shift: CGFloat = 0
            if moving.from < target, position > moving.from, position <= target { shift = -layout.pitch }
            if moving.from > target, position >= target, position < moving.from { shift = layout.pitch }
            let animated = shifts[trip] ?? Animated(0, animator: animator, restThreshold: 0.1)
            shifts[trip] = animated
            if animated.target != shift { animated.animate(to: shift, with: Self.makeRoomAnimation) }
        }
    }

    private func targetPosition(layout: OverviewLayout) -> Int {
        guard let moving = lifted else { return 0 }
        let slots = (moving.travel / layout.pitch).rounded()
        return min(max(0, moving.from + Int(slots)), order.count - 1)
    }

    private func drop(layout: OverviewLayout) {
        guard let moving = lifted else { return }
        let target = targetPosition(layout: layout)
        var newOrder = order
        newOrder.remove(at: moving.from)
        newOrder.insert(moving.trip, at: target)
        // Keep every photo where it is drawn, then let all settle into their slots.
        let dropped = layout.stripItem(moving.from, offset: 0).minX + moving.travel - layout.stripItem(target, offset: 0).minX
        // In trip order, not the dictionary's, which changes from run to run
        // (Swift seeds hashing per process): a jump that leaves the animator
        // with nothing running discards its banked part of a step
        // (`Animator.stop`), so the order of these jumps and starts decides
        // what the next frames show, and a replay must print the same bytes.
        for trip in shifts.keys.sorted() {
            guard let shift = shifts[trip], let old = position(of: trip), let new = newOrder.firstIndex(of: trip) else { continue }
            shift.jump(to: shift.currentValue + CGFloat(old - new) * layout.pitch)
            shift.animate(to: 0, with: Self.makeRoomAnimation)
        }
        let droppedShift = shifts[moving.trip] ?? Animated(0, animator: animator, restThreshold: 0.1)
        shifts[moving.trip] = droppedShift
        droppedShift.jump(to: dropped)
        droppedShift.animate(to: 0, with: Self.makeRoomAnimation)
        lifted = nil
        liftScale.animate(to: 1, with: Self.makeRoomAnimation)
        if newOrder != order {
            order = newOrder
            onReorder(newOrder)
        }
    }

    /// Follows a changed catalog: `map` gives each old trip's new index (nil
    /// when it is gone); `added` trips go at the end, or the whole order is
    /// `reorderedAs` when given. A photo being moved whose trip is gone is let go.
    func remap(_ map: (Int) -> Int?, added: [Int], layout: OverviewLayout, reorderedAs newOrder: [Int]? = nil) {
        if let moving = lifted, map(moving.trip) == nil { lifted = nil; liftScale.jump(to: 1) }
        if let moving = lifted, let t = map(moving.trip) { lifted = (t, moving.from, moving.travel) }
        order = newOrder ?? (order.compactMap(map) + added)
        shifts = Dictionary(shifts.compactMap { old, shift in map(old).map { ($0, shift) } }, uniquingKeysWith: { a, _ in a })
        lastLayout = layout
        offset.jump(to: min(offset.currentValue, layout.maximumStripOffset))
    }

    /// Puts a trip at a new position at once (the keyboard's way of moving).
    func moveTrip(at from: Int, to: Int) {
        guard order.indices.contains(from), order.indices.contains(to), from != to else { return }
        let trip = order.remove(at: from)
        order.insert(trip, at: to)
        onReorder(order)
    }

    // MARK: Gestures

    /// The strip's scroll node at `frame`; its photos' nodes go inside it.
    func scrollNode(id: String, frame: CGRect, layout: OverviewLayout) -> GestureNode {
        lastLayout = layout
        return GestureNode.scrollView(id, axis: .horizontal, frame: frame,
                                      onChanged: { [weak self] in self?.scrollChanged($0, layout: layout) },
                                      onEnded: { [weak self] in self?.scrollEnded($0, layout: layout) })
    }

    /// The node of `trip`'s photo at `frame` (in the strip's coordinates):
    /// a tap opens it, a hold lifts it to be moved.
    func photoNode(trip: Int, id: String, frame: CGRect, layout: OverviewLayout, open: @escaping (Int) -> Void) -> GestureNode {
        let hold = LongPressGesture(minimumDuration: Self.holdToLift)
            .onEnded { [weak self] _ in self?.lift(trip) }
            .sequenced(before: DragGesture(minimumDistance: 0))
            .updating($holding) { _, state, _ in state = true }
            .onChanged { [weak self] value in
                if case .second(true, let drag?) = value { self?.move(drag.translation.width, layout: layout) }
            }
            .onEnded { [weak self] _ in self?.drop(layout: layout) }
        return GestureNode(id, frame: frame, shape: .roundedRectangle(cornerRadius: OverviewLayout.stripCornerRadius))
            .onTapGesture { open(trip) }
            .gesture(hold)
    }
}
