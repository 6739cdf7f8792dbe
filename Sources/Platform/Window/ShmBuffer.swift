import CSDL2
import CWayland
import Glibc

/// One `wl_shm` buffer of the presenter's pool: a memfd mapped here and
/// shared with the compositor, with its own one-buffer pool. The compositor
/// may read it from `attach` until it sends `wl_buffer.release`; until then
/// `isHeld` is true and the pool never draws into it.
final class ShmBuffer {
    let width: Int, height: Int, stride: Int
    let pixels: UnsafeMutableRawPointer
    private(set) var buffer: OpaquePointer?
    private let byteCount: Int
    private let fd: Int32
    /// From `attach` to the compositor's release.
    private(set) var isHeld = false
    /// Releases the compositor sent for this buffer.
    private(set) var releases = 0
    /// Parts of the picture drawn since this buffer was last written, in
    /// pixels: what must be copied into it before it is shown again.
    var stale: DamageRegion

    /// A buffer of `width` x `height` pixels (XRGB8888) made through `shm`
    /// (a proxy on the presenter's own event queue, so its buffers' release
    /// events come there too); nil when memory cannot be had.
    init?(shm: OpaquePointer, width: Int, height: Int, listener: UnsafePointer<wl_buffer_listener>) {
        self.width = width
        self.height = height
        stride = width * 4
        byteCount = stride * height
        fd = trips_memfd("trips-wl_shm")
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(byteCount)) == 0,
              let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            close(fd)
            return nil
        }
        pixels = mapped
        stale = DamageRegion(whole: SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)))
        guard let pool = wl_shm_create_pool(shm, fd, Int32(byteCount)) else {
            munmap(mapped, byteCount); close(fd)
            return nil
        }
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue)
        // The buffer keeps the pool's memory; the pool itself is not needed again.
        wl_shm_pool_destroy(pool)
        guard let buffer else {
            munmap(mapped, byteCount); close(fd)
            return nil
        }
        wl_buffer_add_listener(buffer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let buffer { wl_buffer_destroy(buffer) }
        munmap(pixels, byteCount)
        close(fd)
    }

    /// Attached to the surface: the compositor has it until it says otherwise.
    func attached() { isHeld = true }

    /// The compositor's `wl_buffer.release`.
    func released() {
        isHeld = false
        releases += 1
    }

    /// `wl_buffer.release`'s handler: `data` is the buffer it was added with.
    static let releaseHandler: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue().released()
    }
}
