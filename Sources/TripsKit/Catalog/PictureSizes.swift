import Foundation
import PhotoFile

/// The upright pixel sizes of photos as their headers say (one bounded
/// read of a file, kept): the big photo's zoom ceiling is counted in the
/// picture's own pixels (`BigPhoto.zoomCeiling`). Read from the file, not
/// from a decode, so a replay zooms as far on every run. A photo whose turn
/// changed is read again (`forget`).
final class PictureSizes {
    private var known: [String: CGSize?] = [:]

    func size(of path: String) -> CGSize? {
        if let size = known[path] { return size }
        var size: CGSize?
        if case .success(let header) = PhotoHeader.read(atPath: path) {
            let upright = header.displaySize
            if upright.width > 0 && upright.height > 0 { size = CGSize(width: upright.width, height: upright.height) }
        }
        known[path] = size
        return size
    }

    func forget(_ path: String) { known[path] = nil }
}
