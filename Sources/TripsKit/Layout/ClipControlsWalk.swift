import Foundation
import Gestures

/// A playing clip's controls over the foot of the big photo, walked once
/// so that what is drawn, touched and read comes from one place: a
/// play/pause button (a tap), a scrubber (a bar with the position that
/// answers a drag) and a sound button, read as buttons and an adjustable position.
struct ClipControlsWalk {
    let model: AppModel
    let strings: Strings

    static let barHeight: CGFloat = 56
    static let button: CGFloat = 44
    static let margin: CGFloat = 16
    /// Room left under the bar for the big photo's caption.
    static let captionRoom: CGFloat = 48

    /// The bar, the play/pause button, the scrubber's touch area and the
    /// sound button over `photo` (the big photo's frame); `withSound` false
    /// (a kiosk, whose clips stay muted): no room for it, which is empty.
    static func frames(over photo: CGRect, withSound: Bool = true) -> (bar: CGRect, button: CGRect, scrubber: CGRect, sound: CGRect) {
        let bar = CGRect(x: photo.minX + margin, y: photo.maxY - captionRoom - barHeight, width: max(0, photo.width - 2 * margin), height: barHeight)
        let button = CGRect(x: bar.minX + 6, y: bar.midY - Self.button / 2, width: Self.button, height: Self.button)
        let sound = CGRect(x: max(button.maxX, bar.maxX - 6 - Self.button), y: button.minY, width: withSound ? Self.button : 0, height: Self.button)
        let scrubber = CGRect(x: button.maxX + 12, y: bar.midY - Self.button / 2, width: max(0, (withSound ? sound.minX - 12 : bar.maxX - 20) - button.maxX - 12), height: Self.button)
        return (bar, button, scrubber, sound)
    }

    func elements(over photo: CGRect) -> [LayoutElement] {
        guard let clip = model.playingClip else { return [] }
        let withSound = model.mode != .kiosk
        let (bar, buttonFrame, scrubberFrame, soundFrame) = Self.frames(over: photo, withSound: withSound)
        let paused = model.clipControls.pausedAt != nil
        let length = clip.seconds ?? 0, position = model.clipPosition
        let fraction = length > 0 ? min(max(position / length, 0), 1) : 0
        let white = RGBA(255, 255, 255)

        var button = LayoutElement(id: .button("clip-play"), frame: buttonFrame)
        button.drawing = [.fill(bar, color: RGBA(0, 0, 0, 150), cornerRadius: Self.barHeight / 2)]
        let mid = CGPoint(x: buttonFrame.midX, y: buttonFrame.midY)
        if paused {
            // A play sign: a triangle pointing right.
            button.drawing.append(.polygon([CGPoint(x: mid.x - 7, y: mid.y - 10), CGPoint(x: mid.x + 11, y: mid.y), CGPoint(x: mid.x - 7, y: mid.y + 10)],
                                           color: white))
        } else {
            // A pause sign: two bars.
            for dx in [-7.0, 3.0] { button.drawing.append(.fill(CGRect(x: mid.x + dx, y: mid.y - 10, width: 5, height: 20), color: white, cornerRadius: 1)) }
        }
        button.touch = .init(make: { [unowned model] id, frame in .button(id, frame: frame, shape: .circle) { model.toggleClipPause() } }, onTop: true)
        button.accessible = .init(label: strings(paused ? .play : .pause), traits: ["button"])

        var scrubber = LayoutElement(id: .button("clip-scrubber"), frame: scrubberFrame)
        let track = CGRect(x: scrubberFrame.minX, y: scrubberFrame.midY - 2, width: scrubberFrame.width, height: 4)
        let knobX = track.minX + track.width * CGFloat(fraction)
        scrubber.drawing = [
            .fill(track, color: RGBA(255, 255, 255, 90), cornerRadius: 2),
            .fill(CGRect(x: track.minX, y: track.minY, width: knobX - track.minX, height: track.height), color: white, cornerRadius: 2),
            .fill(CGRect(x: knobX - 8, y: track.midY - 8, width: 16, height: 16), color: white, cornerRadius: 8),
        ]
        scrubber.touch = .init(make: { [unowned model] id, frame in
            let width = max(1, frame.width)
            return GestureNode(id, frame: frame, shape: .rectangle).gesture(DragGesture(minimumDistance: 0)
                .onChanged { model.scrubClip(to: Double($0.location.x / width)) }
                .onEnded { model.scrubClip(to: Double($0.location.x / width), ended: true) })
        }, onTop: true)
        scrubber.accessible = .init(label: strings(.clipPosition),
                                    value: strings(.clipPositionOf, MotionBadge.duration(position), MotionBadge.duration(length)),
                                    traits: ["adjustable"],
                                    range: .init(current: position, minimum: 0, maximum: length, step: 1),
                                    adjust: { [unowned model] in model.scrubClip(to: length > 0 ? $0 / length : 0, ended: true) })
        return [button, scrubber] + (withSound ? [soundButton(soundFrame)] : [])
    }

    /// The sound button: a speaker with waves while the sound plays, crossed
    /// out while muted; read as what a tap does ("Sound on", "Sound off").
    private func soundButton(_ frame: CGRect) -> LayoutElement {
        let on = model.clipSoundOn
        let white = RGBA(255, 255, 255)
        let x = frame.midX - 10, y = frame.midY
        var button = LayoutElement(id: .button("clip-sound"), frame: frame)
        button.drawing = [
            .fill(CGRect(x: x, y: y - 4, width: 5, height: 8), color: white, cornerRadius: 1),
            .polygon([CGPoint(x: x + 4, y: y - 4), CGPoint(x: x + 11, y: y - 10), CGPoint(x: x + 11, y: y + 10), CGPoint(x: x + 4, y: y + 4)], color: white),
        ]
        if on {
            // Two waves, as bars of growing height.
            for (dx, half) in [(15.0, 4.0), (20.0, 8.0)] {
                button.drawing.append(.fill(CGRect(x: x + dx, y: y - half, width: 2.5, height: 2 * half), color: white, cornerRadius: 1))
            }
        } else {
            // A cross: two thin bars turned a quarter each way.
            let c = CGPoint(x: x + 20, y: y), r = 5.0, w = 1.4
            button.drawing.append(.polygon([CGPoint(x: c.x - r - w, y: c.y - r + w), CGPoint(x: c.x - r + w, y: c.y - r - w),
                                            CGPoint(x: c.x + r + w, y: c.y + r - w), CGPoint(x: c.x + r - w, y: c.y + r + w)], color: white))
            button.drawing.append(.polygon([CGPoint(x: c.x + r - w, y: c.y - r - w), CGPoint(x: c.x + r + w, y: c.y - r + w),
                                            CGPoint(x: c.x - r + w, y: c.y + r + w), CGPoint(x: c.x - r - w, y: c.y + r - w)], color: white))
        }
        button.touch = .init(make: { [unowned model] id, frame in .button(id, frame: frame, shape: .circle) { model.toggleClipSound() } }, onTop: true)
        button.accessible = .init(label: strings(on ? .soundOff : .soundOn), traits: ["button"])
        return button
    }
}
