import Foundation
import Gestures

/// The playground, walked once: its title, Back and Reset, the square and
/// the circle, and the keyboard focus ring.
struct PlaygroundWalk {
    let model: AppModel

    func make() -> [LayoutElement] {
        let model = self.model, p = model.playground, theme = model.theme, strings = model.strings, say = strings
        var out: [LayoutElement] = []
        out.append(LayoutElement(id: .playgroundTitle, frame: p.titleFrame, drawing: [
            .text(strings(.playground), origin: p.titleFrame.origin, width: p.titleFrame.width, size: theme.titleSize,
                  weight: .bold, color: theme.title, alignment: .center),
        ], accessible: .init(label: say(.playground), traits: ["header"], place: .header)))
        // The buttons take touches above the square and the circle even where they are drawn over them.
        out.append(.pillButton("back", title: say(.back), frame: p.backFrame, theme: theme, onTop: true) { [unowned model] in model.show(.overview) })
        out.append(.pillButton("reset", title: say(.reset), frame: p.resetFrame, theme: theme, onTop: true) { [weak p] in p?.reset() })
        let xs = p.squareCorners.map(\.x), ys = p.squareCorners.map(\.y)
        let square = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        out.append(LayoutElement(id: .square, frame: square, drawing: [.polygon(p.squareCorners, color: theme.square)],
                                 touch: .init { [unowned p] id, _ in p.squareNode(id: id) },
                                 accessible: .init(label: say(.square), value: String(format: "%.0f%%, %.0f°", Double(p.square.scale * 100), Double(p.square.angle * 180 / .pi)),
                                                   traits: ["image"])))
        let centre = p.circle, d = Playground.circleDiameter
        let circle = CGRect(x: centre.x - d / 2, y: centre.y - d / 2, width: d, height: d)
        out.append(LayoutElement(id: .circle, frame: circle,
                                 drawing: [.fill(circle, color: p.circleActive ? theme.circleActive : theme.circleRest, cornerRadius: d / 2)],
                                 touch: .init { [unowned p] id, frame in p.circleNode(id: id, frame: frame) },
                                 accessible: .init(label: say(.circle), value: p.circleActive ? say(.held) : "", traits: ["image"])))
        if let ring = model.focusFrame {
            var c: [Scene.Command] = []
            c.appendFocusRing(ring, color: theme.focus)
            out.append(LayoutElement(id: .focusRing, frame: ring, drawing: c))
        }
        return out
    }
}
