import Foundation

/// The playground: the square, the circle, Reset and Back.
struct PlaygroundScene {
    let model: AppModel

    func make() -> Scene {
        let p = model.playground, theme = model.theme, strings = model.strings
        var c: [Scene.Command] = []
        c.append(.text(strings(.playground), origin: p.titleFrame.origin, width: p.titleFrame.width, size: theme.titleSize,
                       weight: .bold, color: theme.title, alignment: .center))
        c.appendPillButton(strings(.back), p.backFrame, theme: theme)
        c.appendPillButton(strings(.reset), p.resetFrame, theme: theme)
        c.append(.polygon(p.squareCorners, color: theme.square))
        let centre = p.circle, d = Playground.circleDiameter
        c.append(.fill(CGRect(x: centre.x - d / 2, y: centre.y - d / 2, width: d, height: d),
                       color: p.circleActive ? theme.circleActive : theme.circleRest, cornerRadius: d / 2))
        if let ring = model.focusFrame { c.appendFocusRing(ring, color: theme.focus) }
        return Scene(background: theme.background, commands: c)
    }
}
