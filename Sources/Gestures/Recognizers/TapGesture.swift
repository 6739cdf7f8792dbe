import Foundation

/// SwiftUI's `TapGesture`: `count` taps, each a touch-down and lift that
/// moves less than the tap slop, each next tap within the double-tap
/// interval of the previous lift and the double-tap distance of the first
/// (`GestureEngine.Configuration`).
/// Discrete: it only ends. A single tap competing with a double tap waits
/// until the double tap can no longer succeed (rule 1).
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = max(1, count) }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Void> {
        TapRecognizer(count: count, context: context, transform: .identity) { _ in () }
    }
    public var _traits: _GestureTraits { _GestureTraits() }
}

/// SwiftUI's `SpatialTapGesture`: a tap that reports where it landed, in
/// the node's coordinates by default.
public struct SpatialTapGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
        public init(location: CGPoint) { self.location = location }
    }
    public var count: Int
    public var coordinateSpace: CoordinateSpace
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = max(1, count)
        self.coordinateSpace = coordinateSpace
    }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        TapRecognizer(count: count, context: context, transform: context.transform(for: coordinateSpace)) {
            Value(location: $0)
        }
    }
    public var _traits: _GestureTraits { _GestureTraits() }
}

final class TapRecognizer<Value>: _Recognizer<Value> {
    let count: Int
    let interval: Double
    let slop: CGFloat
    let maximumTapDistance: CGFloat
    let transform: Transform2D
    let makeValue: (CGPoint) -> Value
    private var pointer: PointerID?
    private var downLocation = CGPoint.zero
    private var firstLocation = CGPoint.zero
    private var taps = 0
    private var waitUntil = Double.infinity

    init(count: Int, context: _GestureContext, transform: Transform2D, makeValue: @escaping (CGPoint) -> Value) {
        self.count = count
        self.interval = context.configuration.doubleTapInterval
        self.slop = context.configuration.tapSlop
        self.maximumTapDistance = context.configuration.doubleTapDistance
        self.transform = transform
        self.makeValue = makeValue
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        guard phase == .possible else { return false }
        if pointer != nil {
            // A second finger during a tap: not a tap any more.
            phase = .failed
            return true
        }
        if taps > 0 && (location.distance(to: firstLocation) > maximumTapDistance || time > waitUntil) {
            phase = .failed
            return true
        }
        if taps == 0 { firstLocation = location }
        pointer = id
        downLocation = location
        waitUntil = .infinity
        return true
    }

    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard phase == .possible, id == pointer else { return }
        if location.distance(to: downLocation) > slop { phase = .failed }
    }

    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard phase == .possible, id == pointer else { return }
        pointer = nil
        if location.distance(to: downLocation) > slop { phase = .failed; return }
        taps += 1
        if taps >= count {
            value = makeValue(transform.apply(location))
            version &+= 1
            phase = .ended
        } else {
            waitUntil = time + interval
        }
    }

    override func advance(to time: Double) {
        if phase == .possible && pointer == nil && time >= waitUntil { phase = .failed }
    }

    override var deadline: Double { phase == .possible && pointer == nil ? waitUntil : .infinity }
    override var holdCount: Int { count > 1 && phase == .possible ? count : 0 }
    override var claimTapCount: Int { count }
}
