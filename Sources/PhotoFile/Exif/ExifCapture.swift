/// What a photo's EXIF says about its taking: when (`ExifCaptureTime`)
/// and where (`ExifLocation`), both from one bounded read: the first 64
/// KiB of a JPEG (its APP1 segment sits there), or of a HEIF file plus
/// its Exif item (`HEIFExif`), at most 64 KiB more. A library's dates and
/// places cost a read or two a photo.
public struct ExifCapture: Equatable, Sendable {
    public var time: ExifCaptureTime?
    public var location: ExifLocation?

    public init(time: ExifCaptureTime? = nil, location: ExifLocation? = nil) {
        self.time = time
        self.location = location
    }

    /// How many bytes a read may take: the file's start, and a HEIF's Exif item.
    public static let readLength = 64 << 10

    /// What the photo at `path` says; nothing when it cannot be read, is
    /// neither JPEG nor HEIF, or has no EXIF.
    public static func read(atPath path: String) -> ExifCapture {
        let result: Result<ExifCapture, PhotoProblem> = PhotoFileReader.withFile(atPath: path) { file in
            guard let head = file.read(from: 0, count: min(readLength, file.length)) else { return .success(ExifCapture()) }
            if let tiff = TIFFBlock.inJPEG(ByteWindow(head, start: 0, end: head.count)) { return .success(ExifCapture(tiff)) }
            if let tiff = HEIFExif.tiff(head: head, file: file) { return .success(ExifCapture(tiff)) }
            return .success(ExifCapture())
        }
        return (try? result.get()) ?? ExifCapture()
    }

    /// What the bytes of a JPEG's start say.
    public static func parse(_ bytes: [UInt8]) -> ExifCapture {
        TIFFBlock.inJPEG(ByteWindow(bytes, start: 0, end: bytes.count)).map(ExifCapture.init) ?? ExifCapture()
    }

    init(_ tiff: TIFFBlock) {
        self.init(time: ExifCaptureTime.tiff(tiff), location: ExifLocation.tiff(tiff))
    }
}
