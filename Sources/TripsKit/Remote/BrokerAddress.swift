import Foundation

/// `--mqtt URL`: `mqtt://` or `mqtts://` (TLS), an optional
/// `user[:password]@` (percent-encoded), a host (an IPv6 one in brackets)
/// and an optional `:port` (1883, or 8883 for mqtts).
public struct BrokerAddress: Equatable, Sendable, CustomStringConvertible {
    public var secure: Bool
    public var host: String
    public var port: Int
    public var user: String?
    public var password: String?

    public init(secure: Bool, host: String, port: Int? = nil, user: String? = nil, password: String? = nil) {
        self.secure = secure
        self.host = host
        self.port = port ?? (secure ? 8883 : 1883)
        self.user = user
        self.password = password
    }

    /// The URL read; throws a `UsageError` naming it.
    public init(parsing url: String) throws {
        func bad(_ why: String) -> LaunchOptions.UsageError {
            LaunchOptions.UsageError(message: "--mqtt expects mqtt://[user[:password]@]host[:port] or mqtts://..., got '\(Self.hidingPassword(url))': \(why)")
        }
        let secure: Bool
        var rest: Substring
        if url.hasPrefix("mqtt://") { secure = false; rest = url.dropFirst(7) }
        else if url.hasPrefix("mqtts://") { secure = true; rest = url.dropFirst(8) }
        else { throw bad("the scheme is mqtt:// or mqtts://") }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else { throw bad("no path, query or fragment") }
        var user: String?, password: String?
        if let at = rest.lastIndex(of: "@") {
            let info = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let parts = info.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].removingPercentEncoding, !name.isEmpty else { throw bad("an empty or badly encoded user") }
            user = name
            if parts.count == 2 {
                guard let secret = parts[1].removingPercentEncoding else { throw bad("a badly encoded password") }
                password = secret
            }
        }
        var host = rest, port: Int?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw bad("an IPv6 host without its ']'") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { throw bad("a port after the host") }
                port = p
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let p = Int(rest[rest.index(after: colon)...]) else { throw bad("a port of digits") }
            port = p
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:".contains($0)) }) else { throw bad("a host name") }
        if let port, !(1...65535).contains(port) { throw bad("a port from 1 to 65535") }
        self.init(secure: secure, host: String(host), port: port, user: user, password: password)
    }

    /// The URL without its password, for logs.
    public var description: String {
        let h = host.contains(":") ? "[\(host)]" : host
        return "\(secure ? "mqtts" : "mqtt")://\(user.map { $0 + (password != nil ? ":***" : "") + "@" } ?? "")\(h):\(port)"
    }

    static func hidingPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url.lastIndex(of: "@"), at > scheme.upperBound else { return url }
        let info = url[scheme.upperBound..<at]
        guard let colon = info.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
