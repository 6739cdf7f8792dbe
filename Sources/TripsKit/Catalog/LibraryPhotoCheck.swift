import Glibc
import PhotoFile

/// Whether a file of a library can be shown at all, looked at once when
/// its date is read, from its first bytes alone (a library of 10,000 is
/// read on the way to settled trips): an empty file, or one whose bytes
/// are no image of a format its ending names (a text file called
/// `notes.jpg`), is a placeholder with its reason, and never a trip's
/// cover, nor counted in its photos, nights or dates. A photo that is
/// damaged further in is the decoder's to judge, as ever.
enum LibraryPhotoCheck {
    /// Endings whose formats the header check knows by their first bytes:
    /// such a file with none of those bytes is not a photo. (TIFF, TGA and
    /// QOI are left for SDL_image to judge; a clip's container is known by
    /// its bytes too, `PhotoHeader.Format.clip`.)
    static let recognisedEndings = Set(["jpg", "jpeg", "png", "webp", "gif", "bmp", "heic", "heif", "avif", "jxl"])
        .union(TripCatalog.clipExtensions)

    /// Why the file at `path` is no photo to show, or nil (also when it
    /// cannot be read now: that is said when it is decoded).
    static func problem(atPath path: String) -> UnshownReason? {
        guard let dot = path.lastIndex(of: "."), recognisedEndings.contains(path[path.index(after: dot)...].lowercased()) else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard info.st_size > 0 else { return .empty }
        var head = [UInt8](repeating: 0, count: 32)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        // Only the format is asked of 32 bytes; the size lies further in.
        guard case .success(let header) = PhotoHeader.parse(Array(head.prefix(n)), fileLength: Int(info.st_size)), header.format == .other else {
            return nil
        }
        return .notItsFormat(ending: path[path.index(after: dot)...].uppercased())
    }
}
