/// How a window's frames are drawn and shown, decided once when it opens,
/// from the video driver, the renderer asked for and whether the machine
/// has a GPU (docs/PRESENTING.md).
enum PresentPath: Equatable {
    /// SDL's software renderer into a picture Trips shows through wl_shm
    /// itself (`ShmPresenter`), on Wayland: at the output's scale (sharp on
    /// HiDPI too), with no OpenGL at all.
    case waylandShm
    /// SDL's software renderer on the window's surface: X11 and the
    /// offscreen driver take its pixels as they are; SDL's Wayland driver
    /// uploads them through OpenGL.
    case software
    /// A renderer of SDL's with vsync: the one at `index` of
    /// `Display.renderDrivers()`, or SDL's choice (nil), then software when
    /// it can make none.
    case accelerated(index: Int32?)

    /// Whether software frames go through wl_shm: on Wayland, when there is
    /// no GPU or `--renderer software` asks for it; TRIPS_WL_SHM=0 keeps
    /// SDL's own path (for the benchmarks' comparison). Known before the
    /// window is made, which then needs no EGL (`SurfaceOnlyWindow`).
    static func goesThroughShm(videoDriver: String, renderer: String?, hasGPU: Bool, environment: [String: String]) -> Bool {
        videoDriver == "wayland" && environment["TRIPS_WL_SHM"] != "0" && (renderer.map { $0 == "software" } ?? !hasGPU)
    }

    /// Whether the video driver takes a software renderer's pixels directly
    /// (X11, offscreen), rather than through OpenGL (SDL's Wayland driver):
    /// SDL would otherwise "accelerate" the window surface by uploading it
    /// through OpenGL (llvmpipe on machines without a GPU), which measured
    /// here tripled the CPU per frame.
    static func takesPixelsDirectly(videoDriver: String) -> Bool {
        ["x11", "offscreen"].contains(videoDriver)
    }

    /// The path for a window of `videoDriver`: `renderer` is the one asked
    /// for by name (nil: Trips' choice) of those `available`; `isHiDPI` is
    /// asked only when it decides. Throws `unknownRenderer` for a name this
    /// machine has no renderer of.
    static func decide(videoDriver: String, renderer: String?, available: [String], hasGPU: Bool, environment: [String: String],
                       isHiDPI: () -> Bool) throws -> PresentPath {
        if goesThroughShm(videoDriver: videoDriver, renderer: renderer, hasGPU: hasGPU, environment: environment) { return .waylandShm }
        if let name = renderer {
            guard let index = available.firstIndex(of: name) else { throw Display.Failure.unknownRenderer(name, available: available) }
            return name == "software" ? .software : .accelerated(index: Int32(index))
        }
        if !hasGPU && (takesPixelsDirectly(videoDriver: videoDriver) || !isHiDPI()) {
            // No GPU: SDL's "accelerated" renderer would be OpenGL on a
            // software rasterizer (llvmpipe), measured here as 80 ms slower
            // to start and ~2 ms more CPU a frame than SDL's own software one.
            // On Wayland too, where SDL shows the software renderer's pixels
            // as one OpenGL texture: llvmpipe then compiles one shader, not
            // one for each blend mode, texture format and geometry Trips
            // draws (Benchmarks/peers.sh: the photo on screen ~100 ms
            // sooner). Not on a HiDPI output, where that surface is in
            // points and would be scaled up, blurred.
            return .software
        }
        return .accelerated(index: nil)
    }
}
