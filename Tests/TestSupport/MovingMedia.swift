import Foundation
import XCTest

/// Animations and clips made by Debian's tools for a test, in colour frames
/// that are easy to tell apart: ImageMagick's convert (GIF, the PNG
/// frames), ffmpeg (APNG, clips) and img2webp (WebP). Nothing is committed.
public enum MovingMedia {
    /// Runs `tool` with `arguments`; skips the test when it is not installed.
    public static func run(_ tool: String, _ arguments: [String]) throws {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
    }

    /// One PNG of `colour` (an ImageMagick name) of `width` x `height` per colour, in `folder`.
    static func stills(_ colours: [String], width: Int, height: Int, for moving: String) throws -> [String] {
        // Beside no library: a folder of their own, gone with the test's temporary files.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trips-frames-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try colours.enumerated().map { i, colour in
            let path = folder + "/frame-\(i).png"
            try run("convert", ["-size", "\(width)x\(height)", "xc:\(colour)", "PNG24:" + path])
            return path
        }
    }

    /// An animated GIF of one frame per colour, each shown `delay` hundredths
    /// of a second, played `loops` times (0: for ever).
    public static func gif(_ path: String, colours: [String], delay: Int, loops: Int, width: Int = 64, height: Int = 48) throws {
        try run("convert", ["-delay", "\(delay)"] + colours.flatMap { ["-size", "\(width)x\(height)", "xc:\($0)"] } + ["-loop", "\(loops)", path])
    }

    /// An animated PNG (ffmpeg's apng muxer), each frame `delay` ms, played `loops` times.
    public static func apng(_ path: String, colours: [String], delay: Int, loops: Int, width: Int = 64, height: Int = 48) throws {
        let frames = try stills(colours, width: width, height: height, for: path)
        defer { try? FileManager.default.removeItem(atPath: (frames[0] as NSString).deletingLastPathComponent) }
        try run("ffmpeg", ["-y", "-loglevel", "error", "-framerate", "1000/\(delay)", "-i", (frames[0] as NSString).deletingLastPathComponent + "/frame-%d.png",
                           "-plays", "\(loops)", "-f", "apng", path])
    }

    /// An animated WebP (img2webp), each frame `delay` ms, played `loops` times.
    public static func webp(_ path: String, colours: [String], delay: Int, loops: Int, width: Int = 64, height: Int = 48) throws {
        let frames = try stills(colours, width: width, height: height, for: path)
        defer { try? FileManager.default.removeItem(atPath: (frames[0] as NSString).deletingLastPathComponent) }
        try run("img2webp", ["-loop", "\(loops)", "-lossless"] + frames.flatMap { ["-d", "\(delay)", $0] } + ["-o", path])
    }

    /// An animated JPEG XL (cjxl from the GIF of the same frames, lossless),
    /// each frame `delay` hundredths of a second; the GIF's `loops`.
    public static func jxl(_ path: String, colours: [String], delay: Int, loops: Int, width: Int = 64, height: Int = 48) throws {
        let gif = FileManager.default.temporaryDirectory.appendingPathComponent("trips-jxl-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: gif) }
        try self.gif(gif, colours: colours, delay: delay, loops: loops, width: width, height: height)
        try run("cjxl", ["-d", "0", gif, path])
    }

    /// A clip (H.264 in MP4 unless `codec` and the extension say otherwise)
    /// of `seconds` of each colour at `rate` frames a second.
    public static func clip(_ path: String, colours: [String], seconds: Double, rate: Int = 30, width: Int = 320, height: Int = 240,
                            codec: [String] = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]) throws {
        let inputs = colours.flatMap { ["-f", "lavfi", "-i", "color=\($0):s=\(width)x\(height):r=\(rate):d=\(seconds)"] }
        let joined = (0..<colours.count).map { "[\($0):v]" }.joined() + "concat=n=\(colours.count):v=1:a=0"
        try run("ffmpeg", ["-y", "-loglevel", "error"] + inputs + ["-filter_complex", joined] + codec + [path])
    }

    /// An AVIF image sequence (ffmpeg's avif muxer, libaom): `seconds` of each colour at `rate` frames a second.
    public static func avifSequence(_ path: String, colours: [String], seconds: Double, rate: Int = 10, width: Int = 320, height: Int = 240) throws {
        try clip(path, colours: colours, seconds: seconds, rate: rate, width: width, height: height,
                 codec: ["-c:v", "libaom-av1", "-cpu-used", "8", "-pix_fmt", "yuv420p", "-f", "avif"])
    }
}

extension MovingMedia {
    /// The colour of the pixel at `x`, `y` of the PNG at `path` (read by
    /// ImageMagick), named as the frames are: red, green, blue, or rgb(...).
    public static func colour(ofPNG path: String, x: Int, y: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [path, "-crop", "1x1+\(x)+\(y)", "-format", "%[fx:int(255*r)] %[fx:int(255*g)] %[fx:int(255*b)]", "info:"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let c = text.split(separator: " ").compactMap { Int($0) }
        guard c.count == 3 else { return "unreadable: \(text)" }
        switch (c[0] > 128, c[1] > 128, c[2] > 128) {
        case (true, false, false): return "red"
        case (false, true, false): return "green"
        case (false, false, true): return "blue"
        default: return "rgb(\(c[0]),\(c[1]),\(c[2]))"
        }
    }
}
