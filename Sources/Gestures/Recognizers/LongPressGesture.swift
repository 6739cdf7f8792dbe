import Foundation

/// SwiftUI's `LongPressGesture`: the finger stays down for
/// `minimumDuration` without moving more than `maximumDistance`. Its value is
/// `true` from touch-down (so `updating` can show "pressing", as SwiftUI's
/// `.first(true)` of a sequence does); it ends at the deadline while the
/// finger is still down (rule 11) and fails if the finger lifts early or
/// wanders (rule 12).
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = GestureConstants.longPressMinimumDuration,
                maximumDistance: CGFloat = GestureConstants.longPressMaximumDistance) {
        self.minimumDuration = minimumDuration.isFinite ? max(0, minimumDuration) : GestureConstants.longPressMinimumDuration
        self.maximumDistance = maximumDistance
    }
    /// Backs `onLongPressGesture(onPressingChanged:)`: told true at touch-down
    /// and false when the finger lifts or the press fails, ungated by the arena
    /// (it reports the finger, not the recognition).
    var pressingChanged: ((Bool) -> Void)?

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Bool> {
        LongPressRecognizer(self)
    }
    public var _traits: _GestureTraits { _GestureTraits() }
}

final class LongPressRecognizer: _Recognizer<Bool> {
    let minimumDuration: Double
    let maximumDistance: CGFloat
    let pressingChanged: ((Bool) -> Void)?
    private var pointer: PointerID?
    private var downLocation = CGPoint.zero
    private var due = Double.infinity
    private var pressing = false

    init(_ g: LongPressGesture) {
        minimumDuration = g.minimumDuration
        maximumDistance = g.maximumDistance
        pressingChanged = g.pressingChanged
    }

    private func setPressing(_ on: Bool) {
        guard on != pressing else { return }
        pressing = on
        pressingChanged?(on)
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        // One finger presses; more fingers on the node are not its business.
        guard phase == .possible, pointer == nil else { return false }
        pointer = id
        downLocation = location
        due = time + minimumDuration
        value = true
        version &+= 1
        setPressing(true)
        advance(to: time)
        return true
    }

    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard id == pointer, phase == .possible else { return }
        if location.distance(to: downLocation) > maximumDistance {
            phase = .failed
            setPressing(false)
        }
    }

    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard id == pointer else { return }
        pointer = nil
        if phase == .possible { phase = .failed }
        setPressing(false)
    }

    override func advance(to time: Double) {
        if phase == .possible && time >= due { phase = .ended }
    }

    override func markFailed() {
        super.markFailed()
        setPressing(false)
    }

    override var deadline: Double { phase == .possible ? due : .infinity }
    override var wantsEventsAfterEnd: Bool { pressing && pressingChanged != nil }
}
