import Foundation
import PhotoFile
#if canImport(Glibc)
import Glibc
#endif

/// Saves a quarter turn of a photo without loss (Ctrl+R): a JPEG's EXIF
/// Orientation value, or a PNG's in its `eXIf` chunk, is changed in a copy
/// (`OrientationRewrite`), written beside it and renamed over it, so a
/// crash leaves the old file or the new one. A JPEG with no Orientation
/// entry, or a photo in another format (HEIF, AVIF, JPEG XL), is left
/// alone and the turn is refused in words:
/// nothing else Trips keeps turns a photo, and a turn only Trips knew of
/// would surprise every other viewer.
public struct PhotoTurner: Sendable {
    /// Why a photo was not turned: the photo and the reason.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        /// The file is fine but cannot be turned without loss.
        public let lossless: Bool
    }

    /// `TRIPS_TURN_FAULT=before-rename`, in debug builds: the write stops
    /// (the process exits) with the temporary file written and not yet
    /// renamed, as a crash there would.
    static let faultVariable = "TRIPS_TURN_FAULT"
    let crashBeforeRename: Bool

    public init(environment: [String: String]) {
        #if TRIPS_TURN_FAULTS
        crashBeforeRename = environment[Self.faultVariable] == "before-rename"
        #else
        crashBeforeRename = false
        #endif
    }

    /// Turns the photo at `path` a quarter clockwise (or back) and returns
    /// its orientation now. Its modification time becomes the old one plus
    /// a second: thumbnails keyed on it (whole seconds) are made again, and
    /// a photo dated by its mtime (no EXIF date) stays in its trip.
    @discardableResult
    public func turn(_ path: String, clockwise: Bool) throws(Failure) -> ExifOrientation {
        let name = (path as NSString).lastPathComponent
        var st = stat()
        guard stat(path, &st) == 0 else { throw Failure(description: "\(path): cannot be turned (\(String(cString: strerror(errno))))", lossless: false) }
        // The write bits, not access(2): root may write anything.
        guard st.st_mode & 0o222 != 0 else { throw Failure(description: "\(path): cannot be turned: the file is read-only", lossless: false) }
        let folder = AtomicFile.folder(of: path)
        var fst = stat()
        guard stat(folder, &fst) == 0, fst.st_mode & 0o222 != 0 else {
            throw Failure(description: "\(path): cannot be turned: its folder \(folder) is read-only", lossless: false)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path): cannot be turned: it cannot be read", lossless: false)
        }
        let turned: (bytes: [UInt8], orientation: ExifOrientation)
        do {
            turned = try OrientationRewrite.turned(Array(data), clockwise: clockwise)
        } catch {
            switch error {
            case .noOrientationTag:
                throw Failure(description: "\(name) cannot be turned losslessly; it is left as it is", lossless: true)
            case .malformed(let what):
                throw Failure(description: "\(path): cannot be turned: its EXIF \(what) is damaged; it is left as it is", lossless: false)
            }
        }
        let crash = crashBeforeRename
        do {
            try AtomicFile(path: path, fileMode: st.st_mode & 0o7777).write(turned.bytes) { if crash { _exit(86) } }
        } catch {
            throw Failure(description: "\(path): cannot be turned: \(error)", lossless: false)
        }
        var times = [st.st_atim, timespec(tv_sec: st.st_mtim.tv_sec + 1, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        return turned.orientation
    }
}
