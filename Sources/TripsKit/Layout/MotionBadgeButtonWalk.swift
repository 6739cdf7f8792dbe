import Foundation
import Gestures

/// The badge in the big photo's top-left corner, a button (`badgeButton`)
/// walked once so that what is drawn, touched and read comes from one
/// place. An animation's: the stack of frames the strip's badge wears,
/// and beside it a play sign while it is still (held, or with reduced
/// motion until it is tapped) or a pause sign while it plays; read "Play
/// animation" or "Pause animation". A clip's, with reduced motion until
/// it plays: a play sign and its length, read "Play".
struct MotionBadgeButtonWalk {
    let model: AppModel
    let strings: Strings

    static let size = CGSize(width: 72, height: 44)
    /// A clip's is wider, for its length.
    static let clipWidth: CGFloat = 96
    static let margin: CGFloat = 12

    /// The button's frame over `photo` (the big photo's frame).
    static func frame(over photo: CGRect, isClip: Bool = false) -> CGRect {
        CGRect(x: photo.minX + margin, y: photo.minY + margin, width: isClip ? clipWidth : size.width, height: size.height)
    }

    func element(over photo: CGRect) -> LayoutElement? {
        guard let badged = model.badgeButton, photo.width >= 3 * Self.size.width, photo.height >= 3 * Self.size.height else { return nil }
        let frame = Self.frame(over: photo, isClip: badged.isClip), plays = model.badgedPlays
        let mid = CGPoint(x: frame.minX + 26, y: frame.midY), ink = MotionBadge.ink
        var badge = LayoutElement(id: .button("motion-badge"), frame: frame)
        badge.drawing = [.fill(frame, color: MotionBadge.plate, cornerRadius: frame.height / 2)]
        let sign = badged.isClip ? mid : CGPoint(x: frame.maxX - 22, y: mid.y)
        if badged.isClip {
            let length = model.catalog.trips[model.bigPhoto.trip ?? 0].shape(photo: model.bigPhoto.page)?.duration
            badge.drawing.append(.text(length.map(MotionBadge.duration) ?? "", origin: CGPoint(x: mid.x + 14, y: mid.y - 9), width: frame.maxX - mid.x - 20,
                                       size: 14, weight: .bold, color: ink, alignment: .leading))
        } else {
            // Three frames stacked, the front one whole, as on the strip's tile.
            for (k, alpha) in [UInt8(90), 160, 255].enumerated() {
                let d = CGFloat(k) * 5
                badge.drawing.append(.fill(CGRect(x: mid.x - 12 + d, y: mid.y - 12 + d, width: 14, height: 14), color: RGBA(255, 255, 255, alpha), cornerRadius: 2))
            }
        }
        if plays {
            for dx in [-6.0, 2.0] { badge.drawing.append(.fill(CGRect(x: sign.x + dx, y: sign.y - 8, width: 4, height: 16), color: ink, cornerRadius: 1)) }
        } else {
            badge.drawing.append(.polygon([CGPoint(x: sign.x - 5, y: sign.y - 8), CGPoint(x: sign.x + 8, y: sign.y), CGPoint(x: sign.x - 5, y: sign.y + 8)], color: ink))
        }
        badge.touch = .init(make: { [unowned model] id, frame in
            .button(id, frame: frame, shape: .roundedRectangle(cornerRadius: frame.height / 2)) { model.tapMotionBadge() }
        }, onTop: true)
        badge.accessible = .init(label: strings(badged.isClip ? .play : plays ? .pauseAnimation : .playAnimation), traits: ["button"])
        return badge
    }
}
