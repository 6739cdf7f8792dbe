import CSeccomp
import Foundation
import PhotoFile

/// RGBA32 pixels in shared memory (a memfd mapped in both processes): the
/// decode worker writes a picture into it once and hands the descriptor
/// over; the app maps the same pages to upload the texture, so the pixels
/// never go through a pipe.
public final class SharedPixels {
    public let descriptor: Int32
    public let width: Int
    public let height: Int
    public var pitch: Int { width * 4 }
    public let base: UnsafeMutableRawPointer

    private init(descriptor: Int32, width: Int, height: Int, base: UnsafeMutableRawPointer) {
        self.descriptor = descriptor
        self.width = width
        self.height = height
        self.base = base
    }

    /// The bytes mapped: the pixels and what trails them.
    private var mappedBytes: Int { pitch * height + trailingBytes }
    public private(set) var trailingBytes = 0

    deinit {
        munmap(base, mappedBytes)
        close(descriptor)
    }

    /// New writable pixels of `width` x `height` (the worker's side), with
    /// room for `trailingBytes` more after them (a thumbnail's PNG).
    public static func create(width: Int, height: Int, trailingBytes: Int = 0) -> SharedPixels? {
        guard width > 0, height > 0, trailingBytes >= 0 else { return nil }
        let bytes = width * height * 4 + trailingBytes
        let fd = trips_memfd("trips-pixels")
        guard fd >= 0 else { return nil }
        // Populated at once: the decoder writes every page anyway, and one
        // call is cheaper than a fault per page.
        guard ftruncate(fd, off_t(bytes)) == 0, let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0),
              base != MAP_FAILED else {
            close(fd)
            return nil
        }
        let pixels = SharedPixels(descriptor: fd, width: width, height: height, base: base)
        pixels.trailingBytes = trailingBytes
        return pixels
    }

    /// Maps pixels another process wrote (the app's side), read-only; nil
    /// when the descriptor is smaller than the size claimed, so a lying
    /// worker cannot make the app read past the mapping. Takes ownership of
    /// the descriptor. Populated at once, on the loader's thread: the main
    /// thread's texture upload then takes no page faults (1280 x 800: 2.2
    /// -> 1.7 ms of its frame).
    public static func map(descriptor fd: Int32, width: Int, height: Int) -> SharedPixels? {
        var info = stat()
        let side = PhotoHeader.Limits.standard.maximumSide
        guard width > 0, height > 0, width <= side, height <= side, fstat(fd, &info) == 0,
              Int(info.st_size) >= width * height * 4,
              let base = mmap(nil, width * height * 4, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0), base != MAP_FAILED else {
            close(fd)
            return nil
        }
        return SharedPixels(descriptor: fd, width: width, height: height, base: base)
    }
}
