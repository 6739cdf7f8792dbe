import Foundation
import XCTest

/// A photo as a camera writes it, made by real tools: ImageMagick's noise
/// at `width` x `height` as a JPEG, then the camera's EXIF written by
/// exiftool (Debian's libimage-exiftool-perl). `exiftool(_:)` reads a tag
/// back as exiftool prints it: what the properties panel is held to.
public enum CameraPhoto {
    /// The tags a Canon with a zoom lens writes, at Lisbon.
    public static let canon = [
        "-Make=Canon", "-Model=Canon EOS 5D Mark IV", "-LensModel=EF24-70mm f/2.8L II USM", "-ExposureTime=1/250", "-FNumber=2.8",
        "-ISO=400", "-FocalLength=35", "-DateTimeOriginal=2024:05:12 10:04:31",
        "-GPSLatitude=38.7107", "-GPSLatitudeRef=N", "-GPSLongitude=9.1368", "-GPSLongitudeRef=W",
    ]
    /// A phone: the make before a model without it, a small focal length and its 35 mm equivalent.
    public static let phone = [
        "-Make=Google", "-Model=Pixel 7", "-ExposureTime=1/60", "-FNumber=1.85", "-ISO=64", "-FocalLength=6.81",
        "-FocalLengthIn35mmFormat=24", "-DateTimeOriginal=2024:07:01 18:30:00",
    ]

    /// Makes `path` (a JPEG of noise) with `tags` written by exiftool.
    public static func make(_ path: String, width: Int = 4000, height: Int = 3000, tags: [String]) throws {
        for tool in ["/usr/bin/convert", "/usr/bin/exiftool"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (imagemagick, libimage-exiftool-perl)")
        }
        try run("/usr/bin/convert", ["-size", "\(width)x\(height)", "xc:", "+noise", "Random", "-quality", "85", path])
        if !tags.isEmpty { try run("/usr/bin/exiftool", ["-q", "-overwrite_original"] + tags + [path]) }
    }

    /// What exiftool prints for `tag` of `path` (`-s3`: the value alone);
    /// with `numeric`, its number (`-n`). A tag the file has more than once
    /// (an ICC profile's description in each of its languages): the first,
    /// its default.
    public static func exiftool(_ tag: String, of path: String, numeric: Bool = false) throws -> String {
        let printed = try run("/usr/bin/exiftool", ["-a", "-s3"] + (numeric ? ["-n"] : []) + ["-" + tag, path])
        return String(printed.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }
}
