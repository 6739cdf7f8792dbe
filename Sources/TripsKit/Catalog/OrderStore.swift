import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// A failure to save the order, naming the file and the system's reason.
public struct OrderStoreError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

/// The order of the trips as the person last arranged it, kept in a small
/// JSON state file (`{"version": 1, "order": ["lisbon", ...]}`).
///
/// Saving writes a temporary file beside the target, syncs it and renames it
/// over the target, so a crash or power cut leaves either the old file or the
/// new one, never half of one. A file that cannot be understood is moved
/// aside (never overwritten, never deleted) so a person can still look at it,
/// and the app starts with the default order.
public struct OrderStore: Sendable {
    public static let version = 1
    /// A state file holds a few hundred trip ids; anything this large is not one.
    public static let sizeLimit = 4 << 20
    public var path: String

    public init(path: String) { self.path = path }

    /// `$XDG_STATE_HOME/trips/state.json`, else `$HOME/.local/state/trips/state.json`
    /// (the XDG base directory rules: a relative `XDG_STATE_HOME` is ignored).
    public static func defaultPath(environment: [String: String]) -> String {
        LibraryCacheFile.Base.state.folder(environment: environment) + "/trips/state.json"
    }

    /// `$XDG_STATE_HOME/trips/orders/NAME-HASH.json`: a photo library's
    /// order, kept by its folder (`LibraryCacheFile`), so each library
    /// keeps its own and none is lost to another's.
    public static func defaultPath(library folder: String, environment: [String: String]) -> String {
        LibraryCacheFile.path("orders", library: folder, fileExtension: "json", environment: environment, base: .state)
    }

    public enum LoadResult: Equatable, Sendable {
        /// No state file yet: use the default order.
        case missing
        case loaded([String])
        /// The file was not a valid state file and now lies at `setAsidePath`;
        /// `reason` is `FILE:LINE: message`.
        case corrupt(reason: String, setAsidePath: String)
        /// The file exists but could not be read (or a corrupt one could not
        /// be moved aside); it was left where it is.
        case unreadable(reason: String)

        /// The saved order, if there is one.
        public var order: [String]? {
            if case .loaded(let order) = self { return order }
            return nil
        }

        /// A line for stderr when something needs a person's attention.
        public var problem: String? {
            switch self {
            case .missing, .loaded: return nil
            case let .corrupt(reason, setAsidePath): return "\(reason) (the file was moved to \(setAsidePath); starting with the default order)"
            case .unreadable(let reason): return "\(reason) (starting with the default order)"
            }
        }
    }

    /// Reads the saved order; a corrupt file is moved aside first.
    public func load() -> LoadResult {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile(path: path, limit: Self.sizeLimit).read() else { return .missing }
            bytes = read
        } catch {
            return .unreadable(reason: "\(path): cannot be read: \(error)")
        }
        do {
            return .loaded(try Self.parse(bytes, file: path))
        } catch let problem as ReasonError {
            do {
                return .corrupt(reason: problem.reason, setAsidePath: try setAside())
            } catch {
                return .unreadable(reason: "\(problem.reason); it could not be moved aside: \(error.message)")
            }
        } catch {
            return .unreadable(reason: "\(path): \(error)")
        }
    }

    /// Writes the order atomically; the folder is made (mode 0700) if needed.
    public func save(order: [String]) throws {
        let document = JSONValue.object([
            ("version", JSONNode(.number(Double(Self.version)), line: 0)),
            ("order", JSONNode(.array(order.map { JSONNode(.string($0), line: 0) }), line: 0)),
        ])
        let bytes = Array((JSONDocument.serialize(document) + "\n").utf8)
        do { try AtomicFile(path: path).write(bytes) } catch {
            throw OrderStoreError(path: path, message: "cannot save the order: \(error)")
        }
    }

    /// The saved order applied to the trips there are now: saved ids first
    /// (those that no longer exist and repeats skipped), then trips added
    /// since, in catalog order.
    public static func apply(savedOrder: [String], to ids: [String]) -> [String] {
        let present = Set(ids)
        var placed = Set<String>()
        var result: [String] = []
        for id in savedOrder + ids where present.contains(id) && placed.insert(id).inserted {
            result.append(id)
        }
        return result
    }
}

// MARK: - Reading and setting aside

extension OrderStore {
    /// A state file that is not what it should be, as `FILE:LINE: message`.
    struct ReasonError: Error {
        var reason: String
    }

    /// An errno with its text, for messages.
    struct SystemError: Error {
        var code: Int32
        var message: String { OrderStore.describe(code) }
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The order in a state file's bytes; errors name `file` and the line.
    static func parse(_ bytes: [UInt8], file: String) throws -> [String] {
        func fail(_ line: Int, _ message: String) -> ReasonError { ReasonError(reason: "\(file):\(line): \(message)") }
        guard !bytes.isEmpty else { throw fail(1, "the state file is empty") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReasonError(reason: "\(file): is not UTF-8 text")
        }
        let root: JSONNode
        do { root = try JSONDocument.parse(text) } catch let error as JSONSyntaxError {
            throw fail(error.line, "not valid JSON at column \(error.column): \(error.message)")
        }
        guard case .object = root.value else {
            throw fail(root.line, "expected an object {\"version\": 1, \"order\": [...]}, found \(root.value.kindName)")
        }
        guard let versionNode = root["version"] else { throw fail(root.line, "missing the field \"version\"") }
        guard case .number(let version) = versionNode.value, version == Double(Self.version) else {
            throw fail(versionNode.line, "\"version\" must be \(Self.version), found \(JSONDocument.serialize(versionNode.value))")
        }
        guard let list = root["order"] else { throw fail(root.line, "missing the field \"order\" (a list of trip ids)") }
        guard case .array(let items) = list.value else { throw fail(list.line, "\"order\" must be a list, found \(list.value.kindName)") }
        return try items.enumerated().map { index, item in
            guard case .string(let id) = item.value else { throw fail(item.line, "order[\(index)] must be a string, found \(item.value.kindName)") }
            return id
        }
    }

    /// Moves the file to the first free `state.json.corrupt-N` and returns
    /// that path. `link` fails rather than replace an existing file, so an
    /// earlier set-aside file is never overwritten, even by another instance.
    func setAside() throws(SystemError) -> String {
        for counter in 1...10_000 {
            let target = "\(path).corrupt-\(counter)"
            if link(path, target) == 0 {
                guard unlink(path) == 0 else {
                    let code = errno
                    unlink(target)
                    throw SystemError(code: code)
                }
                return target
            }
            switch errno {
            case EEXIST: continue
            case EPERM, ENOTSUP, EMLINK:
                // A file system without hard links: check, then rename.
                if access(target, F_OK) == 0 { continue }
                guard rename(path, target) == 0 else { throw SystemError(code: errno) }
                return target
            default:
                throw SystemError(code: errno)
            }
        }
        throw SystemError(code: EEXIST)
    }
}
