import Foundation
import Geography
import Glibc

/// A folder of photos as `--photos DIR` finds it: every folder below it,
/// to any depth, that holds photos, each photo with the size and
/// modification time that key its capture time in the cache. Listing and
/// `stat` only: no photo is opened, so the first frame can come at once.
/// Which folders are albums and which a camera's is `LibraryLayout`'s
/// say; the trips are made in `LibraryTrips`.
public struct PhotoLibrary: Equatable, Sendable {
    public struct Photo: Equatable, Hashable, Sendable {
        public var path: String
        public var size: Int
        /// Seconds since 1970.
        public var modified: Double
        /// The file's name: what follows the last "/" (the path is absolute).
        /// Plain bytes, not NSString: the catalog asks it of every photo.
        var name: String {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
            return String(path[path.utf8.index(after: slash)...])
        }
    }

    public struct Folder: Equatable, Sendable {
        /// From the library's root: "" for the root itself, "Albums/Christmas".
        public var path: String
        public var photos: [Photo]
        /// The folder's own name (the root's is "").
        public var name: String { path.split(separator: "/").last.map(String.init) ?? "" }
    }

    public var root: String
    /// The folders that hold photos, the root first, then each subfolder
    /// in file-manager order before the next (depth first).
    public var folders: [Folder]

    public var allPhotos: [Photo] { folders.flatMap(\.photos) }

    /// A new trip starts after more than this many seconds without a photo.
    public static let tripGap: Double = 48 * 3600
    /// An album whose own dates span more than this is split (`LibraryTrips`).
    public static let longestTrip: Double = 21 * 86400
    /// How deep folders are looked into: deeper than any layout seen in
    /// the wild, shallow enough that a runaway tree costs little.
    public static let depthLimit = 16

    /// Lists `path` and its folders to `depthLimit`, each photo looked at
    /// with `stat` (a known library's first catalog is `remembered`
    /// instead). A folder reached twice (a symbolic link loop) is listed
    /// once; one that cannot be opened is passed over, and so are the
    /// photos in `excluding` (absolute paths still being written).
    public static func scan(_ path: String, excluding: Set<String> = []) throws -> PhotoLibrary {
        try checkFolder(path)
        let root = absolute(path)
        guard let top = Listing(root) else {
            throw CatalogError(file: path, line: nil, message: "cannot be listed")
        }
        var folders: [Folder] = []
        var seen = Set<FolderIdentity>()
        func walk(_ listing: borrowing Listing, relative: String, depth: Int) {
            if let identity = listing.identity, !seen.insert(identity).inserted { return }
            let full = relative.isEmpty ? root : root + "/" + relative
            var subfolders: [String] = [], photos: [String] = []
            for entry in listing.entries where !entry.name.hasPrefix(".") {
                if listing.isFolder(entry) { subfolders.append(entry.name) } else if isPhotoName(entry.name) { photos.append(entry.name) }
            }
            if !photos.isEmpty {
                let shown = sortedNaturally(photos).filter { !excluding.contains(full + "/" + $0) }
                if !shown.isEmpty { folders.append(Folder(path: relative, photos: shown.map { photo(full + "/" + $0, listing.stat($0)) })) }
            }
            guard depth < depthLimit else { return }
            for name in sortedNaturally(subfolders) {
                guard let inner = Listing(full + "/" + name) else { continue }
                walk(inner, relative: relative.isEmpty ? name : relative + "/" + name, depth: depth + 1)
            }
        }
        walk(top, relative: "", depth: 0)
        guard !folders.isEmpty else {
            throw CatalogError(file: path, line: nil,
                               message: "has no photos (looked for \(TripCatalog.photoExtensions.union(TripCatalog.clipExtensions).sorted().joined(separator: ", ")), in it and in its subfolders)")
        }
        return PhotoLibrary(root: root, folders: folders)
    }

    /// The library in `path` as `cache` last saw it, in the order it was
    /// saved, not looked at at all (no listing, no `stat`): the first
    /// catalog of a known library, which `LibraryLoader` checks right
    /// after against a real listing. Nil when the cache knows no photo of it.
    public static func remembered(_ path: String, from cache: CaptureTimeCache) -> PhotoLibrary? {
        let root = absolute(path)
        let inside = root == "/" ? "/" : root + "/"
        var folders: [Folder] = []
        let slash = UInt8(ascii: "/"), skip = inside.utf8.count
        for photoPath in cache.order where photoPath.hasPrefix(inside) {
            guard let known = cache.entries[photoPath] else { continue }
            let photo = Photo(path: photoPath, size: known.size, modified: known.modified)
            let rest = photoPath.utf8.dropFirst(skip)
            let folder = rest.lastIndex(of: slash).map { String(Substring(rest[..<$0])) } ?? ""
            if folders.last?.path == folder { folders[folders.count - 1].photos.append(photo) } else { folders.append(Folder(path: folder, photos: [photo])) }
        }
        guard !folders.isEmpty else { return nil }
        return PhotoLibrary(root: root, folders: folders)
    }

    /// `path` from the root, without a trailing "/": how the library's
    /// photos are named, and what its capture-time cache is kept under.
    public static func absolute(_ path: String) -> String {
        var root = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        return root
    }

    /// Throws the message a person needs when `path` is no folder at all
    /// (a typo): cheap, so it can come before anything opens.
    public static func checkFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError(file: path, line: nil, message: "is not a folder")
        }
    }

    /// A file named like a photo (or a clip). One that cannot be looked at (a symlink
    /// loop, a FIFO, no permission) is still listed, with size -1: the
    /// decoder names it and the reason, as it does any bad photo.
    private static func photo(_ path: String, _ info: stat?) -> Photo {
        guard let info, info.st_mode & S_IFMT == S_IFREG else { return Photo(path: path, size: -1, modified: 0) }
        return Photo(path: path, size: Int(info.st_size),
                     modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    static func isPhotoName(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ending = name[name.index(after: dot)...].lowercased()
        return TripCatalog.photoExtensions.contains(ending) || TripCatalog.clipExtensions.contains(ending)
    }

    /// Sort keys made once per name, not once per comparison: 10,000 names
    /// sort in a few milliseconds.
    static func sortedNaturally(_ names: [String]) -> [String] { sortedNaturally(names, by: { $0 }) }

    static func sortedNaturally<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        items.map { (item: $0, name: name($0), key: Array(name($0).lowercased().unicodeScalars)) }
            .sorted { TripCatalog.naturalOrder($0.key, $1.key, $0.name, $1.name) }
            .map(\.item)
    }

    /// "2024-05-12 Lisbon", "2024-05_Porto", "20240512 Rome", "2024 Rome" → the city; a name
    /// that is only a date stays as it is.
    public static func cityName(fromFolderName name: String) -> String {
        // The longest date that is there (a "2024-05-12" is not "2024-05" then "12").
        for pattern in [#"^[0-9]{4}-[0-9]{2}-[0-9]{2}"#, #"^[0-9]{8}"#, #"^[0-9]{4}-[0-9]{2}"#, #"^[0-9]{4}"#] {
            guard let date = name.range(of: pattern, options: .regularExpression) else { continue }
            let after = name[date.upperBound...]
            guard let first = after.first, first == " " || first == "-" || first == "_" else { return name }
            let rest = after.drop { $0 == " " || $0 == "-" || $0 == "_" }
            return rest.isEmpty ? name : String(rest)
        }
        return name
    }
}
