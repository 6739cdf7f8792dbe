import CSDL2
import Glibc

/// The memory SDL's software textures are made of, kept warm. Most of a
/// texture's upload is its new memory being faulted in as SDL clears it,
/// about 0.75 ms a MiB here, against 0.1 for memory the process already
/// had (a strip thumbnail 1.0 ms against 0.1, the window-sized picture 1.6
/// against 0.2: Benchmarks/session.sh). glibc hands blocks this large back
/// to the system as soon as they are freed, so the next texture pays
/// again; kept, what an evicted texture leaves serves the next one. Once
/// the first photo is on screen a reserve is faulted in for the textures
/// to come (`FrameLoop`; before it, the 12 ms held that photo back by 30).
enum TextureMemory {
    /// Blocks up to this size come from (and go back to) the process's own
    /// heap: glibc's largest mmap threshold, a texture of 2896 x 2896.
    static let heapBlockBytes = 32 << 20
    /// Free memory kept at the heap's top before any goes back to the system.
    static let keptBytes = 64 << 20
    /// The reserve faulted in after the first photo: a strip of thumbnails
    /// and a window-sized picture or two.
    static let reserveBytes = 16 << 20

    /// Keeps freed texture memory in the process (mallopt: it is the
    /// process's allocator, so once, before textures are made).
    static func keepFreedMemory() {
        mallopt(M_MMAP_THRESHOLD, Int32(heapBlockBytes))
        mallopt(M_TRIM_THRESHOLD, Int32(keptBytes))
    }

    /// Faults in `bytes` of heap and frees them, for textures to reuse.
    static func warm(bytes: Int = reserveBytes) {
        guard bytes > 0, let block = malloc(bytes) else { return }
        explicit_bzero(block, bytes) // every page written, and not optimised away with the free
        free(block)
    }
}
