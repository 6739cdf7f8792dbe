import Foundation

/// A colour with 8-bit channels, as SDL takes them.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
}

/// What one frame shows, in points, back to front. TripsKit decides what
/// goes where; the platform layer only turns these into SDL calls at the
/// window's pixel scale, so the whole picture is testable without a display.
public struct Scene: Equatable, Sendable {
    public enum TextWeight: Equatable, Sendable { case regular, bold }
    public enum TextAlignment: Equatable, Sendable { case leading, center, trailing }

    public enum Command: Equatable, Sendable {
        /// A filled rectangle with rounded corners (radius 0 for square).
        case fill(CGRect, color: RGBA, cornerRadius: CGFloat)
        /// Photo `photo` (a number in the catalog's `allPhotoPaths`) drawn to fill `frame`
        /// (aspect fill, cropped), clipped to rounded corners; `source` is the
        /// part of the picture shown, in unit coordinates (0...1).
        /// `placeholder` stands for it until it is decoded, or when it
        /// cannot be shown. `opacity` below 1 lets what is under it show
        /// (a cross-fade); at 0 nothing is drawn, but the photo is asked
        /// for, so it is decoded before it is needed.
        case photo(photo: Int, frame: CGRect, source: CGRect, cornerRadius: CGFloat, placeholder: Placeholder, opacity: Double = 1)
        /// One line of text whose box starts at `origin` (top), aligned within
        /// `width` from `origin.x`; cut with an ellipsis when too long.
        case text(String, origin: CGPoint, width: CGFloat, size: CGFloat, weight: TextWeight,
                  color: RGBA, alignment: TextAlignment)
        /// A filled convex polygon (the playground's turned square).
        case polygon([CGPoint], color: RGBA)
        /// Limits what the following commands draw to a rectangle (nil: the
        /// whole window), as a scroll view clips its content.
        case clip(CGRect?)
    }

    /// A tile with the trip's name centred on it, in the theme's colours;
    /// for a file that is no photo, its name with why under it.
    public struct Placeholder: Equatable, Sendable {
        public var label: String
        /// A second, smaller line under the label.
        public var detail: String?
        public var color: RGBA
        public var textColor: RGBA
        /// Bold, in points.
        public var textSize: CGFloat

        public init(label: String, detail: String? = nil, theme: Theme) {
            self.label = label
            self.detail = detail
            color = theme.placeholder
            textColor = theme.primaryText
            textSize = theme.rowTextSize
        }
    }

    public var background: RGBA
    public var commands: [Command]
    /// The window's size in points.
    public var size = CGSize.zero
    /// The largest a photo is shown unzoomed, in points: photos shown
    /// larger than a strip photo are decoded for it (a zoom past that takes
    /// detail tiles).
    public var photoSize = CGSize.zero
    /// A strip photo's size in points: what thumbnails are decoded for.
    public var thumbnailSize = CGSize.zero
    /// Photos (by number) to decode for the whole window before anything
    /// draws them: the attract loop's first slide while it is due.
    public var decodeAhead: [Int] = []

    /// The photo that may move (an animation or a clip playing in the big
    /// photo), and for how long it has been on screen, on the model's
    /// clock: the renderer shows the frame due at `seconds`, so a replay's
    /// virtual clock shows the same frame every run. Nil with reduced
    /// motion, or while the big photo closes or is in.
    public var moving: MovingPhoto?

    public struct MovingPhoto: Equatable, Sendable {
        public var photo: Int
        /// When it came on screen (the model's time), and how long ago that is.
        public var since: Double
        public var seconds: Double
        /// A Live Photo's or Motion Photo's clip, playing (once) while it is
        /// held; nil: the photo's own frames, if it moves.
        public var live: PhotoShape.LiveClip?
        /// Plays once, however short (a live clip; a clip in the attract loop).
        public var once: Bool
        /// Held at `seconds` (a clip paused or scrubbed): no frame is due.
        public var paused: Bool
        /// A clip whose sound plays (`M`); false: muted.
        public var sound = false
        /// Photo `photo`, on screen since `since` and now at `now`.
        public init(photo: Int, since: Double, now: Double, live: PhotoShape.LiveClip? = nil, once: Bool = false, paused: Bool = false) {
            (self.photo, self.since, seconds, self.live, self.once, self.paused) = (photo, since, now - since, live, once || live != nil, paused)
        }
    }

    public init(background: RGBA, commands: [Command] = []) {
        self.background = background
        self.commands = commands
    }

    /// The photos the scene draws, by number, in drawing order (what a
    /// first frame asks the loader for before there is a window).
    public var photoNumbers: [Int] {
        commands.compactMap { command in
            guard case let .photo(number, _, _, _, _, _) = command else { return nil }
            return number
        }
    }
}
