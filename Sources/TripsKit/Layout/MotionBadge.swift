import Foundation

/// The small badge an item that moves wears on its tile in the strip and
/// the hero (a play sign and its length on a clip, "LIVE" on a Live or
/// Motion Photo, a stack of frames on an animation), and what a screen
/// reader says of it. Both come from the layout walk with the tile, so
/// what is drawn and what is read cannot disagree. In the tile's top
/// corner, a fifth of a strip tile's height: faces sit lower and nearer
/// the middle.
enum MotionBadge {
    static let height: CGFloat = 24
    static let margin: CGFloat = 8
    /// A tile shorter than this wears none (a strip squeezed by a small window).
    static let smallestTile: CGFloat = 64
    static let plate = RGBA(0, 0, 0, 150)
    static let ink = RGBA(255, 255, 255)

    /// What a screen reader says after the photo's label: "Video, 7
    /// seconds", "Live photo", "Animation"; nil for a still.
    static func spoken(_ shape: PhotoShape?, strings: Strings) -> String? {
        guard let shape else { return nil }
        switch shape.kind {
        case .still: return nil
        case .animated: return strings(.animation)
        case .live: return strings(.livePhoto)
        case .clip: return shape.duration.map { strings.count(.videoSeconds, max(1, Int($0.rounded()))) } ?? strings(.video)
        }
    }

    /// A clip's length as a player shows it: "0:07", "12:40", "1:02:03".
    static func duration(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// The badge's drawing in `tile`'s top-left corner; none for a still
    /// or a tile too small to wear one.
    static func drawing(_ shape: PhotoShape?, in tile: CGRect, strings: Strings) -> [Scene.Command] {
        guard let shape, shape.kind != .still, tile.height >= smallestTile, tile.width >= smallestTile else { return [] }
        let x = tile.minX + margin, y = tile.minY + margin, mid = y + height / 2
        let text: String?
        switch shape.kind {
        case .clip: text = shape.duration.map(duration)
        case .live: text = strings(.liveBadge)
        default: text = nil
        }
        let textSize: CGFloat = 13, textWidth = CGFloat(text?.count ?? 0) * 8.5
        let width = min(tile.width - 2 * margin, (text == nil ? 35 : 30 + textWidth + 6))
        var c: [Scene.Command] = [.fill(CGRect(x: x, y: y, width: width, height: height), color: plate, cornerRadius: height / 2)]
        switch shape.kind {
        case .clip: // a play sign
            c.append(.polygon([CGPoint(x: x + 11, y: mid - 6), CGPoint(x: x + 21, y: mid), CGPoint(x: x + 11, y: mid + 6)], color: ink))
        case .live: // a ring round a dot, as Photos marks one
            c.append(.fill(CGRect(x: x + 8, y: mid - 7, width: 14, height: 14), color: ink, cornerRadius: 7))
            c.append(.fill(CGRect(x: x + 10, y: mid - 5, width: 10, height: 10), color: RGBA(40, 40, 40), cornerRadius: 5))
            c.append(.fill(CGRect(x: x + 12.5, y: mid - 2.5, width: 5, height: 5), color: ink, cornerRadius: 2.5))
        default: // three frames stacked, the front one whole
            for (k, alpha) in [UInt8(90), 160, 255].enumerated() {
                let d = CGFloat(k) * 4
                c.append(.fill(CGRect(x: x + 8 + d, y: mid - 8 + d, width: 11, height: 11), color: RGBA(255, 255, 255, alpha), cornerRadius: 1))
            }
        }
        if let text {
            c.append(.text(text, origin: CGPoint(x: x + 26, y: mid - textSize * 0.62), width: width - 30, size: textSize, weight: .bold,
                           color: ink, alignment: .leading))
        }
        return c
    }
}
