import Foundation

/// What a phone's camera roll holds, made by Debian's tools in a test's
/// folder for the library's tests: clips with the creation time a phone
/// writes (ffmpeg), animated GIFs (ImageMagick), and Motion Photos (a JPEG,
/// an MP4 appended, the XMP that says so written by exiftool). Nothing of
/// the kind is committed.
public struct PhoneRoll {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public enum Missing: Error, CustomStringConvertible {
        case tool(String)
        public var description: String {
            switch self { case .tool(let name): return "\(name) is not installed (make test-deps)" }
        }
    }

    /// Runs `tool` (looked for in /usr/bin, then /usr/local/bin) in the
    /// folder; throws `Missing` when it is not there, and a failure's output.
    public func run(_ tool: String, _ arguments: [String]) throws {
        guard let path = ["/usr/bin/", "/usr/local/bin/"].map({ $0 + tool }).first(where: FileManager.default.isExecutableFile) else {
            throw Missing.tool(tool)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: tool, code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments): " + String(decoding: said.suffix(600), as: UTF8.self)])
        }
    }

    /// A clip of one `color` for `seconds`, `width` x `height`, made at
    /// `created` (ISO 8601, UTC) when given; its container from `name`'s
    /// ending (mp4, mov, m4v, mkv: H.264 or MPEG-4; webm: VP8).
    @discardableResult
    public func clip(_ name: String, seconds: Double, width: Int = 320, height: Int = 240, color: String = "red",
                     created: String? = nil) throws -> String {
        var arguments = ["-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=\(color):s=\(width)x\(height):d=\(seconds):r=10"]
        if let created { arguments += ["-metadata", "creation_time=\(created)"] }
        arguments += name.hasSuffix(".webm") ? ["-c:v", "libvpx", "-b:v", "100k"] : ["-pix_fmt", "yuv420p"]
        try run("ffmpeg", arguments + [name])
        return folder + "/" + name
    }

    /// A GIF of `frames` frames of different colours.
    @discardableResult
    public func animatedGIF(_ name: String, frames: Int = 3, width: Int = 64, height: Int = 48) throws -> String {
        let colours = ["red", "green", "blue", "yellow", "magenta", "cyan"]
        try run("convert", ["-delay", "20", "-loop", "0"]
                + (0..<frames).map { "xc:\(colours[$0 % colours.count])" }.flatMap { ["-size", "\(width)x\(height)", $0] } + [name])
        return folder + "/" + name
    }

    /// A Motion Photo: a `width` x `height` JPEG with a clip of `seconds`
    /// appended, named by `MicroVideo`/`MicroVideoOffset` in its XMP.
    /// Returns its path and the clip's offset and length.
    public func motionPhoto(_ name: String, seconds: Double, width: Int = 400, height: Int = 300, clipColor: String = "red",
                            created: String? = nil) throws -> (path: String, offset: Int, length: Int) {
        let still = "\(name).still.jpg", clip = "\(name).clip.mp4"
        try run("convert", ["-size", "\(width)x\(height)", "gradient:orange-purple", still])
        try self.clip(clip, seconds: seconds, width: 160, height: 120, color: clipColor, created: created)
        let clipBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + clip))
        try run("exiftool", ["-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1",
                             "-XMP-GCamera:MicroVideoOffset=\(clipBytes.count)", still])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + still))
        let offset = bytes.count
        bytes += clipBytes
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + name))
        try FileManager.default.removeItem(atPath: folder + "/" + still)
        try FileManager.default.removeItem(atPath: folder + "/" + clip)
        return (folder + "/" + name, offset, clipBytes.count)
    }
}
