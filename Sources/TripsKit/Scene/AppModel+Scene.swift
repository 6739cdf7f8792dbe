import Foundation

extension AppModel {
    /// What to draw now; `imageSize(number)` is the pixel size of a loaded
    /// photo (nil draws with the frame's own aspect).
    public func scene(imageSize: @escaping (Int) -> CGSize?) -> Scene {
        switch screen {
        case .overview: return OverviewScene(model: self, imageSize: imageSize).make()
        case .playground: return PlaygroundScene(model: self).make()
        case .attract:
            guard let attract else { return OverviewScene(model: self, imageSize: imageSize).make() }
            return AttractScene(model: self, attract: attract, imageSize: imageSize).make()
        }
    }

    /// Where the focus ring goes, if the focus is on something shown.
    public var focusFrame: CGRect? {
        guard let focus else { return nil }
        switch focus {
        case .stripPhoto(let trip):
            // Around the part of the photo the strip shows: a photo half
            // under the list is drawn clipped, and so is its ring.
            guard let p = strip.position(of: trip), trip != bigPhoto.trip else { return nil }
            let shown = strip.drawnFrame(position: p, layout: layout).intersection(layout.strip)
            return shown.isNull || shown.isEmpty ? nil : shown
        case .row(let trip):
            return strip.position(of: trip).map { layout.listRow($0) }
        case .bigPhoto:
            return bigPhoto.isOut ? bigPhoto.drawnFrame : nil
        case .button("playground"):
            return screen == .overview ? playgroundButtonFrame : nil
        case .button("reset"):
            return screen == .playground ? playground.resetFrame : nil
        case .button:
            return nil
        }
    }
}
