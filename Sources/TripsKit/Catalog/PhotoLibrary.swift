import Foundation
import Geography
import Glibc

/// A folder of photos as `--photos DIR` finds it: each subfolder that holds
/// photos, and the photos lying in DIR itself, each with the size and
/// modification time that key its capture time in the cache. Listing and
/// `stat` only: no photo is opened, so the first frame can come at once.
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
        public var name: String
        public var photos: [Photo]
    }

    public var root: String
    /// Subfolders with photos, in file-manager order.
    public var folders: [Folder]
    /// Photos directly in the root, in file-manager order.
    public var loose: [Photo]

    public var allPhotos: [Photo] { folders.flatMap(\.photos) + loose }

    /// A new trip starts after more than this many seconds without a photo.
    public static let tripGap: Double = 48 * 3600

    /// Lists `path` and its subfolders (one level deep), each photo looked
    /// at with `stat` (a known library's first catalog is `remembered` instead).
    public static func scan(_ path: String) throws -> PhotoLibrary {
        try checkFolder(path)
        let root = absolute(path)
        guard let listing = Listing(root) else {
            throw CatalogError(file: path, line: nil, message: "cannot be listed")
        }
        var folders: [Folder] = [], loose: [Photo] = []
        for entry in sortedNaturally(listing.entries.filter { !$0.name.hasPrefix(".") }, by: \.name) {
            let name = entry.name
            if listing.isFolder(entry) {
                guard let inner = Listing(root + "/" + name) else { continue }
                let folder = root + "/" + name
                let photos = sortedNaturally(inner.names.filter(isPhotoName)).map { photo(folder + "/" + $0, inner.stat($0)) }
                if !photos.isEmpty { folders.append(Folder(name: name, photos: photos)) }
            } else if isPhotoName(name) {
                loose.append(photo(root + "/" + name, listing.stat(name)))
            }
        }
        guard !folders.isEmpty || !loose.isEmpty else {
            throw CatalogError(file: path, line: nil,
                               message: "has no photos (looked for \(TripCatalog.photoExtensions.sorted().joined(separator: ", ")), in it and in its subfolders)")
        }
        return PhotoLibrary(root: root, folders: folders, loose: loose)
    }

    /// The library in `path` as `cache` last saw it, in the order it was
    /// saved, not looked at at all (no listing, no `stat`): the first
    /// catalog of a known library, which `LibraryLoader` checks right
    /// after against a real listing. Nil when the cache knows no photo of it.
    public static func remembered(_ path: String, from cache: CaptureTimeCache) -> PhotoLibrary? {
        let root = absolute(path)
        let inside = root == "/" ? "/" : root + "/"
        var folders: [Folder] = [], loose: [Photo] = []
        let slash = UInt8(ascii: "/"), skip = inside.utf8.count
        for photoPath in cache.order where photoPath.hasPrefix(inside) {
            guard let known = cache.entries[photoPath] else { continue }
            let photo = Photo(path: photoPath, size: known.size, modified: known.modified)
            let rest = photoPath.utf8.dropFirst(skip)
            guard let cut = rest.firstIndex(of: slash) else {
                loose.append(photo)
                continue
            }
            guard !rest[rest.index(after: cut)...].contains(slash) else { continue } // deeper than a trip's folder
            let name = String(Substring(rest[..<cut]))
            if folders.last?.name == name { folders[folders.count - 1].photos.append(photo) } else { folders.append(Folder(name: name, photos: [photo])) }
        }
        guard !folders.isEmpty || !loose.isEmpty else { return nil }
        return PhotoLibrary(root: root, folders: folders, loose: loose)
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

    /// A file named like a photo. One that cannot be looked at (a symlink
    /// loop, a FIFO, no permission) is still listed, with size -1: the
    /// decoder names it and the reason, as it does any bad photo.
    private static func photo(_ path: String, _ info: stat?) -> Photo {
        guard let info, info.st_mode & S_IFMT == S_IFREG else { return Photo(path: path, size: -1, modified: 0) }
        return Photo(path: path, size: Int(info.st_size),
                     modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    static func isPhotoName(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return TripCatalog.photoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Sort keys made once per name, not once per comparison: 10,000 names
    /// sort in a few milliseconds.
    static func sortedNaturally(_ names: [String]) -> [String] { sortedNaturally(names, by: { $0 }) }

    static func sortedNaturally<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        items.map { (item: $0, name: name($0), key: Array(name($0).lowercased().unicodeScalars)) }
            .sorted { TripCatalog.naturalOrder($0.key, $1.key, $0.name, $1.name) }
            .map(\.item)
    }

    // MARK: Trips

    /// The trips, with each photo's capture time from `times` (keyed by
    /// path), or its modification time where `times` has none yet. Folder
    /// trips come in name order (dated names sort by date), then the loose
    /// photos' trips by time, so trips keep their places as times arrive.
    /// A folder's trip is named by the folder; a loose photos' trip by the
    /// places of `locations` where `naming` knows them, else by its dates.
    /// A change of city does not split a trip (docs/BEHAVIOUR.md, "Places").
    public func catalog(times: [String: CaptureTime], locations: [String: GeoPoint] = [:], naming: PlaceNaming? = nil,
                        timeZone: TimeZone) -> TripCatalog {
        func time(_ p: Photo) -> CaptureTime { times[p.path] ?? CaptureTime(modified: p.modified, timeZone: timeZone) }
        var trips = folders.map { Self.trip(id: $0.name, city: Self.cityName(fromFolderName: $0.name), inCaptureOrder($0.photos, time)) }
        var group: [TimedPhoto] = []
        func closeGroup() {
            guard let first = group.first, let last = group.last else { return }
            let place = naming?.name(group.map { locations[$0.photo.path] })
            trips.append(Self.trip(id: Self.groupID(first.time), city: place ?? TripWording.dateRange(first.time.day, last.time.day), group))
            group = []
        }
        for item in inCaptureOrder(loose, time) {
            if let last = group.last, item.time.instant - last.time.instant > Self.tripGap { closeGroup() }
            group.append(item)
        }
        closeGroup()
        return TripCatalog(trips: trips)
    }

    typealias TimedPhoto = (photo: Photo, time: CaptureTime)

    /// The trip of `timed` (non-empty, in capture order): a "cover.*" photo
    /// stands for it, else the first.
    private static func trip(id: String, city: String, _ timed: [TimedPhoto]) -> Trip {
        Trip(id: id, city: city, nights: nights(timed.map(\.time)), photoPaths: timed.map(\.photo.path),
             coverIndex: timed.firstIndex { isCover($0.photo.name) } ?? 0, firstDay: timed.first?.time.day)
    }

    /// Stable sort by capture moment: photos taken at the same second keep name order.
    private func inCaptureOrder(_ photos: [Photo], _ time: (Photo) -> CaptureTime) -> [TimedPhoto] {
        photos.enumerated().map { (i: $0.offset, photo: $0.element, time: time($0.element)) }
            .sorted { $0.time.instant != $1.time.instant ? $0.time.instant < $1.time.instant : $0.i < $1.i }
            .map { ($0.photo, $0.time) }
    }

    /// Calendar days between the first and last photo's wall-clock dates.
    static func nights(_ times: [CaptureTime]) -> Int? {
        let days = times.map(\.day.daysSince1970)
        guard let lo = days.min(), let hi = days.max() else { return nil }
        return hi - lo
    }

    /// "cover.jpg", "Cover.PNG".
    static func isCover(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return name[..<dot].lowercased() == "cover"
    }

    /// A loose photos' trip is known by when it began (the wall clock, to
    /// the second): renaming its photos does not change it.
    static func groupID(_ start: CaptureTime) -> String {
        let seconds = Int(start.wall.rounded(.down)), c = start.day.civil
        let s = ((seconds % 86400) + 86400) % 86400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(c.year)-\(two(c.month))-\(two(c.day))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
    }

    /// "2024-05-12 Lisbon", "2024-05_Porto", "2024 Rome" → the city; a name
    /// that is only a date stays as it is.
    public static func cityName(fromFolderName name: String) -> String {
        // The longest date that is there (a "2024-05-12" is not "2024-05" then "12").
        for pattern in [#"^[0-9]{4}-[0-9]{2}-[0-9]{2}"#, #"^[0-9]{4}-[0-9]{2}"#, #"^[0-9]{4}"#] {
            guard let date = name.range(of: pattern, options: .regularExpression) else { continue }
            let after = name[date.upperBound...]
            guard let first = after.first, first == " " || first == "-" || first == "_" else { return name }
            let rest = after.drop { $0 == " " || $0 == "-" || $0 == "_" }
            return rest.isEmpty ? name : String(rest)
        }
        return name
    }
}
