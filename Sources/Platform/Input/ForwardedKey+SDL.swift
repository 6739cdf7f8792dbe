import AccessibilityBridge
import CSDL2

/// An SDL key event as AT-SPI's device-event controller wants it: X11's
/// keysym and keycode (evdev's code + 8), since screen readers' key bindings
/// are X11's even on Wayland.
extension ForwardedKey {
    init(sdl key: SDL_KeyboardEvent) {
        let sym = key.keysym.sym, mod = UInt32(key.keysym.mod)
        var modifiers: UInt32 = 0
        if mod & KMOD_SHIFT.rawValue != 0 { modifiers |= 1 }
        if mod & KMOD_CAPS.rawValue != 0 { modifiers |= 2 }
        if mod & KMOD_CTRL.rawValue != 0 { modifiers |= 4 }
        if mod & KMOD_ALT.rawValue != 0 { modifiers |= 8 }
        if mod & KMOD_NUM.rawValue != 0 { modifiers |= 16 }
        if mod & KMOD_GUI.rawValue != 0 { modifiers |= 64 }
        var keysym = Self.keysyms[sym] ?? (sym >= 0x20 && sym < 0x7f ? sym : 0)
        var text = ""
        if sym >= 0x20 && sym < 0x7f, let scalar = Unicode.Scalar(UInt32(sym)) {
            var c = String(Character(scalar))
            if modifiers & 1 != 0 { c = Self.shifted[c] ?? c.uppercased() }
            text = c
            keysym = Int32(c.unicodeScalars.first!.value)
        } else if let name = SDL_GetKeyName(sym) {
            text = String(cString: name)
        }
        let usage = Int(key.keysym.scancode.rawValue)
        let code = Self.evdev.indices.contains(usage) ? Self.evdev[usage].map { UInt32($0 + 8) } ?? 0 : 0
        self.init(pressed: key.type == SDL_KEYDOWN.rawValue, keysym: keysym, keycode: code, modifiers: modifiers,
                  timestamp: Int32(truncatingIfNeeded: key.timestamp), text: text)
    }

    /// The US layout's shifted characters (Orca reads "+" as shift and "=").
    private static let shifted: [String: String] = [
        "=": "+", "-": "_", "1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&", "8": "*", "9": "(", "0": ")",
        ";": ":", "'": "\"", ",": "<", ".": ">", "/": "?", "[": "{", "]": "}", "\\": "|", "`": "~",
    ]

    /// X11 keysyms of SDL's keys that are not characters.
    private static let keysyms: [SDL_Keycode: Int32] = {
        var map: [SDL_Keycode: Int32] = [8: 0xff08, 9: 0xff09, 13: 0xff0d, 27: 0xff1b, 127: 0xffff]
        let named: [(SDL_KeyCode, Int32)] = [
            (SDLK_LEFT, 0xff51), (SDLK_UP, 0xff52), (SDLK_RIGHT, 0xff53), (SDLK_DOWN, 0xff54),
            (SDLK_HOME, 0xff50), (SDLK_END, 0xff57), (SDLK_PAGEUP, 0xff55), (SDLK_PAGEDOWN, 0xff56), (SDLK_INSERT, 0xff63),
            (SDLK_KP_ENTER, 0xff8d), (SDLK_KP_PLUS, 0xffab), (SDLK_KP_MINUS, 0xffad), (SDLK_KP_0, 0xffb0),
            (SDLK_LSHIFT, 0xffe1), (SDLK_RSHIFT, 0xffe2), (SDLK_LCTRL, 0xffe3), (SDLK_RCTRL, 0xffe4), (SDLK_CAPSLOCK, 0xffe5),
            (SDLK_LALT, 0xffe9), (SDLK_RALT, 0xffea), (SDLK_LGUI, 0xffeb), (SDLK_RGUI, 0xffec),
            (SDLK_F1, 0xffbe), (SDLK_F2, 0xffbf), (SDLK_F3, 0xffc0), (SDLK_F4, 0xffc1), (SDLK_F5, 0xffc2), (SDLK_F6, 0xffc3),
            (SDLK_F7, 0xffc4), (SDLK_F8, 0xffc5), (SDLK_F9, 0xffc6), (SDLK_F10, 0xffc7), (SDLK_F11, 0xffc8), (SDLK_F12, 0xffc9),
        ]
        for (key, sym) in named { map[SDL_Keycode(key.rawValue)] = sym }
        return map
    }()

    /// evdev codes of USB HID usages (SDL's scancodes), for the keys a
    /// keyboard has; nil where none.
    private static let evdev: [Int?] = {
        var table = [Int?](repeating: nil, count: 232)
        let letters = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
        for (i, code) in letters.enumerated() { table[4 + i] = code }
        for i in 0..<10 { table[30 + i] = 2 + i }
        let rest: [(Int, Int)] = [
            (40, 28), (41, 1), (42, 14), (43, 15), (44, 57), (45, 12), (46, 13), (47, 26), (48, 27), (49, 43), (51, 39), (52, 40),
            (53, 41), (54, 51), (55, 52), (56, 53), (57, 58), (68, 87), (69, 88), (73, 110), (74, 102), (75, 104), (76, 111),
            (77, 107), (78, 109), (79, 106), (80, 105), (81, 108), (82, 103), (84, 98), (85, 55), (86, 74), (87, 78), (88, 96),
            (89, 79), (90, 80), (91, 81), (92, 75), (93, 76), (94, 77), (95, 71), (96, 72), (97, 73), (98, 82), (99, 83),
            (224, 29), (225, 42), (226, 56), (227, 125), (228, 97), (229, 54), (230, 100), (231, 126),
        ]
        for i in 0..<10 { table[58 + i] = 59 + i } // F1 to F10
        for (usage, code) in rest { table[usage] = code }
        return table
    }()
}
