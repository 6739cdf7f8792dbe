/// A local file's URI spelled exactly as GLib's `g_filename_to_uri` spells
/// it (gconvert.c, its "unsafe path" set), so the MD5 of it names the same
/// thumbnail GNOME's apps made: "file://" and the absolute path's bytes,
/// each kept if it is an ASCII letter or digit or one of `!$&'()*+,-./:=@_~`
/// and otherwise written as `%` and two upper-case hex digits (a space is
/// %20, `#` %23, `%` %25, each byte of a UTF-8 `é` on its own: %C3%A9).
public enum FileURI {
    private static let kept: Set<UInt8> = Set(Array("!$&'()*+,-./:=@_~".utf8))

    /// The URI of the file at absolute `path` (nil when it is not absolute).
    public static func of(absolutePath path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in path.utf8 {
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isAlphanumeric || kept.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
