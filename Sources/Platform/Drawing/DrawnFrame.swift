import CSDL2

/// What one frame drew, as `SceneRenderer.draw` returns it: how its photos
/// were shown (the loop's upload pacing and start-up figures read these)
/// and what changed, for the present.
public struct DrawnFrame {
    /// Photos drawn from their own decoded picture.
    public var photos = 0
    /// Photos drawn from their blurred-up EXIF preview.
    public var previews = 0
    /// Photos drawn as placeholder tiles (not decoded yet, or broken).
    public var placeholders = 0
    /// What changed, in pixels, for `Display.present`: nil for everything,
    /// empty for nothing.
    public var damage: [SDL_Rect]?

    public init() {}
}
