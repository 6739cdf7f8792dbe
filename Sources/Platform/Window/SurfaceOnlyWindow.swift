import CSDL2
import TripsKit

/// How SDL 2.26 is made to open a Wayland window without EGL, for the
/// frames Trips draws in software and presents itself through wl_shm
/// (`ShmPresenter`).
///
/// SDL's Wayland driver makes every window that is not a Vulkan one an
/// OpenGL one and initialises EGL for it: Mesa, and without a GPU llvmpipe
/// and LLVM, some 45-60 ms of CPU before the first frame, for a surface
/// nothing is ever drawn through. A Vulkan window is made without it, once
/// SDL's Vulkan loader lists the two surface extensions. Trips' own
/// library (the SurfaceOnlyVulkan target, `InstalledFiles`' path) lists
/// them and offers nothing else; SDL never calls it again, because Trips
/// asks for no Vulkan surface.
enum SurfaceOnlyWindow {
    /// Loads `library` as SDL's Vulkan loader, so that the next window is
    /// made without EGL: the flag to make it with, or why it cannot be
    /// (a line for the log; the window is then made with EGL, as before).
    static func prepare(library: String?) -> Result<UInt32, Unavailable> {
        guard let library else { return .failure(.missing) }
        guard SDL_Vulkan_LoadLibrary(library) == 0 else {
            return .failure(.refused(library: library, reason: String(cString: SDL_GetError())))
        }
        return .success(SDL_WINDOW_VULKAN.rawValue)
    }

    /// After `SDL_CreateWindow`, made or not: SDL holds its own reference
    /// to the loader for a Vulkan window and lets it go with the window.
    static func releasePreparation() {
        SDL_Vulkan_UnloadLibrary()
    }

    enum Unavailable: Error, CustomStringConvertible {
        case missing
        case refused(library: String, reason: String)

        var description: String {
            let what = "trips: the Wayland window loads EGL after all, some 50 ms of CPU at start-up"
            switch self {
            case .missing:
                return "\(what): \(InstalledFiles.surfaceOnlyVulkanLibraryName) is neither beside the binary nor in its prefix's lib/trips"
            case .refused(let library, let reason):
                return "\(what): SDL refused \(library): \(reason)"
            }
        }
    }
}
