import CSDL2

/// The key names SDL knows (its own table, case-insensitive, or a single
/// character): what a replay script may press. Needs no SDL_Init, so the
/// script is checked before anything opens.
public enum KeyNames {
    public static func isKnown(_ name: String) -> Bool {
        SDL_GetKeyFromName(name) != SDL_Keycode(SDLK_UNKNOWN.rawValue)
    }
}
