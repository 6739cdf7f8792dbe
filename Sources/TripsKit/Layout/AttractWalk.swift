import Foundation

/// The attract loop, walked once: one element, the window, drawing the
/// current photo full-window with its pan-and-zoom (or a portrait pair,
/// each whole in its half), the previous one under
/// it while the current fades in, the next one asked for (not drawn) so it
/// is decoded in time, and the caption; read as the photo and its caption.
/// Nothing to touch: a touch ends the loop before any gesture sees it.
struct AttractWalk {
    let model: AppModel
    let attract: Attract
    let imageSize: (Int) -> CGSize?

    func make() -> [LayoutElement] {
        let window = CGRect(origin: .zero, size: model.size), trips = model.catalog.trips
        var c: [Scene.Command] = []
        func photo(_ slide: Attract.Slide, zoom: CGFloat, center: CGPoint, opacity: Double) {
            let placeholder = Scene.Placeholder(label: trips[slide.trip].city, theme: model.theme)
            guard let pair = slide.pair else {
                let n = model.catalog.photoNumber(trip: slide.trip, photo: slide.photo)
                let source = PhotoGeometry.coverSource(imageSize: imageSize(n) ?? window.size, frameSize: window.size, zoom: zoom, center: center)
                c.append(.photo(photo: n, frame: window, source: source, cornerRadius: 0, placeholder: placeholder, opacity: opacity))
                return
            }
            // A pair: each photo whole, fitted to its half of the window.
            for (k, index) in [slide.photo, pair].enumerated() {
                let n = model.catalog.photoNumber(trip: slide.trip, photo: index)
                let half = CGRect(x: window.width / 2 * CGFloat(k), y: 0, width: window.width / 2, height: window.height)
                let fitted = PhotoGeometry.fittedView(imageSize: imageSize(n) ?? CGSize(width: 3, height: 4), frame: half, zoom: 1,
                                                      center: CGPoint(x: 0.5, y: 0.5))
                c.append(.photo(photo: n, frame: fitted.frame, source: fitted.source, cornerRadius: 0, placeholder: placeholder, opacity: opacity))
            }
        }
        if attract.isFading, let previous = attract.previous, let pz = attract.previousPanZoom(window: window.size) {
            photo(previous.slide, zoom: pz.zoom, center: pz.center, opacity: 1)
        }
        var slide = LayoutElement(id: .attractSlide, frame: window)
        if let current = attract.current {
            let pz = attract.currentPanZoom(window: window.size)
            photo(current, zoom: pz.zoom, center: pz.center, opacity: Double(attract.opacity))
            if let next = attract.next(model.slideState), next != current { photo(next, zoom: 1, center: CGPoint(x: 0.5, y: 0.5), opacity: 0) }
            // The caption at the bottom-left, on a dark band for contrast.
            let band = CGRect(x: 0, y: window.maxY - 72, width: window.width, height: 72)
            c.append(.fill(band, color: RGBA(0, 0, 0, 110), cornerRadius: 0))
            // The caption stays put while photos come and go: it moves against burn-in.
            c.append(Scene.Command.text(model.attractCaption(current), origin: CGPoint(x: 32, y: band.minY + 20), width: window.width - 64,
                                        size: 26, weight: .bold, color: RGBA(255, 255, 255), alignment: .leading).shifted(by: model.burnInOffset))
            slide.accessible = .init(label: model.strings(.photoOf, trips[current.trip].city), value: model.attractCaption(current), traits: ["image"])
        }
        slide.drawing = c
        return [slide]
    }
}
