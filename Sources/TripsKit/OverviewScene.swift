import Foundation

/// Builds what the Overview shows: the title, the strip of trip photos, the
/// trip list, and a hint where the big photo will open.
public struct OverviewScene {
    public var layout: OverviewLayout
    public var trips: [Trip]
    public var theme: Theme
    public var title: String

    public init(layout: OverviewLayout, trips: [Trip], theme: Theme = .standard, title: String = "Trips") {
        self.layout = layout
        self.trips = trips
        self.theme = theme
        self.title = title
    }

    /// The scene at a strip scroll `offset`; `imageSize(i)` is the pixel size
    /// of trip i's photo when it is loaded (nil draws a placeholder crop).
    public func make(stripOffset: CGFloat, imageSize: (Int) -> CGSize?) -> Scene {
        var scene = Scene(background: theme.background)
        scene.commands.append(.text(title, origin: layout.title.origin, width: layout.title.width,
                                    size: theme.titleSize, weight: .bold, color: theme.title, alignment: .leading))
        let hint = layout.bigPhoto
        scene.commands.append(.text("Tap a photo to open it", origin: CGPoint(x: hint.minX, y: hint.midY - 10),
                                    width: hint.width, size: theme.secondarySize, weight: .regular,
                                    color: theme.secondaryText, alignment: .center))
        scene.commands.append(.clip(layout.strip))
        for index in layout.visibleStripItems(offset: stripOffset) where index < trips.count {
            let frame = layout.stripItem(index, offset: stripOffset)
            let source = PhotoGeometry.aspectFillSource(imageSize: imageSize(index) ?? frame.size, frameSize: frame.size)
            scene.commands.append(.photo(trip: index, frame: frame, source: source,
                                         cornerRadius: OverviewLayout.stripCornerRadius, label: trips[index].city))
        }
        scene.commands.append(.clip(nil))
        for (index, trip) in trips.enumerated() {
            let row = layout.listRow(index)
            guard row.minY < layout.list.maxY else { break }
            let textTop = row.midY - CGFloat(theme.rowTextSize) * 0.65
            scene.commands.append(.text(trip.city, origin: CGPoint(x: row.minX + 4, y: textTop), width: row.width * 0.6,
                                        size: theme.rowTextSize, weight: .regular, color: theme.primaryText, alignment: .leading))
            if let nights = trip.nightsText {
                scene.commands.append(.text(nights, origin: CGPoint(x: row.minX, y: textTop + 1), width: row.width - 4,
                                            size: theme.secondarySize, weight: .regular, color: theme.secondaryText,
                                            alignment: .trailing))
            }
            if index + 1 < trips.count {
                scene.commands.append(.fill(CGRect(x: row.minX, y: row.maxY - 0.5, width: row.width, height: 1),
                                            color: theme.separator, cornerRadius: 0))
            }
        }
        return scene
    }
}
