import Foundation
import Gestures

// A scene of 1,000 nodes, each with a tap, a double tap, a drag and a
// magnify; 10 fingers, each on its own node, moving at 240 Hz. Reports move
// events per second on one core (median of several runs, ContinuousClock)
// and heap allocations per steady-state move event; also the same fingers
// as five pinches, and the cost of a tap (touch-down hit test included).
//
// Allocations are counted by glibc's malloc tracer in a child run of this
// benchmark (see AllocationCounter): the logged malloc/realloc calls of
// `tracedMoves` moves, less the tracer's own, divided by the moves.

private let nodeCount = 1_000
private let fingerCount = 10
private let movesPerRun = 1_000_000
private let benchRuns = 7
private let tracedMoves = 24_000

/// The scene and its fingers, mid-drag (or, with `pinching`, as five
/// two-finger pinches).
private final class Scene {
    let pinching: Bool
    let engine: GestureEngine
    var sink: CGFloat = 0
    var taps = 0
    let centres: [CGPoint]
    /// A circle of radius 15 around each finger's node centre, one point per
    /// 240 Hz frame of a one-second turn.
    let circle: [CGPoint]
    var frame = 0

    init(pinching: Bool = false) {
        self.pinching = pinching
        let columns = 40
        engine = GestureEngine()
        centres = (0..<fingerCount).map { f in
            let n = ((pinching ? f / 2 : f) * 97) % nodeCount
            return CGPoint(x: CGFloat(n % columns) * 50 + 20, y: CGFloat(n / columns) * 50 + 20)
        }
        circle = (0..<240).map { k in
            let a = Double(k) / 240 * 2 * .pi
            // Pinching fingers sit 10 +- 5 pt either side of the centre.
            return pinching ? CGPoint(x: 10 + 5 * sin(a), y: 0) : CGPoint(x: 15 * cos(a), y: 15 * sin(a))
        }
        engine.root = makeTree()
        // Fingers down, then out to the circle: every drag has won.
        for f in 0..<fingerCount {
            let x = centres[f].x + (pinching ? (f % 2 == 0 ? -10 : 10) : 0)
            engine.handle(.touch(f, .down, x: x, y: centres[f].y, at: 0))
        }
        frame = 1
        moveAll()
    }

    var time: Double { Double(frame) / 240 }

    /// The 1,000 nodes, each with a tap, a double tap, a drag and a magnify,
    /// as an app rebuilding its tree every frame would make them.
    func makeTree() -> GestureNode {
        let root = GestureNode("window", frame: CGRect(x: 0, y: 0, width: 2000, height: 1400))
        for i in 0..<nodeCount {
            let node = GestureNode("n\(i)", frame: CGRect(x: CGFloat(i % 40) * 50, y: CGFloat(i / 40) * 50,
                                                         width: 40, height: 40), shape: .rectangle)
            node.onTapGesture { [unowned self] in self.taps += 1 }
                .onTapGesture(count: 2) { [unowned self] in self.taps += 2 }
                .gesture(DragGesture().onChanged { [unowned self] v in self.sink += v.translation.width })
                .gesture(MagnifyGesture().onChanged { [unowned self] v in self.sink += v.magnification })
            root.addChild(node)
        }
        return root
    }

    /// One 240 Hz frame: every finger moves once.
    @inline(__always) func moveAll() {
        let offset = circle[frame % 240]
        let t = time
        for f in 0..<fingerCount {
            let c = centres[f]
            let dx = pinching && f % 2 == 0 ? -offset.x : offset.x
            engine.handle(PointerEvent(id: PointerID(f), phase: .move,
                                       location: CGPoint(x: c.x + dx, y: c.y + offset.y), timestamp: t))
        }
        frame += 1
    }

    func moves(_ count: Int) {
        for _ in 0..<(count / fingerCount) { moveAll() }
    }

    /// Taps with an eleventh finger on node after node, 0.5 s apart so each
    /// double-tap window closes: the touch-down path (hit test over 1,000
    /// nodes, four recognizers made) and the lift.
    func taps(_ count: Int) {
        for i in 0..<count {
            let n = (i * 37 + 11) % nodeCount
            let p = CGPoint(x: CGFloat(n % 40) * 50 + 20, y: CGFloat(n / 40) * 50 + 20)
            frame += 120
            engine.handle(PointerEvent(id: PointerID(100), phase: .down, location: p, timestamp: time))
            engine.handle(PointerEvent(id: PointerID(100), phase: .up, location: p, timestamp: time + 0.05))
        }
    }
}

func runGesturesBenchmark() {
    if AllocationCounter.isTracedChild {
        let scene = Scene()
        scene.moves(10_000)
        let pinches = Scene(pinching: true)
        pinches.moves(10_000)
        AllocationCounter.traceChild(operations: tracedMoves) {
            scene.moves(tracedMoves / 2)
            pinches.moves(tracedMoves / 2)
        }
    }
    let scene = Scene()
    scene.moves(100_000) // warm up
    let clock = ContinuousClock()
    var rates: [Double] = []
    for _ in 0..<benchRuns {
        let elapsed = clock.measure { scene.moves(movesPerRun) }
        let (s, atto) = elapsed.components
        rates.append(Double(movesPerRun) / (Double(s) + Double(atto) * 1e-18))
    }
    precondition(scene.sink.isFinite && scene.taps == 0, "the drags, not the taps, must be running")
    var tapTimes: [Double] = []
    let tapCount = 20_000
    for _ in 0..<benchRuns {
        let elapsed = clock.measure { scene.taps(tapCount) }
        let (s, atto) = elapsed.components
        tapTimes.append((Double(s) + Double(atto) * 1e-18) / Double(tapCount))
    }
    precondition(scene.taps >= tapCount, "the taps must fire")
    tapTimes.sort()
    rates.sort()
    let median = rates[rates.count / 2]
    print("gestures: \(nodeCount) nodes x (tap, double tap, drag, magnify), \(fingerCount) fingers dragging at 240 Hz")
    print(String(format: "gestures: move events per second  median %.0f  min %.0f  max %.0f  (%d runs of %d moves; target >= 1,000,000)",
                 median, rates.first!, rates.last!, benchRuns, movesPerRun))
    print(String(format: "gestures: time per move event     median %.1f ns", 1e9 / median))
    var buildTimes: [Double] = []
    for _ in 0..<benchRuns {
        var tree: GestureNode?
        let elapsed = clock.measure { tree = scene.makeTree() }
        precondition(tree?.children.count == nodeCount)
        let (s, atto) = elapsed.components
        buildTimes.append(Double(s) + Double(atto) * 1e-18)
    }
    buildTimes.sort()
    let pinches = Scene(pinching: true)
    pinches.moves(100_000)
    var pinchRates: [Double] = []
    for _ in 0..<benchRuns {
        let elapsed = clock.measure { pinches.moves(movesPerRun) }
        let (s, atto) = elapsed.components
        pinchRates.append(Double(movesPerRun) / (Double(s) + Double(atto) * 1e-18))
    }
    precondition(pinches.sink > 0 && pinches.taps == 0, "the magnifies must be running")
    pinchRates.sort()
    print(String(format: "gestures: same scene, 5 two-finger pinches: move events per second  median %.0f  min %.0f  max %.0f",
                 pinchRates[benchRuns / 2], pinchRates.first!, pinchRates.last!))
    print(String(format: "gestures: tap (down + lift, hit test over %d nodes, 4 recognizers made)  median %.2f us",
                 nodeCount, tapTimes[tapTimes.count / 2] * 1e6))
    print(String(format: "gestures: building the %d-node tree (what an app rebuilding it each frame pays)  median %.3f ms",
                 nodeCount, buildTimes[benchRuns / 2] * 1e3))
    if let traced = AllocationCounter.count(benchmark: "gestures", operations: tracedMoves) {
        print(String(format: "gestures: heap allocations per move event %.4f  (target 0; malloc calls traced by glibc over %d moves, half dragging, half pinching; control allocating once per move: %.3f)",
                     traced.work, tracedMoves, traced.control))
    } else {
        print("gestures: heap allocations per move not measured (needs \(AllocationCounter.mallocDebugLibrary))")
    }
}
