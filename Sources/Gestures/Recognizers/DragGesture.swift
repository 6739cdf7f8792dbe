import Foundation

/// SwiftUI's `DragGesture`. It recognises once the fingers' focal point has
/// travelled `minimumDistance` from touch-down (rule 15; 0 recognises at
/// touch-down) and reports values relative to touch-down (rule 16) in
/// `coordinateSpace` (rule 17). With several fingers it follows their
/// centroid, rebased when one lifts or another lands, so nothing jumps.
public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        /// Seconds on the event clock.
        public var time: Double
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        /// Points per second, from a weighted least-squares fit over the
        /// recent moves; zero once the finger rested before lifting (rule 29).
        public var velocity: CGSize
        /// `location` + `GestureConstants.predictionInterval` (0.25 s) x `velocity` (rule 18).
        public var predictedEndLocation: CGPoint
        /// `translation` + 0.25 s x `velocity` (rule 18).
        public var predictedEndTranslation: CGSize
    }

    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    /// For scroll containers: recognise only motion mostly along this axis.
    var axis: ScrollAxis?

    public init(minimumDistance: CGFloat = GestureConstants.dragMinimumDistance,
                coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance.isFinite ? max(0, minimumDistance) : GestureConstants.dragMinimumDistance
        self.coordinateSpace = coordinateSpace
    }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        DragRecognizer(self, transform: context.transform(for: coordinateSpace))
    }
    public var _traits: _GestureTraits { _GestureTraits(startsDragImmediately: true) }
}

/// The axis a scroll container pans along.
public enum ScrollAxis: Sendable, Hashable { case horizontal, vertical }

final class DragRecognizer: _Recognizer<DragGesture.Value> {
    let minimumDistance: CGFloat
    let axis: ScrollAxis?
    let transform: Transform2D
    private var pointers = TrackedPointers()
    /// Added to the centroid so that it does not jump when the set of
    /// fingers changes.
    private var correction = CGSize(width: 0, height: 0)
    private var start = CGPoint.zero
    private var tracker = VelocityTracker()

    init(_ g: DragGesture, transform: Transform2D) {
        minimumDistance = g.minimumDistance
        axis = g.axis
        self.transform = transform
    }

    private var focal: CGPoint {
        let c = pointers.centroid
        return CGPoint(x: c.x + correction.width, y: c.y + correction.height)
    }

    /// A finger joins or leaves: the centroid jumps, the correction takes
    /// the jump back so the focal point stays where it was.
    private func keepingFocal(_ change: (inout TrackedPointers) -> Void) {
        let before = focal
        change(&pointers)
        let c = pointers.centroid
        correction = CGSize(width: before.x - c.x, height: before.y - c.y)
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        guard !phase.isTerminal else { return false }
        let p = transform.apply(location)
        if pointers.isEmpty {
            pointers.add(id, p)
            correction = CGSize(width: 0, height: 0)
            start = p
            tracker.reset()
            tracker.add(time, p)
            if minimumDistance == 0 && axis == nil { phase = .active; update(time) }
        } else {
            keepingFocal { $0.add(id, p) }
        }
        return true
    }

    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.update(at: i, transform.apply(location))
        let f = focal
        tracker.add(time, f)
        if phase == .possible {
            let dx = f.x - start.x, dy = f.y - start.y
            guard (dx * dx + dy * dy).squareRoot() >= minimumDistance else { return }
            if let axis {
                let along = axis == .horizontal ? abs(dx) : abs(dy)
                let across = axis == .horizontal ? abs(dy) : abs(dx)
                if along < across { phase = .failed; return }
            }
            phase = .active
        }
        update(time)
    }

    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.update(at: i, transform.apply(location))
        if pointers.count == 1 {
            // The lift is no sample (see VelocityTracker): its velocity is
            // the moves' as of the lift's time.
            if phase == .active { update(time); phase = .ended } else { phase = .failed }
            pointers.removeAll()
        } else {
            keepingFocal { $0.remove(at: i) }
        }
    }

    private func update(_ time: Double) {
        let f = focal
        let v = tracker.velocity(at: time)
        let predictionInterval = GestureConstants.predictionInterval
        let translation = CGSize(width: f.x - start.x, height: f.y - start.y)
        value = DragGesture.Value(
            time: time,
            location: f,
            startLocation: start,
            translation: translation,
            velocity: v,
            predictedEndLocation: CGPoint(x: f.x + predictionInterval * v.width, y: f.y + predictionInterval * v.height),
            predictedEndTranslation: CGSize(width: translation.width + predictionInterval * v.width,
                                            height: translation.height + predictionInterval * v.height))
        version &+= 1
    }
}
