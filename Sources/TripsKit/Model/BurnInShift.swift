import Foundation

/// A kiosk's guard against burn-in: what stays still on its screen (the
/// Overview's title, list and photos, the attract loop's caption) is drawn
/// a few points off its place, a new place every few minutes, never more
/// than `maxShift` points away. It follows the model's clock, so a replay
/// shows the same shifts at the same times.
enum BurnInShift {
    /// How long each place is kept, in seconds.
    static let periodSeconds: Double = 180
    static let maxShift: CGFloat = 4
    /// The places taken in turn, starting from none: each a few points from
    /// the last, so no step is a jump.
    static let offsets: [CGSize] = [
        CGSize(width: 0, height: 0), CGSize(width: 2, height: 1), CGSize(width: 3, height: -1), CGSize(width: 1, height: -3),
        CGSize(width: -1, height: -2), CGSize(width: -3, height: -1), CGSize(width: -2, height: 2), CGSize(width: 0, height: 3),
    ]

    /// Which place holds at `time` (model seconds).
    static func step(at time: Double) -> Int { Int((max(0, time) / periodSeconds).rounded(.down)) }

    static func offset(at time: Double) -> CGSize { offsets[step(at: time) % offsets.count] }

    /// When the next place comes.
    static func nextChange(after time: Double) -> Double { Double(step(at: time) + 1) * periodSeconds }
}

extension Scene.Command {
    /// The same drawing `offset` points away.
    func shifted(by offset: CGSize) -> Scene.Command {
        let (dx, dy) = (offset.width, offset.height)
        switch self {
        case let .fill(rect, color, radius): return .fill(rect.offsetBy(dx: dx, dy: dy), color: color, cornerRadius: radius)
        case let .photo(photo, frame, source, radius, placeholder, opacity):
            return .photo(photo: photo, frame: frame.offsetBy(dx: dx, dy: dy), source: source, cornerRadius: radius, placeholder: placeholder, opacity: opacity)
        case let .text(string, origin, width, size, weight, color, alignment):
            return .text(string, origin: CGPoint(x: origin.x + dx, y: origin.y + dy), width: width, size: size, weight: weight, color: color, alignment: alignment)
        case let .polygon(points, color): return .polygon(points.map { CGPoint(x: $0.x + dx, y: $0.y + dy) }, color: color)
        case let .clip(rect): return .clip(rect?.offsetBy(dx: dx, dy: dy))
        }
    }
}

extension LayoutElement {
    /// The element `offset` points away, all of it: what it draws, where it
    /// is touched and what a screen reader is told, its children with it.
    func shifted(by offset: CGSize) -> LayoutElement {
        guard offset != .zero else { return self }
        var moved = self
        moved.frame = frame.offsetBy(dx: offset.width, dy: offset.height)
        moved.drawing = drawing.map { $0.shifted(by: offset) }
        moved.accessible?.frame = accessible?.frame?.offsetBy(dx: offset.width, dy: offset.height)
        // A child's frame is in window points too: it moves as much.
        moved.children = children.map { $0.shifted(by: offset) }
        return moved
    }
}
