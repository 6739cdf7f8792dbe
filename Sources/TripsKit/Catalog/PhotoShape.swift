/// What the library reader learnt of one photo before any decode: when
/// its EXIF says it was taken and its upright width over height (EXIF
/// orientation applied). The attract loop pairs portrait photos by it
/// (`PortraitPairs`); nil where the file said nothing.
public struct PhotoShape: Equatable, Sendable {
    /// Seconds since 1970 UTC, the photo's own capture time (never a folder's or file's).
    public var taken: Double?
    /// Upright width / height.
    public var aspect: Double?

    public init(taken: Double?, aspect: Double?) {
        self.taken = taken
        self.aspect = aspect
    }

    /// Taller than wide, as known before decoding.
    public var isPortrait: Bool { aspect.map { $0 < 1 } ?? false }
}
