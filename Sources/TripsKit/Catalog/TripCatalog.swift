import Foundation
import JSON
import PhotoFile

/// A problem with a trips file, with the file and line a person must open.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based line, or nil when the problem is the file as a whole.
    public var line: Int?
    public var message: String

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// The trips shown by the app, read from a `trips.json` or made from a folder.
///
/// `trips.json` is `{"trips": [{"id", "city", "nights", "photo"}, ...]}`,
/// or with `"photos": [...]` for a trip of several photos (the first is the
/// cover, unless `photo` names one); photo paths are relative to the file's
/// folder and may not leave it, so a shared or downloaded trips file cannot
/// make the app read other files.
public struct TripCatalog: Equatable, Sendable {
    public var trips: [Trip] { didSet { index() } }
    /// Where each trip's photos start in `allPhotoPaths`.
    private var photoStart: [Int] = []
    /// Every trip's photos, trip after trip: the photo numbers the scene
    /// draws and the textures are kept by.
    public private(set) var allPhotoPaths: [String] = []

    public init(trips: [Trip]) {
        self.trips = trips
        index()
    }

    private mutating func index() {
        photoStart = []
        allPhotoPaths = []
        for trip in trips {
            photoStart.append(allPhotoPaths.count)
            allPhotoPaths += trip.photoPaths
        }
    }

    /// The number of photo `photo` of trip `trip` in `allPhotoPaths`.
    public func photoNumber(trip: Int, photo: Int) -> Int { photoStart[trip] + photo }

    /// The trips without the photo at `path` (moved to the trash): its trip
    /// keeps its other photos and its cover where it can, and goes when it
    /// has no photo left to show.
    public func removing(photo path: String) -> TripCatalog {
        TripCatalog(trips: trips.compactMap { trip in
            guard let i = trip.photoPaths.firstIndex(of: path) else { return trip }
            var paths = trip.photoPaths
            paths.remove(at: i)
            var shapes = trip.photoShapes
            if !shapes.isEmpty { shapes.remove(at: i) }
            var reasons = trip.unshownReasons
            if i >= trip.photoCount { reasons.remove(at: i - trip.photoCount) }
            guard paths.count > reasons.count else { return nil }
            let cover = i < trip.coverIndex ? trip.coverIndex - 1 : i == trip.coverIndex ? 0 : trip.coverIndex
            return Trip(id: trip.id, city: trip.city, nights: trip.nights, photoPaths: paths, coverIndex: min(cover, paths.count - reasons.count - 1),
                        firstDay: trip.firstDay, unshownReasons: reasons, photoShapes: shapes)
        })
    }

    /// File endings shown by `--photos DIR` (what SDL_image and libheif read).
    public static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "bmp", "gif", "tif", "tiff", "tga", "jxl", "avif", "qoi",
                                                      "heic", "heif"]

    /// Video clips' endings: in a library, each is an item of its trip by
    /// its container's creation time (docs/PHOTOS.md, "Clips, Live Photos
    /// and Motion Photos").
    public static let clipExtensions = ClipHeader.fileEndings

    /// A trips file lists trips by hand; past this it is not one.
    static let sizeLimit = 16 << 20

    /// Reads and checks a trips file.
    public static func load(file path: String) throws -> TripCatalog {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile(path: path, limit: sizeLimit).read() else {
                throw CatalogError(file: path, line: nil, message: "the trips file does not exist")
            }
            bytes = read
        } catch let refusal as RegularFile.Refusal {
            throw CatalogError(file: path, line: nil, message: "the trips file cannot be read: \(refusal)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CatalogError(file: path, line: nil, message: "is not UTF-8 text")
        }
        let folder = (path as NSString).deletingLastPathComponent
        return try parse(text, file: path, folder: folder.isEmpty ? "." : folder)
    }

    /// Checks the text of a trips file; `folder` is where photo paths start.
    public static func parse(_ text: String, file: String, folder: String) throws -> TripCatalog {
        let root: JSONNode
        do {
            root = try JSONDocument.parse(text)
        } catch let error as JSONSyntaxError {
            throw CatalogError(file: file, line: error.line, message: "not valid JSON at column \(error.column): \(error.message)")
        }
        func fail(_ node: JSONNode, _ message: String) -> CatalogError {
            CatalogError(file: file, line: node.line, message: message)
        }
        guard case .object = root.value else { throw fail(root, "expected an object {\"trips\": [...]}, found \(root.value.kindName)") }
        guard let list = root["trips"] else { throw fail(root, "missing the field \"trips\" (a list of trips)") }
        guard case .array(let items) = list.value else { throw fail(list, "\"trips\" must be a list, found \(list.value.kindName)") }
        guard !items.isEmpty else { throw fail(list, "\"trips\" is empty: list at least one trip") }

        var trips: [Trip] = []
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let name = "trips[\(index)]"
            guard case .object = item.value else { throw fail(item, "\(name) must be an object, found \(item.value.kindName)") }
            func string(_ key: String) throws -> String {
                guard let node = item[key] else { throw fail(item, "\(name) is missing the field \"\(key)\"") }
                guard case .string(let s) = node.value, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw fail(node, "\(name).\(key) must be a non-empty string, found \(node.value.kindName)")
                }
                return s
            }
            let id = try string("id")
            if let first = seen[id] { throw fail(item, "\(name).id \"\(id)\" is already used on line \(first)") }
            seen[id] = item.line
            let city = try string("city")
            guard let nightsNode = item["nights"] else { throw fail(item, "\(name) is missing the field \"nights\"") }
            guard case .number(let n) = nightsNode.value, n == n.rounded(), n >= 0, n <= 3650 else {
                throw fail(nightsNode, "\(name).nights must be a whole number from 0 to 3650, found \(JSONDocument.serialize(nightsNode.value))")
            }
            func resolved(_ photo: String, _ node: JSONNode, _ field: String) throws -> String {
                guard let path = resolvePhoto(photo, in: folder) else {
                    throw fail(node, "\(name).\(field) \"\(photo)\" must be a path inside the trips file's folder (no absolute path, no '..')")
                }
                return path
            }
            var paths: [String] = []
            if let list = item["photos"] {
                guard case .array(let entries) = list.value, !entries.isEmpty else {
                    throw fail(list, "\(name).photos must be a non-empty list of paths, found \(JSONDocument.serialize(list.value))")
                }
                for (k, entry) in entries.enumerated() {
                    guard case .string(let s) = entry.value, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                        throw fail(entry, "\(name).photos[\(k)] must be a non-empty string, found \(entry.value.kindName)")
                    }
                    paths.append(try resolved(s, entry, "photos[\(k)]"))
                }
            }
            var cover = 0
            if item["photo"] != nil || paths.isEmpty {
                let photo = try resolved(try string("photo"), item["photo"] ?? item, "photo")
                if let at = paths.firstIndex(of: photo) { cover = at } else { paths.insert(photo, at: 0) }
            }
            trips.append(Trip(id: id, city: city, nights: Int(n), photoPaths: paths, coverIndex: cover))
        }
        return TripCatalog(trips: trips)
    }

    /// A relative path that stays inside `folder`, made absolute; nil otherwise.
    static func resolvePhoto(_ photo: String, in folder: String) -> String? {
        guard !photo.hasPrefix("/"), !photo.hasPrefix("~") else { return nil }
        let parts = photo.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        let base = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        return (base as NSString).appendingPathComponent(parts.joined(separator: "/"))
    }

    /// File-manager order: case-insensitive, runs of digits compared as
    /// numbers ("IMG_9" before "IMG_10"). Foundation's localizedStandardCompare
    /// does this too, but on Linux it cost ~0.4 s for 2,000 names.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        naturalOrder(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars), a, b)
    }

    /// The comparison on lowercased scalars made ahead; `a`, `b` break ties.
    static func naturalOrder(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], _ a: String, _ b: String) -> Bool {
        var i = 0, j = 0
        func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var ei = i, ej = j
                while ei < x.count && isDigit(x[ei]) { ei += 1 }
                while ej < y.count && isDigit(y[ej]) { ej += 1 }
                // Compare the numbers by value: strip leading zeros, then length, then digits.
                var si = i, sj = j
                while si < ei - 1 && x[si] == "0" { si += 1 }
                while sj < ej - 1 && y[sj] == "0" { sj += 1 }
                if ei - si != ej - sj { return ei - si < ej - sj }
                for k in 0..<(ei - si) where x[si + k] != y[sj + k] { return x[si + k].value < y[sj + k].value }
                i = ei; j = ej
            } else {
                if x[i] != y[j] { return x[i].value < y[j].value }
                i += 1; j += 1
            }
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        return a < b
    }
}
