import Foundation
import PhotoFile

/// What `trips PATH...` opens (docs/BEHAVIOUR.md, "Paths on the command
/// line"): a folder as a library, one photo big inside its folder's trips,
/// several photos as one trip paged among them. Each path is looked at
/// once, without opening it for reading beyond a photo's header (a FIFO is
/// never read), so a bad one is named before any window opens.
public struct LaunchPaths: Equatable, Sendable {
    /// A path that cannot be opened, and why, for the line that names it.
    public struct Refusal: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "trips: \(path): \(reason)" }
    }

    public enum Opening: Equatable, Sendable {
        /// A folder, read as `--photos` reads it.
        case library(folder: String)
        /// One photo: its folder as a library, the photo open big in its trip.
        case photoInFolder(folder: String, photo: String)
        /// Several photos (bad ones among them stay as placeholders): one
        /// trip named by the first one's folder, open at `first`.
        case photos([String], first: String)
    }

    /// What opens; nil when no path could be (`refusals` say why, and the
    /// app ends with `ExitCode.badInput`).
    public var opening: Opening?
    /// Every path that cannot be shown, in the order given.
    public var refusals: [Refusal]
    /// Paths left aside (a second folder, a folder among photos), with why.
    public var ignored: [Refusal]

    /// What the options read and open for `opening`: a library's folder
    /// becomes `photosFolder`; several photos are one trip, named by the
    /// first photo's folder. `photo` is the one to open big at the start.
    public func applied(to options: LaunchOptions) -> (options: LaunchOptions, catalog: TripCatalog?, photo: String?) {
        var options = options
        switch opening {
        case nil:
            return (options, nil, nil)
        case .library(let folder)?:
            options.photosFolder = folder
            return (options, nil, nil)
        case .photoInFolder(let folder, let photo)?:
            options.photosFolder = folder
            return (options, nil, photo)
        case .photos(let paths, let first)?:
            let folder = (first as NSString).deletingLastPathComponent
            let city = folder == "/" ? "/" : (folder as NSString).lastPathComponent
            let trip = Trip(id: "photos", city: city, nights: nil, photoPaths: paths, coverIndex: paths.firstIndex(of: first) ?? 0)
            return (options, TripCatalog(trips: [trip]), first)
        }
    }

    /// What a path is, as far as the launch cares.
    enum Kind: Equatable { case folder, photo, refused(String) }

    /// Looks at `paths` (relative ones from `directory`).
    public static func resolve(_ paths: [String], from directory: String) -> LaunchPaths {
        let absolute = paths.map { path -> String in
            let full = path.hasPrefix("/") ? path : directory + "/" + path
            return (full as NSString).standardizingPath
        }
        let kinds = zip(paths, absolute).map { ($0, $1, kind(of: $1)) }
        var result = LaunchPaths(opening: nil, refusals: [], ignored: [])
        for case let (given, _, .refused(reason)) in kinds { result.refusals.append(Refusal(path: given, reason: reason)) }
        let folders = kinds.filter { $0.2 == .folder }
        let photos = kinds.filter { $0.2 == .photo }
        if photos.isEmpty, let folder = folders.first {
            result.opening = .library(folder: folder.1)
            for other in folders.dropFirst() { result.ignored.append(Refusal(path: other.0, reason: "only one folder opens at a time; left aside")) }
        } else if photos.count == 1 && kinds.count == 1, let photo = photos.first {
            result.opening = .photoInFolder(folder: (photo.1 as NSString).deletingLastPathComponent, photo: photo.1)
        } else if let first = photos.first {
            // Bad files stay in the trip, as placeholders, where they were given.
            result.opening = .photos(kinds.filter { $0.2 != .folder }.map(\.1), first: first.1)
            for folder in folders { result.ignored.append(Refusal(path: folder.0, reason: "a folder among photos is left aside")) }
        }
        return result
    }

    /// A folder, a photo, or why it is neither. Follows symlinks (a loop is
    /// said as one); reads no more than a photo's header.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: return .refused(lstat(path, &info) == 0 ? "a symlink to nothing (its target does not exist)" : "does not exist")
            case ENOTDIR: return .refused("does not exist (a part of the path is not a folder)")
            case ELOOP: return .refused("a symlink loop (too many levels of symbolic links)")
            case EACCES: return .refused("cannot be reached (permission denied)")
            case let e: return .refused(String(cString: strerror(e)))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return access(path, R_OK | X_OK) == 0 ? .folder : .refused("is a folder that cannot be read (permission denied)")
        case S_IFREG:
            break
        case S_IFIFO: return .refused("is a FIFO (a named pipe), not a photo")
        case S_IFSOCK: return .refused("is a socket, not a photo")
        case S_IFCHR, S_IFBLK: return .refused("is a device, not a photo")
        default: return .refused("is not a regular file")
        }
        guard access(path, R_OK) == 0 else { return .refused("cannot be read (permission denied)") }
        switch PhotoHeader.read(atPath: path) {
        case .success(let header) where header.format != .other:
            return .photo
        case .success:
            // TIFF, TGA, JPEG XL and the rest are known by their names.
            let ext = (path as NSString).pathExtension.lowercased()
            return TripCatalog.photoExtensions.contains(ext) ? .photo : .refused("is not a photo (not a format Trips reads)")
        case .failure(let problem):
            switch problem {
            case .missing, .unreadable, .empty: return .refused("is not a photo that can be shown: it \(problem)")
            // A photo with a damaged header is still a photo: it opens as a placeholder saying why.
            default: return .photo
            }
        }
    }
}
