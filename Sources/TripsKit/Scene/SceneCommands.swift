import Foundation

/// The pieces both screens draw with.
extension Array where Element == Scene.Command {
    /// A capsule with its title centred: the buttons of both screens.
    mutating func appendPillButton(_ title: String, _ frame: CGRect, theme: Theme, fill: RGBA? = nil) {
        append(.fill(frame, color: fill ?? theme.separator, cornerRadius: frame.height / 2))
        append(.text(title, origin: CGPoint(x: frame.minX, y: frame.midY - 10), width: frame.width,
                     size: theme.secondarySize, weight: .regular, color: theme.primaryText, alignment: .center))
    }

    /// A 3 pt ring just outside `frame`.
    mutating func appendFocusRing(_ frame: CGRect, color: RGBA) {
        let r = frame.insetBy(dx: -4, dy: -4), w: CGFloat = 3
        append(.fill(CGRect(x: r.minX, y: r.minY, width: r.width, height: w), color: color, cornerRadius: 0))
        append(.fill(CGRect(x: r.minX, y: r.maxY - w, width: r.width, height: w), color: color, cornerRadius: 0))
        append(.fill(CGRect(x: r.minX, y: r.minY, width: w, height: r.height), color: color, cornerRadius: 0))
        append(.fill(CGRect(x: r.maxX - w, y: r.minY, width: w, height: r.height), color: color, cornerRadius: 0))
    }
}
