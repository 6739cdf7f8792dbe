import Foundation

/// trips(1), written from the flags (`LaunchOption.all`, as `LaunchOptions`
/// declares them), the keys (`Shortcut.all`, the table the keyboard handler
/// and the shortcuts overlay read) and the exit codes, so the manual cannot
/// drift from `--help` or the app. `trips --man`
/// prints it; `make install` installs what it printed.
public enum ManPage {
    /// The page in roff (man(7) macros).
    public static func roff(version: String, date: String) -> String {
        var lines: [String] = [
            ".TH TRIPS 1 \"\(date)\" \"trips \(version)\" \"User Commands\"",
            ".SH NAME",
            "trips \\- a touch photo viewer: your photos as trips",
            ".SH SYNOPSIS",
            ".B trips",
            "[\\fIoptions\\fR] [\\fIPATH\\fR...]",
            ".SH DESCRIPTION",
            "Trips shows photos as trips: an Overview with a strip of trip photos and the list of trips,",
            "and a big photo that pages through its trip and zooms.",
            "A \\fIPATH\\fR that is a folder opens as a library (as \\fB\\-\\-photos\\fR);",
            "a photo opens big among its folder's trips; several photos open as one trip.",
            "A path that cannot be shown is named on standard error; with nothing else to open, trips exits with 2.",
            "In a kiosk (\\fB\\-\\-kiosk\\fR) what stays still on the screen (the Overview, the slideshow's caption)",
            "moves by up to 4 points every 3 minutes, against burn-in.",
            ".SH OPTIONS",
        ]
        for option in LaunchOption.all {
            lines.append(".TP")
            let value = option.value.map { " \\fI\(escape($0))\\fR" } ?? ""
            lines.append(([option.name] + option.aliases).map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ") + value)
            lines.append(option.help.map(escape).joined(separator: "\n"))
        }
        lines.append(".SH KEYS")
        for shortcut in Shortcut.all {
            lines += [".TP", ".B " + escape(shortcut.keysText), escape(Strings.english(shortcut.what))]
        }
        lines += [
            ".SH ENVIRONMENT",
            ".TP",
            ".B SDL_VIDEODRIVER",
            "the display driver (default: wayland, then x11).",
            ".TP",
            ".B SDL_AUDIODRIVER",
            escape("the sound driver for a clip's sound, opened the first time M turns it on."),
            ".TP",
            ".BR LANG \", \" LC_MESSAGES \", \" LC_ALL",
            "the language of the interface, unless \\fB\\-\\-lang\\fR is given.",
            ".SH SIGNALS",
            ".TP",
            ".BR SIGTERM \", \" SIGINT",
            "end the app cleanly, with status 0.",
            ".TP",
            ".B SIGUSR1",
            escape("wakes a sleeping app until the next edge of its --awake hours."),
            ".TP",
            ".B SIGUSR2",
            escape("puts the app to sleep (black, the screen put out) until the next edge of its --awake hours, a touch or SIGUSR1."),
            ".SH EXIT STATUS",
        ]
        for code in ExitCode.allCases {
            lines += [".TP", ".B \(code.rawValue)", escape(code.meaning ?? "something unforeseen failed (the message says what)")]
        }
        lines += [".SH FILES", ".TP", ".I $XDG_STATE_HOME/trips/state.json", "the order of trips.",
                  ".TP", ".I $XDG_STATE_HOME/trips/turns.json", "the turns Trips keeps for photos whose files cannot hold them without loss.",
                  ".TP", ".I $XDG_CACHE_HOME/trips/", "the capture times and first photos of each library.", ""]
        return lines.joined(separator: "\n")
    }

    /// Roff's own characters taken literally: a backslash, a leading dot or
    /// quote, and dashes (so that `--photos` can be searched for).
    static func escape(_ text: String) -> String {
        var s = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        return s
    }
}
