/// Random gestures as a `trips --replay` script at 1280 x 800 points: the
/// fuzz's (FuzzTests) and the soak's (Benchmarks/soak.sh, through the
/// `gen-gestures` executable), so a seed names one script everywhere.
///
/// At least `events` input events: taps, drags, pinches, mouse, wheel,
/// keys, the Playground and Back buttons, and a few deliberately bad ones
/// (an up for a finger never down, moves at extreme coordinates); the last
/// gesture is finished. With `hours` above 0 the gestures are spread over
/// that much virtual time (the soak); without, they come as in the fuzz,
/// 2-10 ms apart within a gesture. A `state` line follows every
/// `stateEvery` events; at the end every finger still down is lifted, and
/// `state` lines come 1 s and 1.5 s later. `tame` (the soak's) moves a
/// finger a little where the fuzz sends it to extreme coordinates: the
/// soak measures memory over ordinary use, the fuzz hunts crashes.
/// Integer arithmetic only, so a seed writes the same bytes on any machine.
public struct FuzzGenerator {
    static let w = 1280, h = 800
    static let keys = ["Escape", "Return", "Space", "Tab", "Left", "Right", "Up", "Down", "+", "-", "0", "ctrl+Left", "ctrl+Right"]
    static let extremes = ["1e40", "-1e40", "1e30", "-99999999", "99999999", "3e38", "-3e38", "0", "-0.001", "1279.999"]
    static let dirs: [(Int, Int)] = [(1000, 0), (866, 500), (500, 866), (0, 1000), (-500, 866), (-866, 500),
                                     (-1000, 0), (-866, -500), (-500, -866), (0, -1000), (500, -866), (866, -500)]

    var r: SplitMix64
    let tame: Bool
    let targetEvents: Int
    let targetMs: Int
    let stateEvery: Int
    var lines = ["size 1280 800"]
    var t = 0
    public private(set) var events = 0
    public private(set) var states = 0
    /// The script line (1-based) of the `state` at each time.
    public private(set) var stateLines: [Int: Int] = [:]
    /// The snapshots 1 s and 1.5 s after the last event.
    public private(set) var quietStateTime = -1
    public private(set) var finalStateTime = -1
    /// Fingers down, in the order they went down.
    var down: [(finger: Int, x: Int, y: Int)] = []
    var mouseDown = false
    var pointer = (640, 400)

    public init(seed: UInt64, events: Int, hours: Double = 0, stateEvery: Int = 5000, tame: Bool = false) {
        self.tame = tame
        r = SplitMix64(seed: seed)
        targetEvents = events
        targetMs = Int(hours * 3_600_000)
        self.stateEvery = stateEvery
    }

    // Output

    mutating func emit(_ command: String) {
        lines.append("at \(t) \(command)")
        events += 1
        if stateEvery > 0 && events % stateEvery == 0 { state(at: t) }
    }

    mutating func state(at time: Int) {
        lines.append("at \(time) state")
        stateLines[time] = lines.count
        states += 1
    }

    mutating func step() { t += r.range(2, 10) }

    // Fingers

    func isDown(_ f: Int) -> Bool { down.contains { $0.finger == f } }
    func position(_ f: Int) -> (Int, Int) { let d = down.first { $0.finger == f }!; return (d.x, d.y) }

    func freeFinger() -> Int {
        var f = 1
        while isDown(f) { f += 1 }
        return f
    }

    mutating func fingerDown(_ f: Int, _ x: Int, _ y: Int) {
        emit("down \(f) \(x) \(y)")
        if let i = down.firstIndex(where: { $0.finger == f }) { down[i] = (f, x, y) } else { down.append((f, x, y)) }
    }

    mutating func fingerMove(_ f: Int, _ x: Int, _ y: Int) {
        emit("move \(f) \(x) \(y)")
        if let i = down.firstIndex(where: { $0.finger == f }) { down[i] = (f, x, y) } else { down.append((f, x, y)) }
    }

    mutating func fingerUp(_ f: Int) {
        if r.chance(8) {
            emit("cancel \(f)")
        } else if r.chance(20) {
            let (x, y) = position(f)
            emit("up \(f) \(x) \(y)")
        } else {
            emit("up \(f)")
        }
        down.removeAll { $0.finger == f }
    }

    mutating func point() -> (Int, Int) {
        let k = r.below(100)
        if k < 30 { return (r.range(0, Self.w - 1), r.range(604, 784)) }      // the strip
        if k < 55 { return (r.range(16, 906), r.range(68, 592)) }             // the big photo
        if k < 70 { return (r.range(922, 1264), r.range(16, 432)) }           // the list
        if k < 90 { return (r.range(0, Self.w - 1), r.range(0, Self.h - 1)) } // anywhere
        return playgroundPoint()
    }

    mutating func playgroundPoint() -> (Int, Int) {
        let k = r.below(3)
        if k == 0 { return (r.range(580, 700), r.range(72, 112)) }            // Reset
        if k == 1 { return (r.range(565, 715), r.range(325, 475)) }           // the square
        return (r.range(595, 685), r.range(535, 625))                         // the circle
    }

    /// A few ms later, lo...hi points further along the direction (dx, dy).
    mutating func walk(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, _ lo: Int, _ hi: Int) -> (Int, Int) {
        step()
        let d = r.range(lo, hi)
        return (x + dx * d / 1000, y + dy * d / 1000)
    }

    // Gestures

    mutating func tap(_ x: Int, _ y: Int) {
        let f = freeFinger()
        fingerDown(f, x, y)
        for _ in 0..<r.range(0, 2) {
            t += r.range(2, 30)
            fingerMove(f, x + r.range(-3, 3), y + r.range(-3, 3))
        }
        t += r.range(20, 120)
        fingerUp(f)
    }

    mutating func doubleTap() {
        let (x, y) = point()
        tap(x, y)
        t += r.range(40, 220)
        tap(x + r.range(-5, 5), y + r.range(-5, 5))
    }

    mutating func drag(steps: Int, _ lo: Int, _ hi: Int) {
        let f = freeFinger()
        var (x, y) = point()
        fingerDown(f, x, y)
        let k = r.below(10)
        let dx: Int, dy: Int
        if k < 4 { (dx, dy) = (0, 1000) }                                     // a pull down
        else if k < 7 { (dx, dy) = (r.chance(50) ? 1000 : -1000, 0) }         // a swipe
        else { (dx, dy) = Self.dirs[r.below(Self.dirs.count)] }
        for _ in 0..<steps {
            (x, y) = walk(x, y, dx, dy, lo, hi)
            x += r.range(-2, 2)
            y += r.range(-2, 2)
            fingerMove(f, x, y)
        }
        step()
        fingerUp(f)
    }

    mutating func longPressDrag(_ x0: Int, _ y0: Int) {
        var (x, y) = (x0, y0)
        let f = freeFinger()
        fingerDown(f, x, y)
        t += r.range(320, 800)
        let dx = r.chance(50) ? 1 : -1
        for _ in 0..<r.range(5, 40) {
            step()
            x += dx * r.range(3, 30)
            y += r.range(-3, 3)
            fingerMove(f, x, y)
        }
        t += r.range(2, 200)
        fingerUp(f)
    }

    mutating func pinch(_ cx: Int, _ cy: Int) {
        let f1 = freeFinger()
        down.append((f1, cx, cy)) // reserved until it really goes down
        let f2 = freeFinger()
        down.removeAll { $0.finger == f1 }
        let v0 = Self.dirs[r.below(Self.dirs.count)]
        let v1 = r.chance(40) ? Self.dirs[r.below(Self.dirs.count)] : v0
        let g0 = r.range(40, 400), g1 = r.range(40, 500)
        let steps = r.range(4, 24)
        func at(_ i: Int) -> ((Int, Int), (Int, Int)) {
            let g = g0 + (g1 - g0) * i / steps
            let vx = v0.0 + (v1.0 - v0.0) * i / steps
            let vy = v0.1 + (v1.1 - v0.1) * i / steps
            let ox = vx * g / 2000, oy = vy * g / 2000
            return ((cx - ox, cy - oy), (cx + ox, cy + oy))
        }
        var (a, b) = at(0)
        fingerDown(f1, a.0, a.1)
        if r.chance(70) { step() }
        fingerDown(f2, b.0, b.1)
        for i in 1...steps {
            step()
            (a, b) = at(i)
            fingerMove(f1, a.0, a.1)
            fingerMove(f2, b.0, b.1)
        }
        step()
        let (first, second) = r.chance(50) ? (f1, f2) : (f2, f1)
        fingerUp(first)
        if r.chance(50) { step() }
        fingerUp(second)
    }

    mutating func threeFingers() {
        var fingers: [Int] = []
        for _ in 0..<3 {
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
            fingers.append(f)
            step()
        }
        for _ in 0..<r.range(3, 15) {
            for f in fingers {
                let (x, y) = position(f)
                fingerMove(f, x + r.range(-20, 20), y + r.range(-20, 20))
            }
            step()
        }
        while !fingers.isEmpty {
            let f = fingers.remove(at: r.below(fingers.count))
            fingerUp(f)
            step()
        }
    }

    mutating func mouse() {
        var (x, y) = point()
        let k = r.below(10)
        if k < 1 {                                                            // hovering
            for _ in 0..<r.range(1, 8) {
                emit("mouse move \(x) \(y)")
                step()
                x += r.range(-40, 40)
                y += r.range(-40, 40)
            }
            pointer = (x, y)
            return
        }
        emit("mouse down \(x) \(y)")
        mouseDown = true
        if k < 5 {                                                            // a click
            t += r.range(30, 150)
        } else {                                                              // a drag
            let (dx, dy) = Self.dirs[r.below(Self.dirs.count)]
            for _ in 0..<r.range(2, 30) {
                (x, y) = walk(x, y, dx, dy, 2, 30)
                emit("mouse move \(x) \(y)")
            }
            step()
        }
        emit("mouse up \(x) \(y)")
        mouseDown = false
        pointer = (x, y)
    }

    mutating func wheel() {
        let (x, y) = r.chance(60) ? (r.range(0, Self.w - 1), r.range(604, 784)) : point()
        let ctrl = r.chance(35) ? " ctrl" : ""
        for _ in 0..<r.range(1, 6) {
            let (dx, dy) = r.chance(30) ? (r.range(-3, 3), 0) : (0, r.range(-3, 3))
            let at = r.chance(70) ? " \(x) \(y)" : ""
            emit("wheel \(dx) \(dy)\(ctrl)\(at)")
            step()
        }
    }

    mutating func pressKeys() {
        for _ in 0..<r.range(1, 3) {
            emit("key " + Self.keys[r.below(Self.keys.count)])
            t += r.range(2, 60)
        }
    }

    mutating func playgroundPlay() {
        let k = r.below(4)
        if k == 0 {
            tap(r.range(580, 700), r.range(72, 112))                          // Reset
        } else if k == 1 {                                                    // drag the square
            let f = freeFinger()
            var (x, y) = (r.range(565, 715), r.range(325, 475))
            fingerDown(f, x, y)
            let (dx, dy) = Self.dirs[r.below(Self.dirs.count)]
            for _ in 0..<r.range(3, 40) {
                (x, y) = walk(x, y, dx, dy, 2, 40)
                fingerMove(f, x, y)
            }
            fingerUp(f)
        } else if k == 2 {                                                    // hold the circle, drag it
            longPressDrag(r.range(595, 685), r.range(535, 625))
        } else {                                                              // pinch and turn the square
            pinch(r.range(600, 680), r.range(360, 440))
        }
    }

    mutating func bad() {
        let k = r.below(8)
        var ghost = r.range(4, 9)
        while isDown(ghost) { ghost += 1 }
        switch k {
        case 0:
            emit("up \(ghost)")                                               // up for a finger never down
        case 1:
            emit("move \(ghost) \(r.range(0, Self.w)) \(r.range(0, Self.h))")
        case 2:
            emit("cancel \(ghost)")
        case 3:                                                               // moves at extreme coordinates
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
            for _ in 0..<r.range(1, 4) {
                step()
                var ex = Self.extremes[r.below(Self.extremes.count)]
                var ey = Self.extremes[r.below(Self.extremes.count)]
                if tame {                                                     // a small move instead
                    (ex, ey) = (String(x + r.range(-40, 40)), String(y + r.range(-40, 40)))
                }
                emit("move \(f) \(ex) \(ey)")
            }
            step()
            fingerUp(f)
        case 4:                                                               // down twice, up once
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
            step()
            fingerDown(f, x + 10, y + 10)
            step()
            fingerUp(f)
        case 5:                                                               // mouse up and moves with no press
            emit("mouse up \(r.range(0, Self.w)) \(r.range(0, Self.h))")
            step()
            emit("mouse move \(r.range(-100, Self.w + 100)) \(r.range(-100, Self.h + 100))")
        case 6:                                                               // a finger left down across gestures
            let f = freeFinger()
            let (x, y) = point()
            fingerDown(f, x, y)
        default:                                                              // keys that do nothing, wheel far off
            emit("key " + ["F13", "A", "Q", "Home", "Backspace"][r.below(5)])
            step()
            emit("wheel \(r.range(-50, 50)) \(r.range(-50, 50)) \(r.range(-5000, 5000)) \(r.range(-5000, 5000))")
        }
    }

    mutating func gesture() {
        // A finger left down by a bad gesture is lifted some time later.
        if !down.isEmpty && r.chance(10) {
            fingerUp(down[0].finger)
            step()
        }
        let k = r.below(100)
        switch k {
        case ..<16: let (x, y) = point(); tap(x, y)
        case ..<24: doubleTap()
        case ..<36: drag(steps: r.range(3, 60), 2, 25)
        case ..<41: drag(steps: r.range(2, 5), 30, 80)                        // a flick
        case ..<48: longPressDrag(r.range(0, Self.w - 1), r.range(604, 784))
        case ..<58: let (x, y) = point(); pinch(x, y)
        case ..<61: threeFingers()
        case ..<69: mouse()
        case ..<77: wheel()
        case ..<85: pressKeys()
        case ..<89: tap(r.range(776, 906), r.range(18, 54))                   // the Playground button
        case ..<92: tap(r.range(16, 126), r.range(16, 56))                    // the playground's Back
        case ..<96: playgroundPlay()
        default: bad()
        }
    }

    mutating func pause(gestureEvents: Int, gestureMs: Int) {
        let left = targetMs - t
        if targetMs > 0 && left > 0 {
            // The gesture's share of the time left, less what it took itself.
            let remaining = max(1, targetEvents - events + gestureEvents)
            let mean = left * gestureEvents / remaining - gestureMs
            t += r.range(0, 2 * max(0, mean))
            return
        }
        let k = r.below(100)
        if k < 50 { t += r.range(10, 120) } else if k < 85 { t += r.range(120, 400) } else { t += r.range(400, 1200) }
    }

    /// The whole script.
    public mutating func run() -> String {
        while events < targetEvents {
            let (before, start) = (events, t)
            gesture()
            pause(gestureEvents: events - before, gestureMs: t - start)
        }
        // All fingers lifted, the mouse let go, then 1 s and 1.5 s of quiet.
        for f in down.map(\.finger).sorted() {
            step()
            emit("up \(f)")
        }
        down.removeAll()
        if mouseDown {
            step()
            emit("mouse up \(pointer.0) \(pointer.1)")
        }
        quietStateTime = t + 1000
        state(at: quietStateTime)
        finalStateTime = t + 1500
        state(at: finalStateTime)
        return lines.joined(separator: "\n") + "\n"
    }
}
