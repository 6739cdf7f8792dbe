import Foundation

/// What the properties panel (Alt+Return, `i`) says of a photo file: what
/// a decode worker read of it (its header, its colour profile, its EXIF
/// through exiv2), as raw as the file has it, and each field in the words
/// the panel shows. Every field is optional: a photo with no metadata, or
/// broken metadata, has the ones that exist.
public struct PhotoProperties: Equatable, Sendable {
    public var fileBytes: Int?
    /// The picture's size drawn upright.
    public var width: Int?, height: Int?
    public var format: String?
    /// The embedded colour profile's own description ("Display P3").
    public var colourProfile: String?
    /// EXIF's DateTimeOriginal as written ("2024:05:12 10:00:00").
    public var captured: String?
    public var make: String?, model: String?, lens: String?
    /// EXIF's rationals as written ("1/250", "28/10", "35/1").
    public var exposureTime: String?, fNumber: String?, focalLength: String?
    public var iso: Int?, focalLength35: Int?
    public var latitude: Double?, longitude: Double?

    public init() {}

    /// The camera: the model, with the make before it unless the model
    /// already starts with it ("Canon EOS 5D", not "Canon Canon EOS 5D").
    public var camera: String? {
        let make = make.flatMap(Self.clean), model = model.flatMap(Self.clean)
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased())
        else { return model }
        return make + " " + model
    }

    /// "1/250 s", "2 s", "0.3 s": a fraction under a second as 1/N.
    public var exposureText: String? {
        guard let value = exposureTime.flatMap(Self.rational), value > 0 else { return nil }
        if value < 1 {
            let denominator = (1 / value).rounded()
            if abs(1 / denominator - value) / value < 0.02 { return "1/\(Self.number(denominator)) s" }
        }
        return Self.number(value) + " s"
    }

    /// "f/2.8".
    public var apertureText: String? {
        guard let value = fNumber.flatMap(Self.rational), value > 0 else { return nil }
        return "f/" + Self.number(value)
    }

    /// "35 mm", or "4.3 mm (26 mm in 35 mm film)" through `equivalent`.
    public func focalLengthText(equivalent: (String) -> String) -> String? {
        guard let value = focalLength.flatMap(Self.rational), value > 0 else { return nil }
        let own = Self.number(value) + " mm"
        guard let e = focalLength35, e > 0, e != Int(value.rounded()) else { return own }
        return own + " (" + equivalent("\(e) mm") + ")"
    }

    /// "2024-05-12 10:00:00" from EXIF's "2024:05:12 10:00:00".
    public var capturedText: String? {
        guard let captured = captured.flatMap(Self.clean) else { return nil }
        let parts = captured.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 10 else { return captured }
        return parts[0].replacingOccurrences(of: ":", with: "-") + " " + parts[1]
    }

    /// "4000 × 3000".
    public var dimensionsText: String? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return "\(width) \u{00D7} \(height)"
    }

    /// "2.4 MB", "512 kB", "900 bytes" (decimal units, as file managers say).
    public var sizeText: String? {
        guard let bytes = fileBytes, bytes >= 0 else { return nil }
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1000).rounded())) kB" }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// A rational as EXIF writes it ("28/10", "-1/3") or a plain number.
    static func rational(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/")
        guard let first = parts.first.flatMap({ Double($0) }), first.isFinite else { return nil }
        guard parts.count == 2 else { return parts.count == 1 ? first : nil }
        guard let second = Double(parts[1]), second != 0, second.isFinite else { return nil }
        return first / second
    }

    /// At most one decimal, none when it is whole: "2.8", "35", "0.3".
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(format: "%.1f", tenths / 10)
    }

    /// Text as a file may hold it: padding and NULs dropped; nil when empty.
    static func clean(_ text: String) -> String? {
        let cleaned = text.replacingOccurrences(of: "\0", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        return cleaned.isEmpty ? nil : String(cleaned.prefix(Self.maximumTextLength))
    }

    /// The longest text field kept: far above any camera's or lens's name.
    public static let maximumTextLength = 120
}
