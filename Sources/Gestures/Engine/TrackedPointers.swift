import Foundation

/// The fingers one multi-touch recognizer follows, in its own coordinate
/// space, with their centroid (focal point) and spread. Capacity for ten
/// fingers is reserved up front so moves never allocate.
struct TrackedPointers {
    private(set) var ids: [PointerID] = []
    private(set) var points: [CGPoint] = []

    init() {
        ids.reserveCapacity(10)
        points.reserveCapacity(10)
    }

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }

    @inline(__always) func index(of id: PointerID) -> Int? {
        var i = 0
        while i < ids.count {
            if ids[i] == id { return i }
            i += 1
        }
        return nil
    }

    mutating func add(_ id: PointerID, _ p: CGPoint) {
        ids.append(id)
        points.append(p)
    }

    mutating func update(at i: Int, _ p: CGPoint) { points[i] = p }

    mutating func remove(at i: Int) {
        ids.remove(at: i)
        points.remove(at: i)
    }

    mutating func removeAll() {
        ids.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }

    var centroid: CGPoint {
        var sx: CGFloat = 0, sy: CGFloat = 0
        for p in points { sx += p.x; sy += p.y }
        let n = CGFloat(max(points.count, 1))
        return CGPoint(x: sx / n, y: sy / n)
    }

    /// Half the distance between the first two fingers (each one's distance
    /// from their midpoint); 0 with fewer than two.
    var pairSpan: CGFloat {
        guard points.count >= 2 else { return 0 }
        return points[0].distance(to: points[1]) / 2
    }

    /// Angle (radians) of the line from the first finger to the second.
    var angle: Double {
        guard points.count >= 2 else { return 0 }
        return Double(atan2(points[1].y - points[0].y, points[1].x - points[0].x))
    }
}
