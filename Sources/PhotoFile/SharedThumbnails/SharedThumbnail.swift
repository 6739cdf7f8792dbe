/// The rules of the freedesktop Thumbnail Managing Standard, the cache the
/// desktop's file managers and viewers share: `$XDG_CACHE_HOME/thumbnails`
/// (else `~/.cache/thumbnails`), a folder a size (`normal` 128, `large`
/// 256, `x-large` 512, `xx-large` 1024 pixels at most a side), each
/// thumbnail a PNG named by the MD5 of its file's URI (`FileURI`), valid
/// while its `Thumb::URI` and `Thumb::MTime` keys (and `Thumb::Size`, when
/// there) say the file as it is now. A file no thumbnail can be made of
/// gets an entry under `fail/APP-VERSION/` instead, so it is not tried again.
public enum SharedThumbnail {
    /// The cache's sizes: the largest side of a thumbnail in each folder.
    public enum Size: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        public var folder: String {
            switch self {
            case .normal: return "normal"
            case .large: return "large"
            case .xLarge: return "x-large"
            case .xxLarge: return "xx-large"
            }
        }

        /// The smallest size whose thumbnails cover `target` pixels (aspect
        /// fill of a picture that is no flatter than 4:1 either way), or nil
        /// when even xx-large is too small (a HiDPI strip: the photo is decoded).
        public static func covering(_ target: (width: Int, height: Int)) -> Size? {
            allCases.first { $0.rawValue >= max(target.width, target.height) }
        }

        /// The thumbnail's size for a picture of `image` pixels: its largest
        /// side at most this size's, never larger than the picture.
        public func fit(_ image: (width: Int, height: Int)) -> (width: Int, height: Int) {
            let side = Double(rawValue), longest = Double(max(image.width, image.height))
            guard image.width > 0, image.height > 0, longest > side else { return image }
            let scale = side / longest
            return (max(1, Int((Double(image.width) * scale).rounded())), max(1, Int((Double(image.height) * scale).rounded())))
        }
    }

    /// A photo file as it is now: what a valid thumbnail of it must say.
    public struct Source: Equatable, Sendable {
        public var uri: String
        /// Seconds since 1970, as `Thumb::MTime` writes it.
        public var modified: Int
        public var bytes: Int

        public init(uri: String, modified: Int, bytes: Int) {
            self.uri = uri
            self.modified = modified
            self.bytes = bytes
        }

        /// The file name of its thumbnail (and failure entry): MD5 of the URI, ".png".
        public var fileName: String { MD5.hex(Array(uri.utf8)) + ".png" }
    }

    /// The keys a thumbnail must have to be judged (`PNGChunks.textKeys`
    /// need not walk past the pixels once it has them).
    public static let requiredKeys: Set<String> = ["Thumb::URI", "Thumb::MTime"]

    /// Why a thumbnail's keys do not describe `source` (stale, another
    /// file's, or not a thumbnail), or nil when it is valid.
    public static func problem(keys: [String: String], for source: Source) -> String? {
        guard let uri = keys["Thumb::URI"] else { return "it has no Thumb::URI" }
        guard uri == source.uri else { return "its Thumb::URI is another file's" }
        guard let mtime = keys["Thumb::MTime"] else { return "it has no Thumb::MTime" }
        guard Int(mtime) == source.modified else { return "its Thumb::MTime \(mtime) is not the file's \(source.modified) (stale)" }
        if let size = keys["Thumb::Size"], Int(size) != source.bytes {
            return "its Thumb::Size \(size) is not the file's \(source.bytes) (stale)"
        }
        return nil
    }

    /// The photo's own size as a thumbnail's optional keys give it, when they do.
    public static func imageSize(keys: [String: String]) -> (width: Int, height: Int)? {
        guard let w = keys["Thumb::Image::Width"].flatMap({ Int($0) }), let h = keys["Thumb::Image::Height"].flatMap({ Int($0) }),
              w > 0, h > 0 else { return nil }
        return (w, h)
    }

    /// The keys a thumbnail (or, without `image`, a failure entry) of
    /// `source` carries: the spec's required URI and MTime, its Size, the
    /// photo's pixel size and the Software that made it.
    public static func keys(for source: Source, image: (width: Int, height: Int)?, software: String) -> [(key: String, value: String)] {
        var keys = [("Thumb::URI", source.uri), ("Thumb::MTime", String(source.modified)), ("Thumb::Size", String(source.bytes))]
        if let image { keys += [("Thumb::Image::Width", String(image.width)), ("Thumb::Image::Height", String(image.height))] }
        return (keys + [("Software", software)]).map { (key: $0.0, value: $0.1) }
    }

    /// Where the cache lives: `$XDG_CACHE_HOME/thumbnails`, else `$HOME/.cache/thumbnails`.
    public static func root(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/thumbnails" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/thumbnails"
    }

    /// The folder of failure entries of an app: `fail/APP-VERSION`.
    public static func failFolder(app: String, version: String) -> String { "fail/\(app)-\(version)" }
}
