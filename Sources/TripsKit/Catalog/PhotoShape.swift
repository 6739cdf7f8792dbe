/// What the library reader learnt of one item before any decode: when
/// its EXIF (or its container) says it was taken, its upright width over
/// height (EXIF orientation applied), and whether and how it moves. The
/// attract loop pairs portrait photos by it (`PortraitPairs`), and the
/// Overview badges the items that move (`MotionBadge`); nil where the
/// file said nothing.
public struct PhotoShape: Equatable, Sendable {
    /// Seconds since 1970 UTC, the photo's own capture time (never a folder's or file's).
    public var taken: Double?
    /// Upright width / height.
    public var aspect: Double?
    public var kind: Kind
    /// How long a clip, or a live photo's clip, plays, in seconds; nil when not known.
    public var duration: Double?
    /// Where a live photo's clip is.
    public var liveClip: LiveClip?

    /// What an item is: a photo, an image that moves by itself, a video
    /// clip, or a photo with a short clip of the moment (a Live Photo, a
    /// Motion Photo).
    public enum Kind: Equatable, Sendable {
        case still, animated, clip, live
    }

    /// A live photo's clip: a file of the same name beside it (an
    /// iPhone's MOV), or bytes appended to it (a Motion Photo's MP4).
    public enum LiveClip: Equatable, Sendable {
        case beside(path: String)
        case embedded(offset: Int, length: Int)
    }

    public init(taken: Double?, aspect: Double?, kind: Kind = .still, duration: Double? = nil, liveClip: LiveClip? = nil) {
        self.taken = taken
        self.aspect = aspect
        self.kind = kind
        self.duration = duration
        self.liveClip = liveClip
    }

    /// Taller than wide, as known before decoding.
    public var isPortrait: Bool { aspect.map { $0 < 1 } ?? false }
}
