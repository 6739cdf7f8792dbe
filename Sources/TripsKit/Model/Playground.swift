import Foundation
import Gestures
import Motion

/// The second screen, for the gesture vocabulary itself (docs/BEHAVIOUR.md, "The
/// playground"): a 150 pt square that drags, pinches and rotates at once and
/// eases back (0.2 s) until wholly inside the window when the fingers lift;
/// a Reset button; and a circle that must be held 0.5 s before it drags,
/// red while held or dragged, blue at rest.
public final class Playground {
    public static let squareSide: CGFloat = 150
    public static let circleDiameter: CGFloat = 90
    public static let easeBack = Animation.spring(duration: 0.2)
    public static let resetAnimation = Animation.spring(duration: 0.4)

    private let animator: Animator
    private var size: CGSize = .zero
    /// The square's centre, scale and angle (radians): lasting values.
    let squareCenter: Animated<CGPoint>
    let squareScale: Animated<CGFloat>
    let squareAngle: Animated<CGFloat>
    /// The live gesture values, folded into the lasting ones at the end.
    @GestureState var drag = CGSize.zero
    @GestureState var magnification: CGFloat = 1
    @GestureState var rotation = Angle.zero
    let circleCenter: Animated<CGPoint>
    /// Pressing or dragging the circle (red while true), as in SwiftUI's own
    /// example of a sequenced long press: true from `.first(true)` on.
    @GestureState public var circleActive = false
    @GestureState var circleDrag = CGSize.zero
    /// Things that happened, for the app's events.
    public enum Event: Equatable, Sendable { case reset }
    private let emit: (Event) -> Void

    init(animator: Animator, emit: @escaping (Event) -> Void) {
        self.animator = animator
        self.emit = emit
        squareCenter = Animated(.zero, animator: animator, restThreshold: 0.1)
        squareScale = Animated(1, animator: animator, restThreshold: 0.001)
        squareAngle = Animated(0, animator: animator, restThreshold: 0.001)
        circleCenter = Animated(.zero, animator: animator, restThreshold: 0.1)
    }

    /// Square and circle where Reset puts them (or on their way there).
    var isAtHome: Bool {
        squareCenter.target == homeCenter && squareScale.target == 1 && squareAngle.target == 0 && circleCenter.target == circleHome
    }

    var homeCenter: CGPoint { CGPoint(x: size.width / 2, y: size.height / 2) }
    var circleHome: CGPoint { CGPoint(x: size.width / 2, y: min(size.height - 70, size.height / 2 + 180)) }
    var resetFrame: CGRect { CGRect(x: size.width / 2 - 60, y: 72, width: 120, height: 40) }
    var backFrame: CGRect { CGRect(x: 16, y: 16, width: 110, height: 40) }
    /// The title's box: centred on the window, clear of Back; where that
    /// leaves too little room (a phone), the rest of the row right of Back,
    /// so a longer translation is not drawn under the button.
    var titleFrame: CGRect {
        let inset = backFrame.maxX + 8
        let symmetric = CGRect(x: inset, y: 24, width: size.width - 2 * inset, height: 36)
        return symmetric.width >= 300 ? symmetric : CGRect(x: inset, y: 24, width: max(0, size.width - 16 - inset), height: 36)
    }

    /// The window's new size: what was at its home place goes to the new
    /// one (the middle moved with the window); the square elsewhere is
    /// brought wholly inside.
    func relayout(size newSize: CGSize) {
        let first = size == .zero
        let squareHome = squareCenter.target == homeCenter, circleAtHome = circleCenter.target == circleHome
        size = newSize
        if first || squareHome { squareCenter.jump(to: homeCenter) }
        if first || circleAtHome { circleCenter.jump(to: circleHome) }
        if !first { keepInside(animated: false) }
    }

    /// The square as drawn: centre, scale and angle with the live gesture.
    public var square: (center: CGPoint, scale: CGFloat, angle: CGFloat) {
        let c = squareCenter.presentationValue
        return (CGPoint(x: c.x + drag.width, y: c.y + drag.height),
                squareScale.presentationValue * magnification,
                squareAngle.presentationValue + CGFloat(rotation.radians))
    }

    /// The square's four corners as drawn.
    public var squareCorners: [CGPoint] {
        let s = square, half = Self.squareSide * s.scale / 2
        let c = cos(s.angle), n = sin(s.angle)
        return [(-half, -half), (half, -half), (half, half), (-half, half)].map { dx, dy in
            CGPoint(x: s.center.x + dx * c - dy * n, y: s.center.y + dx * n + dy * c)
        }
    }

    public var circle: CGPoint {
        let c = circleCenter.presentationValue
        return CGPoint(x: c.x + circleDrag.width, y: c.y + circleDrag.height)
    }

    /// Puts the square back to its first size, angle and place.
    func reset() {
        squareCenter.animate(to: homeCenter, with: Self.resetAnimation)
        squareScale.animate(to: 1, with: Self.resetAnimation)
        squareAngle.animate(to: 0, with: Self.resetAnimation)
        circleCenter.animate(to: circleHome, with: Self.resetAnimation)
        emit(.reset)
    }

    /// Eases the square back until wholly inside the window.
    private func keepInside(animated: Bool) {
        let corners = squareCorners
        let xs = corners.map(\.x), ys = corners.map(\.y)
        var dx: CGFloat = 0, dy: CGFloat = 0
        let w = xs.max()! - xs.min()!, h = ys.max()! - ys.min()!
        if w > size.width { dx = size.width / 2 - (xs.min()! + w / 2) }
        else if xs.min()! < 0 { dx = -xs.min()! } else if xs.max()! > size.width { dx = size.width - xs.max()! }
        if h > size.height { dy = size.height / 2 - (ys.min()! + h / 2) }
        else if ys.min()! < 0 { dy = -ys.min()! } else if ys.max()! > size.height { dy = size.height - ys.max()! }
        guard dx != 0 || dy != 0 else { return }
        let target = CGPoint(x: squareCenter.currentValue.x + dx, y: squareCenter.currentValue.y + dy)
        if animated { squareCenter.animate(to: target, with: Self.easeBack) } else { squareCenter.jump(to: target) }
    }

    private func squareEnded(_ translation: CGSize, _ scale: CGFloat, _ angle: Angle) {
        let c = squareCenter.currentValue
        squareCenter.jump(to: CGPoint(x: c.x + translation.width, y: c.y + translation.height))
        squareScale.jump(to: min(max(squareScale.currentValue * (scale.isFinite ? scale : 1), 0.2), 8))
        squareAngle.jump(to: squareAngle.currentValue + CGFloat(angle.radians))
    }

    // MARK: Gestures

    /// The square's node: drag, pinch and rotate at once, folded into its
    /// lasting values when the fingers lift.
    func squareNode(id: String) -> GestureNode {
        let s = square
        let side = Self.squareSide
        let squareNode = GestureNode(id, frame: CGRect(x: s.center.x - side / 2, y: s.center.y - side / 2, width: side, height: side),
                                     shape: .rectangle)
        squareNode.scale = CGSize(width: s.scale, height: s.scale)
        squareNode.rotation = .radians(Double(s.angle))
        var last: (CGSize, CGFloat, Angle) = (.zero, 1, .zero)
        let all = DragGesture(minimumDistance: 0)
            .updating($drag) { v, state, _ in state = v.translation }
            .simultaneously(with: MagnifyGesture().updating($magnification) { v, state, _ in state = v.magnification })
            .simultaneously(with: RotateGesture().updating($rotation) { v, state, _ in state = v.rotation })
            .onChanged { value in
                last = (value.first?.first?.translation ?? last.0, value.first?.second?.magnification ?? last.1, value.second?.rotation ?? last.2)
            }
            .onEnded { [weak self] _ in
                guard let self else { return }
                self.squareEnded(last.0, last.1, last.2)
                last = (.zero, 1, .zero)
                self.keepInside(animated: true)
            }
        return squareNode.gesture(all)
    }

    /// The circle's node at `frame`: held 0.5 s, then it drags.
    func circleNode(id: String, frame: CGRect) -> GestureNode {
        let circleNode = GestureNode(id, frame: frame, shape: .circle)
        var circleTravel = CGSize.zero
        circleNode.gesture(LongPressGesture(minimumDuration: 0.5)
            .sequenced(before: DragGesture(minimumDistance: 0))
            .updating($circleActive) { value, state, _ in
                switch value {
                case .first(true), .second(true, _): state = true
                default: break
                }
            }
            .updating($circleDrag) { value, state, _ in
                if case .second(true, let drag?) = value { state = drag.translation; circleTravel = drag.translation }
            }
            .onEnded { [weak self] _ in
                guard let self else { return }
                let p = self.circleCenter.currentValue
                self.circleCenter.jump(to: CGPoint(x: min(max(p.x + circleTravel.width, 0), self.size.width),
                                                   y: min(max(p.y + circleTravel.height, 0), self.size.height)))
                circleTravel = .zero
            })
        return circleNode
    }
}
