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
        let usage = Int(key.keysym.scancode.rawValue)
        var keysym: Int32 = sym >= 0x20 && sym < 0x7f ? sym : 0
        var text = ""
        if let (x, name) = Self.keypad(usage, numLock: mod & KMOD_NUM.rawValue != 0) ?? Self.keysyms[sym] {
            // Orca tells its modifiers and keypad keys by X's names ("KP_Insert", "Shift_L").
            keysym = x
            text = name
        } else if sym >= 0x20 && sym < 0x7f, let scalar = Unicode.Scalar(UInt32(sym)) {
            var c = String(Character(scalar))
            if modifiers & 1 != 0 { c = Self.shifted[c] ?? c.uppercased() }
            text = c
            keysym = Int32(c.unicodeScalars.first!.value)
        } else if let name = SDL_GetKeyName(sym) {
            text = String(cString: name)
        }
        let code = Self.evdev.indices.contains(usage) ? Self.evdev[usage].map { UInt32($0 + 8) } ?? 0 : 0
        self.init(pressed: key.type == SDL_KEYDOWN.rawValue, keysym: keysym, keycode: code, modifiers: modifiers,
                  timestamp: Int32(truncatingIfNeeded: key.timestamp), text: text)
    }

    /// The US layout's shifted characters (Orca reads "+" as shift and "=").
    private static let shifted: [String: String] = [
        "=": "+", "-": "_", "1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&", "8": "*", "9": "(", "0": ")",
        ";": ":", "'": "\"", ",": "<", ".": ">", "/": "?", "[": "{", "]": "}", "\\": "|", "`": "~",
    ]

    /// X11 keysyms and their names of SDL's keys that are not characters.
    private static let keysyms: [SDL_Keycode: (Int32, String)] = {
        var map: [SDL_Keycode: (Int32, String)] = [8: (0xff08, "BackSpace"), 9: (0xff09, "Tab"), 13: (0xff0d, "Return"),
                                                  27: (0xff1b, "Escape"), 127: (0xffff, "Delete")]
        let named: [(SDL_KeyCode, Int32, String)] = [
            (SDLK_LEFT, 0xff51, "Left"), (SDLK_UP, 0xff52, "Up"), (SDLK_RIGHT, 0xff53, "Right"), (SDLK_DOWN, 0xff54, "Down"),
            (SDLK_HOME, 0xff50, "Home"), (SDLK_END, 0xff57, "End"), (SDLK_PAGEUP, 0xff55, "Page_Up"),
            (SDLK_PAGEDOWN, 0xff56, "Page_Down"), (SDLK_INSERT, 0xff63, "Insert"),
            (SDLK_LSHIFT, 0xffe1, "Shift_L"), (SDLK_RSHIFT, 0xffe2, "Shift_R"), (SDLK_LCTRL, 0xffe3, "Control_L"),
            (SDLK_RCTRL, 0xffe4, "Control_R"), (SDLK_CAPSLOCK, 0xffe5, "Caps_Lock"), (SDLK_LALT, 0xffe9, "Alt_L"),
            (SDLK_RALT, 0xffea, "Alt_R"), (SDLK_LGUI, 0xffeb, "Super_L"), (SDLK_RGUI, 0xffec, "Super_R"),
            (SDLK_NUMLOCKCLEAR, 0xff7f, "Num_Lock"),
        ]
        for (key, sym, name) in named { map[SDL_Keycode(key.rawValue)] = (sym, name) }
        for i in 0..<12 { map[SDL_Keycode(SDLK_F1.rawValue) + SDL_Keycode(i)] = (0xffbe + Int32(i), "F\(i + 1)") }
        return map
    }()

    /// The keypad's X11 keysym and name by SDL's scancode: its digits are
    /// Orca's review keys (KP_Up, KP_Begin, ...) while Num Lock is off.
    private static func keypad(_ usage: Int, numLock: Bool) -> (Int32, String)? {
        switch usage {
        case 84: return (0xffaf, "KP_Divide")
        case 85: return (0xffaa, "KP_Multiply")
        case 86: return (0xffad, "KP_Subtract")
        case 87: return (0xffab, "KP_Add")
        case 88: return (0xff8d, "KP_Enter")
        case 89...99:
            let i = usage - 89 // KP_1 ... KP_9, KP_0, KP_Period
            if numLock { return i == 10 ? (0xffae, "KP_Decimal") : (i == 9 ? (0xffb0, "KP_0") : (0xffb1 + Int32(i), "KP_\(i + 1)")) }
            let off: [(Int32, String)] = [(0xff9c, "KP_End"), (0xff99, "KP_Down"), (0xff9b, "KP_Page_Down"), (0xff96, "KP_Left"),
                                          (0xff9d, "KP_Begin"), (0xff98, "KP_Right"), (0xff95, "KP_Home"), (0xff97, "KP_Up"),
                                          (0xff9a, "KP_Page_Up"), (0xff9e, "KP_Insert"), (0xff9f, "KP_Delete")]
            return off[i]
        default: return nil
        }
    }

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
