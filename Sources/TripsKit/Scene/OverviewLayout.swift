import Foundation

/// Where everything on the Overview goes, in points, for a window size.
///
/// At the phone size of the original lesson (402 x 874) the geometry is the
/// lesson's: 16 pt margins, the big photo 260 pt tall with 16 pt corners, 12 pt
/// above the strip, strip photos 180 pt tall spanning four of five columns
/// 12 pt apart. Portrait windows keep the trip list below the strip; wider
/// landscape windows move the list to a column on the right so the big photo
/// can take the room above the strip.
public struct OverviewLayout: Equatable, Sendable {
    public static let margin: CGFloat = 16
    public static let titleHeight: CGFloat = 40
    public static let gap: CGFloat = 12
    public static let stripHeight: CGFloat = 180
    public static let stripCornerRadius: CGFloat = 12
    public static let bigCornerRadius: CGFloat = 16
    public static let rowHeight: CGFloat = 52
    /// Five columns, a photo spans four, 12 pt apart (SwiftUI's
    /// `containerRelativeFrame(.horizontal, count: 5, span: 4, spacing: 12)`).
    public static let columns: CGFloat = 5
    public static let span: CGFloat = 4
    /// The lesson's phone: the layout that reproduces its numbers exactly.
    public static let phoneSize = CGSize(width: 402, height: 874)
    public static let phoneBigPhotoHeight: CGFloat = 260

    public let size: CGSize
    public let itemCount: Int
    public let title: CGRect
    /// The big photo's frame (its layout frame does not grow when zoomed).
    public let bigPhoto: CGRect
    /// The strip's visible area; photos scroll inside it.
    public let strip: CGRect
    /// One strip photo's size.
    public let photoSize: CGSize
    /// The trip list's area; each row spans its whole width.
    public let list: CGRect
    /// True when the list is a column at the right (landscape).
    public let listBeside: Bool
    /// Where the hero shows a trip while no photo is open: the big photo's
    /// room, in windows at least `heroMinimumWidth` wide (desktops, kiosks);
    /// nil on a phone, whose Overview is the lesson's.
    public let hero: CGRect?
    public static let heroMinimumWidth: CGFloat = 640

    public init(size: CGSize, itemCount: Int) {
        let w = max(size.width, 1), h = max(size.height, 1)
        self.size = CGSize(width: w, height: h)
        self.itemCount = max(0, itemCount)
        let m = Self.margin
        listBeside = w > h && w >= 640
        let listWidth: CGFloat = listBeside ? min(380, max(260, (w * 0.28).rounded())) : 0
        let contentWidth = w - listWidth
        title = CGRect(x: m, y: m, width: contentWidth - 2 * m, height: Self.titleHeight)
        let bigTop = title.maxY + Self.gap
        var stripTop: CGFloat
        if listBeside {
            stripTop = max(bigTop + Self.gap + 60, h - m - Self.stripHeight)
        } else {
            // The phone's list height stays fixed; extra height goes to the photo.
            let phoneStripTop = bigTop + Self.phoneBigPhotoHeight + Self.gap
            let phoneListSpace = Self.phoneSize.height - phoneStripTop
            stripTop = max(bigTop + Self.gap + 60, h - phoneListSpace)
        }
        // The big photo is never shorter than a strip photo: a short window
        // (2540 x 400, 360 x 360) takes the room from the list below the
        // strip first, then shares what is left between the two evenly.
        var stripHeight = Self.stripHeight
        if stripTop - Self.gap - bigTop < stripHeight {
            let shared = h - bigTop - Self.gap - m
            stripHeight = max(1, min(Self.stripHeight, (shared / 2).rounded(.down)))
            stripTop = bigTop + max(stripHeight, shared - stripHeight - (listBeside ? 0 : max(0, shared - 2 * Self.stripHeight))) + Self.gap
        }
        bigPhoto = CGRect(x: m, y: bigTop, width: contentWidth - 2 * m, height: stripTop - Self.gap - bigTop)
        strip = CGRect(x: 0, y: stripTop, width: contentWidth, height: stripHeight)
        hero = w >= Self.heroMinimumWidth ? bigPhoto : nil
        let container = contentWidth - 2 * m
        let columnWidth = (container - (Self.columns - 1) * Self.gap) / Self.columns
        photoSize = CGSize(width: max(1, columnWidth * Self.span + (Self.span - 1) * Self.gap), height: stripHeight)
        if listBeside {
            list = CGRect(x: contentWidth, y: m, width: listWidth - m, height: h - 2 * m)
        } else {
            let top = strip.maxY + Self.gap
            list = CGRect(x: m, y: top, width: w - 2 * m, height: max(0, h - m - top))
        }
    }

    /// Distance between the leading edges of neighbouring strip photos.
    public var pitch: CGFloat { photoSize.width + Self.gap }

    /// The frame of strip photo `index` when the strip is scrolled by `offset`
    /// points (offset 0 shows the first photo at the leading margin).
    public func stripItem(_ index: Int, offset: CGFloat = 0) -> CGRect {
        CGRect(x: strip.minX + Self.margin + CGFloat(index) * pitch - offset,
               y: strip.minY, width: photoSize.width, height: photoSize.height)
    }

    /// The largest scroll offset: the last photo aligned to the leading edge.
    public var maximumStripOffset: CGFloat { CGFloat(max(0, itemCount - 1)) * pitch }

    /// The offset that aligns the photo nearest to `offset` with the leading
    /// edge: the strip always settles on a photo.
    public func settledOffset(near offset: CGFloat) -> CGFloat {
        guard itemCount > 0 else { return 0 }
        let index = (offset / pitch).rounded()
        return min(max(0, index * pitch), maximumStripOffset)
    }

    /// The frame of list row `index` (whole width, gaps included).
    public func listRow(_ index: Int) -> CGRect {
        CGRect(x: list.minX, y: list.minY + CGFloat(index) * Self.rowHeight, width: list.width, height: Self.rowHeight)
    }

    /// The strip photos that can be seen at `offset`, so drawing skips the rest.
    public func visibleStripItems(offset: CGFloat) -> Range<Int> {
        // A spring may carry the strip well past either end: clamp before
        // turning points into indices, so no offset can make a bad range.
        guard itemCount > 0, offset.isFinite else { return 0..<0 }
        let span = CGFloat(itemCount + 1) * pitch
        let o = min(max(offset, -span), span)
        let first = min(itemCount, max(0, Int(((o - Self.margin) / pitch).rounded(.down))))
        let last = min(itemCount, max(first, Int(((o + strip.width) / pitch).rounded(.up)) + 1))
        return first..<last
    }
}
