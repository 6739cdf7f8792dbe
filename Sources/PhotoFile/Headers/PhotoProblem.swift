import Foundation

/// Why a photo file is refused before decoding, in words for a log line
/// that reads "photo PATH: <description>". There is no "unknown format":
/// such files are `PhotoHeader.Format.other`, left for SDL_image to try.
public enum PhotoProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    /// It exists but cannot be read; the reason is what the system said.
    case unreadable(String)
    case empty
    /// The file ends before the header says how big the picture is.
    case truncatedHeader(PhotoHeader.Format)
    /// A length or field in the header makes no sense (said where).
    case damagedHeader(PhotoHeader.Format, String)
    /// The size is not within the first `PhotoHeader.readLimit` bytes
    /// (metadata that large is refused rather than read without bound).
    case headerBeyondReadLimit(PhotoHeader.Format)
    /// A HEIF image sequence (frames in a track) with no still image.
    case imageSequence(PhotoHeader.Format)
    /// The header claims more pixels, or a longer side, than `limits` allow.
    case tooLarge(width: Int, height: Int, limits: PhotoHeader.Limits)

    public var description: String {
        switch self {
        case .missing:
            return "does not exist"
        case .unreadable(let why):
            return "cannot be read (\(why))"
        case .empty:
            return "is empty (0 bytes)"
        case .truncatedHeader(let format):
            return "truncated \(format.name) (the file ends before its header gives the image size)"
        case .damagedHeader(let format, let why):
            return "damaged \(format.name) header (\(why))"
        case .headerBeyondReadLimit(let format) where format.isHEIF || format == .jxl:
            return "\(format.name) metadata box larger than \(BoxOutline.boxLimit >> 20) MiB; not decoded"
        case .imageSequence:
            return "a HEIF image sequence; its first frame is not a still image Trips can show"
        case .headerBeyondReadLimit(let format):
            return "\(format.name) image size not found in the first \(PhotoHeader.readLimit / 1024) KiB (metadata too large); not decoded"
        case .tooLarge(let w, let h, let limits):
            let pixels = Double(w) * Double(h)
            if pixels > Double(limits.maximumPixels) {
                return "claims \(w) x \(h) pixels (\(Self.megapixels(pixels)) megapixels); more than the \(Self.megapixels(Double(limits.maximumPixels))) megapixel limit"
            }
            return "claims \(w) x \(h) pixels; a side is longer than the \(limits.maximumSide) pixel limit"
        }
    }

    /// Whole megapixels, or one decimal below 10 when not whole (2.5).
    static func megapixels(_ pixels: Double) -> String {
        let mp = pixels / 1_000_000
        if mp >= 10 || mp == mp.rounded() { return String(format: "%.0f", mp.rounded()) }
        return String(format: "%.1f", mp)
    }
}
