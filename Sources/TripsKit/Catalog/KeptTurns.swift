import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// The quarter turns Trips keeps for photos it cannot turn in their files
/// without loss: HEIF keeps its turn (`irot`) in the container, as AVIF
/// and JPEG XL do, and a JPEG with no Orientation entry has none to change.
/// Such a file is left alone and its turn is kept here, in
/// `$XDG_STATE_HOME/trips/turns.json`, by the file's path and identity (its
/// size and modification time: a file changed since is no longer turned),
/// written atomically. The decodes apply it (`PhotoLoader.keepTurns`), so
/// the big photo, the strip and a copy show the photo turned; other
/// viewers do not, which the toast says.
public struct KeptTurns: Sendable {
    public static let version = 1
    /// A few thousand photos at most; anything this large is not the file.
    public static let sizeLimit = 4 << 20

    /// One photo's turn and the identity it was made on.
    struct Entry: Equatable, Sendable {
        var size: Int
        var modified: Int
        /// Clockwise, 1...3.
        var quarters: Int
    }

    public let path: String
    private var entries: [String: Entry] = [:]
    /// Why the file could not be read; then nothing is saved over it.
    public private(set) var problem: String?

    /// `$XDG_STATE_HOME/trips/turns.json`, else under `~/.local/state`.
    public static func defaultPath(environment: [String: String]) -> String {
        LibraryCacheFile.Base.state.folder(environment: environment) + "/trips/turns.json"
    }

    /// The turns saved at `path` (none when there is no file yet).
    public init(path: String) {
        self.path = path
        do {
            guard let bytes = try RegularFile(path: path, limit: Self.sizeLimit).read() else { return }
            entries = try Self.parse(bytes, file: path)
        } catch let reason as OrderStore.ReasonError {
            problem = reason.reason
        } catch {
            problem = "\(path): cannot be read: \(error)"
        }
    }

    /// The clockwise quarter turns kept for the photo at `photo`, 0 when
    /// none (or the file changed since).
    public func quarters(of photo: String) -> Int {
        guard let entry = entries[photo], let identity = Self.identity(of: photo),
              identity == (entry.size, entry.modified) else { return 0 }
        return entry.quarters
    }

    /// Every photo turned now, by path, for the decodes.
    public var table: [String: Int] {
        Dictionary(uniqueKeysWithValues: entries.keys.compactMap { p in let q = quarters(of: p); return q == 0 ? nil : (p, q) })
    }

    /// Turns `photo` a quarter more (or back) and saves; returns its turn now.
    public mutating func turn(_ photo: String, clockwise: Bool) throws(PhotoTurner.Failure) -> Int {
        if let problem { throw PhotoTurner.Failure(description: "\(problem); the turn of \(photo) is not kept", lossless: false) }
        guard let identity = Self.identity(of: photo) else {
            throw PhotoTurner.Failure(description: "\(photo): cannot be turned (\(String(cString: strerror(errno))))", lossless: false)
        }
        let now = ((quarters(of: photo) + (clockwise ? 1 : 3)) % 4)
        var next = entries
        next[photo] = now == 0 ? nil : Entry(size: identity.size, modified: identity.modified, quarters: now)
        // Photos gone or changed since are let go.
        next = next.filter { p, e in p == photo || Self.identity(of: p).map { $0 == (e.size, e.modified) } == true }
        do { try AtomicFile(path: path).write(Self.serialize(next)) } catch {
            throw PhotoTurner.Failure(description: "\(path): the turn of \(photo) cannot be kept: \(error)", lossless: false)
        }
        entries = next
        return now
    }

    static func identity(of path: String) -> (size: Int, modified: Int)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (Int(st.st_size), Int(st.st_mtim.tv_sec))
    }

    static func serialize(_ entries: [String: Entry]) -> [UInt8] {
        func number(_ n: Int) -> JSONNode { JSONNode(.number(Double(n)), line: 0) }
        let turns = entries.keys.sorted().map { p -> JSONNode in
            let e = entries[p]!
            return JSONNode(.object([("path", JSONNode(.string(p), line: 0)), ("size", number(e.size)), ("modified", number(e.modified)),
                                     ("quarters", number(e.quarters))]), line: 0)
        }
        let document = JSONValue.object([("version", number(version)), ("turns", JSONNode(.array(turns), line: 0))])
        return Array((JSONDocument.serialize(document) + "\n").utf8)
    }

    /// The turns in the file's bytes; a problem names `file` and the line.
    static func parse(_ bytes: [UInt8], file: String) throws(OrderStore.ReasonError) -> [String: Entry] {
        func fail(_ line: Int, _ message: String) -> OrderStore.ReasonError { OrderStore.ReasonError(reason: "\(file):\(line): \(message)") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw OrderStore.ReasonError(reason: "\(file): is not UTF-8 text") }
        let root: JSONNode
        do { root = try JSONDocument.parse(text) } catch {
            throw fail((error as? JSONSyntaxError)?.line ?? 1, "not valid JSON: \(error)")
        }
        guard root["version"]?.value == .number(Double(version)) else {
            throw fail(root["version"]?.line ?? root.line, "expected \"version\": \(version)")
        }
        guard case .array(let items)? = root["turns"]?.value else { throw fail(root.line, "expected \"turns\": [...]") }
        var entries: [String: Entry] = [:]
        for (index, item) in items.enumerated() {
            guard case .string(let p)? = item["path"]?.value, case .number(let size)? = item["size"]?.value,
                  case .number(let modified)? = item["modified"]?.value, case .number(let quarters)? = item["quarters"]?.value,
                  (1...3).contains(quarters), quarters == quarters.rounded() else {
                throw fail(item.line, "turns[\(index)] must have a \"path\", a \"size\", a \"modified\" and \"quarters\" 1 to 3")
            }
            entries[p] = Entry(size: Int(size), modified: Int(modified), quarters: Int(quarters))
        }
        return entries
    }
}
