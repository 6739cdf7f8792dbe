import Foundation
import Gestures

/// An animation's badge in the big photo's top-left corner, a button
/// walked once so that what is drawn, touched and read comes from one
/// place: the stack of frames the strip's badge wears, and beside it a
/// play sign while the animation is still (with reduced motion, until it
/// is tapped) or a pause sign while it plays; read "Play animation" or
/// "Pause animation".
struct AnimationBadgeWalk {
    let model: AppModel
    let strings: Strings

    static let size = CGSize(width: 72, height: 44)
    static let margin: CGFloat = 12

    /// The button's frame over `photo` (the big photo's frame).
    static func frame(over photo: CGRect) -> CGRect {
        CGRect(x: photo.minX + margin, y: photo.minY + margin, width: size.width, height: size.height)
    }

    func element(over photo: CGRect) -> LayoutElement? {
        guard model.shownAnimation != nil, photo.width >= 3 * Self.size.width, photo.height >= 3 * Self.size.height else { return nil }
        let frame = Self.frame(over: photo), plays = model.animationPlays
        let mid = CGPoint(x: frame.minX + 26, y: frame.midY), ink = MotionBadge.ink
        var badge = LayoutElement(id: .button("animation-play"), frame: frame)
        badge.drawing = [.fill(frame, color: MotionBadge.plate, cornerRadius: frame.height / 2)]
        // Three frames stacked, the front one whole, as on the strip's tile.
        for (k, alpha) in [UInt8(90), 160, 255].enumerated() {
            let d = CGFloat(k) * 5
            badge.drawing.append(.fill(CGRect(x: mid.x - 12 + d, y: mid.y - 12 + d, width: 14, height: 14), color: RGBA(255, 255, 255, alpha), cornerRadius: 2))
        }
        let sign = CGPoint(x: frame.maxX - 22, y: mid.y)
        if plays {
            for dx in [-6.0, 2.0] { badge.drawing.append(.fill(CGRect(x: sign.x + dx, y: sign.y - 8, width: 4, height: 16), color: ink, cornerRadius: 1)) }
        } else {
            badge.drawing.append(.polygon([CGPoint(x: sign.x - 5, y: sign.y - 8), CGPoint(x: sign.x + 8, y: sign.y), CGPoint(x: sign.x - 5, y: sign.y + 8)], color: ink))
        }
        badge.touch = .init(make: { [unowned model] id, frame in
            .button(id, frame: frame, shape: .roundedRectangle(cornerRadius: frame.height / 2)) { model.toggleAnimation() }
        }, onTop: true)
        badge.accessible = .init(label: strings(plays ? .pauseAnimation : .playAnimation), traits: ["button"])
        return badge
    }
}
