import Foundation

extension AppModel {
    /// What to draw now. `imageSizes` are the pixel sizes of the photos
    /// decoded so far, by number (a photo not in it is drawn with its
    /// frame's own aspect). The scene also says what to decode photos for:
    /// strip thumbnails at `thumbnailSize`, anything larger at `photoSize`.
    public func scene(imageSizes: [Int: CGSize] = [:]) -> Scene {
        let imageSize: (Int) -> CGSize? = { imageSizes[$0] }
        var scene: Scene
        switch screen {
        case .overview: scene = OverviewScene(model: self, imageSize: imageSize).make()
        case .playground: scene = PlaygroundScene(model: self).make()
        case .attract:
            if let attract {
                scene = AttractScene(model: self, attract: attract, imageSize: imageSize).make()
            } else {
                scene = OverviewScene(model: self, imageSize: imageSize).make()
            }
        }
        scene.size = size
        scene.thumbnailSize = layout.photoSize
        // The Overview shows no photo larger than its big photo's room (a
        // picture decoded for the window was scaled down every frame: on
        // the software renderer, a third of the frame); the attract loop's
        // fill the window.
        let room = layout.bigPhoto.size
        scene.photoSize = screen == .overview && room.width >= 1 && room.height >= 1 ? room : size
        return scene
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
