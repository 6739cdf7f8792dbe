import CSDL2
import TripsKit

/// The trip photos as GPU textures, loaded with SDL_image the first time a
/// photo is drawn, so start-up does not wait for photos that are off screen.
/// A photo that cannot be shown is remembered as broken: one log line names
/// the file and the reason, and the scene draws a placeholder tile.
public final class PhotoTextures {
    private enum Slot {
        case notLoaded
        case loaded(texture: OpaquePointer, width: Int, height: Int)
        case broken
    }

    private let renderer: OpaquePointer
    private let paths: [String]
    private var slots: [Slot]
    private let log: (String) -> Void

    public init(renderer: OpaquePointer, photoPaths: [String], log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.paths = photoPaths
        self.slots = Array(repeating: .notLoaded, count: photoPaths.count)
        self.log = log
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue))
    }

    deinit {
        for case .loaded(let texture, _, _) in slots { SDL_DestroyTexture(texture) }
        IMG_Quit()
    }

    /// The texture of photo `index` and its pixel size, loading it now if
    /// needed; nil when the photo is broken.
    public func texture(_ index: Int) -> (texture: OpaquePointer, width: Int, height: Int)? {
        guard slots.indices.contains(index) else { return nil }
        if case .notLoaded = slots[index] { slots[index] = load(paths[index]) }
        if case .loaded(let t, let w, let h) = slots[index] { return (t, w, h) }
        return nil
    }

    /// The pixel size of a photo already loaded (nil before, or if broken):
    /// the scene crops with it.
    public func loadedSize(_ index: Int) -> (width: Int, height: Int)? {
        guard slots.indices.contains(index), case .loaded(_, let w, let h) = slots[index] else { return nil }
        return (w, h)
    }

    private func load(_ path: String) -> Slot {
        if let problem = PhotoFileCheck.problem(atPath: path) {
            log("trips: photo \(path): \(problem); showing a placeholder")
            return .broken
        }
        guard let surface = IMG_Load(path) else {
            log("trips: photo \(path): SDL_image cannot read it: \(String(cString: SDL_GetError())); showing a placeholder")
            return .broken
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
            log("trips: photo \(path) (\(w)x\(h)): no texture: \(String(cString: SDL_GetError())); showing a placeholder")
            return .broken
        }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return .loaded(texture: texture, width: w, height: h)
    }
}
