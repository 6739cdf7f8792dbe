import PhotoFile

/// What the app and a decode worker say to each other over their socket
/// (one SOCK_SEQPACKET message each way per photo). The photo's descriptor
/// travels with the request and the pixels' memfd with a successful reply
/// (SCM_RIGHTS); these are the bytes around them: little-endian 32-bit
/// numbers, then UTF-8 text.
public struct DecodeRequest: Equatable, Sendable {
    /// The size the picture is decoded to cover; with a moving picture's
    /// `next`, the size its frames cover from then on (0 by 0: as before).
    public var targetWidth: Int
    public var targetHeight: Int
    public var plainSDL: Bool
    /// The embedded EXIF thumbnail instead of the picture (`DecodePlan.Use.preview`).
    public var preview = false
    /// A part of the picture at a finer level instead of the whole (a detail tile).
    public var region: DecodeRegion? = nil
    /// A strip thumbnail that is also wanted as a PNG for the shared
    /// thumbnail cache: the cache size's side (`SharedThumbnail.Size`), or 0.
    public var thumbnailSide = 0
    /// The properties panel's fields instead of pixels (`PhotoProperties`,
    /// in the reply's text).
    public var properties = false
    /// The frames of a moving picture instead of a still (`FrameAsk`).
    public var frames = FrameAsk.none
    /// A moving picture's frames in BGRA byte order rather than RGBA: the
    /// order of the windows SDL draws into on a little-endian machine, so a
    /// clip's frames are copied to the screen without a conversion.
    public var framesInBGRA = false
    /// With `next`: frames that end by this time (ms from the start of the
    /// play) are decoded but not sent, so a player that fell behind catches up.
    public var skipUntil = 0
    /// With `next`: the most frames the app holds when it asks (its ring),
    /// so the worker writes each frame into the buffer of the one that many
    /// before it, which the app has let go; 0: a new buffer a frame.
    public var ring = 0
    /// The longest ring the worker keeps (the app holds 8 frames at most):
    /// each buffer is a descriptor, and the sandbox allows 16 in all.
    public static let maximumRing = 8
    /// With `open`: the moving picture is these bytes of the file, not all
    /// of it (a Motion Photo's clip appended to its JPEG); length 0: the whole file.
    public var rangeOffset = 0
    public var rangeLength = 0
    /// With `open` and `next`: a clip's sound instead of its frames
    /// (`ClipSoundFormat`), a chunk at a time; `open`'s `skipUntil` is
    /// where in the clip it starts.
    public var sound = false
    /// The file's name, for the test-only fault switch (the worker opens nothing).
    public var name: String

    /// A moving picture's frames are asked for one at a time: `open` hands
    /// the worker the file and takes its first frame, `next` (no file) the
    /// frame after the last one sent. The worker keeps the open picture
    /// between the two and lets it go on any other request.
    public enum FrameAsk: Int, Sendable { case none = 0, open = 1, next = 2 }

    /// The numbers before the name.
    private static let numberCount = 18
    public static let maximumBytes = numberCount * 4 + 1024

    public var bytes: [UInt8] {
        let r = region
        return DecodeWire.numbers([targetWidth, targetHeight, plainSDL ? 1 : 0, r?.level ?? 0, r?.x ?? 0, r?.y ?? 0, r?.width ?? 0, r?.height ?? 0,
                                   preview ? 1 : 0, thumbnailSide, properties ? 1 : 0, frames.rawValue, framesInBGRA ? 1 : 0, skipUntil,
                                   rangeOffset, rangeLength, sound ? 1 : 0, ring])
            + Array(name.utf8.prefix(1024))
    }
}

extension DecodeRequest {
    /// The app's request (the memberwise initialiser, which keeps its
    /// defaults only while it is internal).
    public static func asking(target: (width: Int, height: Int), plainSDL: Bool, preview: Bool, region: DecodeRegion?, thumbnailSide: Int,
                              frames: FrameAsk = .none, framesInBGRA: Bool = false, skipUntil: Int = 0, ring: Int = 0,
                              range: (offset: Int, length: Int)? = nil, sound: Bool = false, name: String) -> Self {
        Self(targetWidth: target.width, targetHeight: target.height, plainSDL: plainSDL, preview: preview, region: region,
             thumbnailSide: thumbnailSide, frames: frames, framesInBGRA: framesInBGRA, skipUntil: skipUntil, ring: ring,
             rangeOffset: range?.offset ?? 0, rangeLength: range?.length ?? 0, sound: sound, name: name)
    }

    /// The app's request for the properties panel's fields of the file called `name`.
    public static func askingProperties(name: String) -> Self {
        Self(targetWidth: 0, targetHeight: 0, plainSDL: false, properties: true, name: name)
    }

    public init?(_ bytes: ArraySlice<UInt8>) {
        guard let n = DecodeWire.read(bytes, count: Self.numberCount) else { return nil }
        let region = n[3] > 0 ? DecodeRegion(level: n[3], x: n[4], y: n[5], width: n[6], height: n[7]) : nil
        self.init(targetWidth: n[0], targetHeight: n[1], plainSDL: n[2] != 0, preview: n[8] != 0, region: region,
                  thumbnailSide: n[9], properties: n[10] != 0, frames: FrameAsk(rawValue: n[11]) ?? .none, framesInBGRA: n[12] != 0, skipUntil: n[13],
                  ring: n[17], rangeOffset: n[14], rangeLength: n[15], sound: n[16] != 0,
                  name: String(decoding: bytes.dropFirst(Self.numberCount * 4), as: UTF8.self))
    }
}

/// The worker's answer. Made by the worker only (its memberwise
/// initialiser stays internal); the app reads it from the bytes.
public struct DecodeReply: Equatable, Sendable {
    /// `ended`: a moving picture has no frame after the last one sent.
    public enum Status: Int, Sendable { case decoded = 0, refused = 1, failed = 2, ended = 3 }
    public var status: Status
    /// The pixels sent, and the picture's full upright size.
    public var width = 0, height = 0, fullWidth = 0, fullHeight = 0
    public var usedTurboJPEG = false
    /// The bytes of the thumbnail's PNG after the pixels in their memory
    /// (`DecodeRequest.thumbnailSide`), or 0.
    public var thumbnailPNGBytes = 0
    /// A frame of a moving picture: how long it shows (ms), how many times
    /// the whole plays (0: for ever), and whether it is a video clip.
    public var frameDelay = 0, loopCount = 0
    public var isClip = false
    /// When the frame starts, in ms from the start of the play (frames may
    /// have been skipped); with `ended`, the play's length.
    public var frameStart = 0
    /// Frames decoded and dropped before this one (`DecodeRequest.skipUntil`).
    public var framesSkipped = 0
    /// Why it was refused or failed; for a properties request, the fields
    /// (`PhotoProperties.wireText`).
    public var message = ""

    private static let numberCount = 12
    /// Room for every field at its longest (`PhotoProperties.maximumTextLength`
    /// characters of up to 4 bytes each).
    static let maximumMessageBytes = 8192
    public static let maximumBytes = numberCount * 4 + maximumMessageBytes

    public var bytes: [UInt8] {
        DecodeWire.numbers([status.rawValue, width, height, fullWidth, fullHeight, usedTurboJPEG ? 1 : 0, thumbnailPNGBytes, frameDelay, loopCount,
                            isClip ? 1 : 0, frameStart, framesSkipped])
            + Array(message.utf8.prefix(Self.maximumMessageBytes))
    }
}

extension DecodeReply {
    public init?(_ bytes: ArraySlice<UInt8>) {
        guard let n = DecodeWire.read(bytes, count: Self.numberCount), let status = Status(rawValue: n[0]) else { return nil }
        self.init(status: status, width: n[1], height: n[2], fullWidth: n[3], fullHeight: n[4], usedTurboJPEG: n[5] != 0,
                  thumbnailPNGBytes: n[6], frameDelay: n[7], loopCount: n[8], isClip: n[9] != 0, frameStart: n[10], framesSkipped: n[11], message: String(decoding: bytes.dropFirst(Self.numberCount * 4), as: UTF8.self))
    }
}

/// The numbers' encoding, shared by both messages.
enum DecodeWire {
    static func numbers(_ values: [Int]) -> [UInt8] {
        values.flatMap { value -> [UInt8] in
            let v = UInt32(truncatingIfNeeded: Int32(clamping: value))
            return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
    }

    static func read(_ bytes: ArraySlice<UInt8>, count: Int) -> [Int]? {
        guard bytes.count >= count * 4 else { return nil }
        let start = bytes.startIndex
        return (0..<count).map { i in
            let b = (0..<4).map { UInt32(bytes[start + i * 4 + $0]) << (8 * UInt32($0)) }
            return Int(Int32(bitPattern: b.reduce(0, |)))
        }
    }
}

/// The properties panel's fields in a reply's text: one `key=value` a line,
/// each value on one line and bounded (`PhotoProperties.maximumTextLength`),
/// so the whole fits a reply. Unknown keys and bad numbers are dropped.
extension PhotoProperties {
    public var wireText: String {
        var lines: [String] = []
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            let line = value.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
            lines.append(key + "=" + String(line.prefix(PhotoProperties.maximumTextLength)))
        }
        add("bytes", fileBytes.map(String.init)); add("width", width.map(String.init)); add("height", height.map(String.init))
        add("format", format); add("profile", colourProfile); add("captured", captured); add("make", make); add("model", model)
        add("lens", lens); add("exposure", exposureTime); add("fnumber", fNumber); add("focal", focalLength)
        add("iso", iso.map(String.init)); add("focal35", focalLength35.map(String.init))
        add("latitude", latitude.map { String($0) }); add("longitude", longitude.map { String($0) })
        return lines.joined(separator: "\n")
    }

    public init(wireText: String) {
        self.init()
        for line in wireText.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq]), value = String(line[line.index(after: eq)...].prefix(PhotoProperties.maximumTextLength))
            switch key {
            case "bytes": fileBytes = Int(value)
            case "width": width = Int(value)
            case "height": height = Int(value)
            case "format": format = value
            case "profile": colourProfile = value
            case "captured": captured = value
            case "make": make = value
            case "model": model = value
            case "lens": lens = value
            case "exposure": exposureTime = value
            case "fnumber": fNumber = value
            case "focal": focalLength = value
            case "iso": iso = Int(value)
            case "focal35": focalLength35 = Int(value)
            case "latitude": latitude = Double(value).flatMap { $0.isFinite && abs($0) <= 90 ? $0 : nil }
            case "longitude": longitude = Double(value).flatMap { $0.isFinite && abs($0) <= 180 ? $0 : nil }
            default: break
            }
        }
    }
}
