import Foundation
import Gestures

extension AppModel {
    /// A finger no touch screen reports (SDL numbers them from 0): a
    /// reader's click lands as this finger's tap.
    public static let readerFinger = PointerID(9_000)

    /// A screen reader's action on an element of what is on screen now; an
    /// element that is not there (it went between the reader's look and
    /// its call) is left alone.
    func act(_ action: ReaderAction) {
        switch action {
        case .click(let id):
            // What a tap on it does: a finger down and up at its centre.
            guard let element = accessibilityElements.first(where: { $0.id == id }) else { return }
            let centre = CGPoint(x: element.frame.midX, y: element.frame.midY)
            handle(.pointer(PointerEvent(id: Self.readerFinger, phase: .down, location: centre, timestamp: time, kind: .touch)))
            handle(.pointer(PointerEvent(id: Self.readerFinger, phase: .up, location: centre, timestamp: time, kind: .touch)))
        case .focus(let name):
            focus(named: name)
        case .setValue(let id, let value):
            // What the element's value sets (the walk says, as it says what a tap does).
            layoutWalk().adjust(id, to: value)
        }
    }
}
