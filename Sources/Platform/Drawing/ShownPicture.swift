import CSDL2

/// What the window's picture holds between frames, as SDL's software
/// renderer keeps it: the last frame's calls, the size it was drawn at and
/// how many textures had been destroyed by then. From that it says which
/// part of a new frame must be drawn: only what changed, or all of it when
/// the picture may not be what was drawn (a texture's pointer reused, a
/// new size, the window exposed) or the renderer keeps no picture (a GPU's).
struct ShownPicture {
    /// The last frame's calls, as drawn.
    private(set) var list = DrawList()
    private var destroyed = -1
    private var size = SDL_Rect(x: 0, y: 0, w: 0, h: 0)
    /// The next frame is drawn whole (the window was exposed, resized, shown again).
    private var wholeNext = true

    mutating func invalidate() { wholeNext = true }

    /// Takes `frame`'s calls, drawn into `whole` with `destroyed` textures
    /// gone by then, as the picture; returns what must be drawn of them:
    /// nil for all of it (`everything`, or the picture kept no longer).
    /// `frame` is handed back the last frame's list, to record the next one in.
    mutating func show(_ frame: inout DrawList, whole: SDL_Rect, destroyed: Int, everything: Bool, keepsPicture: Bool) -> DamageRegion? {
        var damage: DamageRegion?
        if !(everything || wholeNext || !keepsPicture || destroyed != self.destroyed || whole != size) {
            damage = frame.damage(since: list, whole: whole)
        }
        self.destroyed = destroyed
        size = whole
        wholeNext = false
        swap(&frame, &list)
        return damage
    }
}
