import Foundation

/// A panel's backlight (`/sys/class/backlight/*/bl_power`: 0 on, 4 off,
/// the kernel's FB_BLANK_POWERDOWN). The folder is given, so the tests run
/// it on a folder of their own; a real panel needs a user the file lets write.
struct BacklightPower: ScreenPowerPath {
    var folder: String
    var name: String { "the backlight in \(folder)" }

    static let systemFolder = "/sys/class/backlight"

    func set(on: Bool) -> String? {
        let devices = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        guard !devices.isEmpty else { return "no backlight" }
        var refusals: [String] = []
        for device in devices {
            let path = folder + "/" + device + "/bl_power"
            // sysfs takes a write in place: no temporary file to rename.
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { refusals.append("\(device): \(String(cString: strerror(errno)))"); continue }
            let value = on ? "0\n" : "4\n"
            let written = value.withCString { write(fd, $0, strlen($0)) }
            if written < 0 { refusals.append("\(device): \(String(cString: strerror(errno)))") }
            Glibc.close(fd)
        }
        return refusals.count < devices.count ? nil : refusals.joined(separator: ", ")
    }
}
