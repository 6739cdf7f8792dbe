import Foundation
import XCTest
@testable import Platform

/// A panel's backlight put out and back through sysfs's interface
/// (`bl_power`: 4 off, 0 on), on a folder laid out as /sys/class/backlight is.
final class BacklightPowerTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "backlight-\(UUID().uuidString)"
        for device in ["intel_backlight", "acpi_video0"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + device, withIntermediateDirectories: true)
            try "0\n".write(toFile: folder + "/" + device + "/bl_power", atomically: false, encoding: .utf8)
        }
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: folder) }

    private func power(_ device: String) throws -> String { try String(contentsOfFile: folder + "/" + device + "/bl_power", encoding: .utf8) }

    func testEveryBacklightGoesOutAndComesBack() throws {
        let backlight = BacklightPower(folder: folder)
        XCTAssertNil(backlight.set(on: false))
        XCTAssertEqual(try power("intel_backlight"), "4\n")
        XCTAssertEqual(try power("acpi_video0"), "4\n")
        XCTAssertNil(backlight.set(on: true))
        XCTAssertEqual(try power("intel_backlight"), "0\n")
    }

    func testOneItMayWriteIsEnoughAndNoneSaysWhy() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder + "/acpi_video0/bl_power")
        try FileManager.default.removeItem(atPath: folder + "/intel_backlight/bl_power")
        let refusal = BacklightPower(folder: folder).set(on: false)
        if getuid() == 0 {
            XCTAssertNil(refusal, "root writes a read-only file")
        } else {
            XCTAssertEqual(refusal, "acpi_video0: Permission denied, intel_backlight: No such file or directory")
        }
        XCTAssertEqual(BacklightPower(folder: folder + "/none").set(on: false), "no backlight")
    }

    func testTheFirstWayThatWorksIsKeptAndOneLineSaysWhich() {
        let folder: String = folder
        var lines: [String] = []
        let power = ScreenPower(paths: [BacklightPower(folder: folder + "/none"), BacklightPower(folder: folder)], log: { lines.append($0) })
        power.set(on: false)
        power.set(on: true)
        XCTAssertEqual(lines, ["trips: asleep; the screen is put out through the backlight in \(folder)",
                               "trips: awake; the screen is back on through the backlight in \(folder)"])
        let none = ScreenPower(paths: [BacklightPower(folder: folder + "/none")], log: { lines.append($0) })
        none.set(on: false)
        XCTAssertEqual(lines.last, "trips: asleep; the screen is only black, nothing could put it out (the backlight in \(folder)/none: no backlight)")
    }
}

/// HDMI-CEC through the real libcec: on a machine with no adapter (this
/// one) it says so, and putting the screen out goes on to the next way.
final class CECPowerTests: XCTestCase {
    func testWithoutAnAdapterLibcecSaysSoAndTheNextWayIsTried() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/cec0") else { throw XCTSkip("a CEC adapter is here") }
        XCTAssertEqual(CECPower().set(on: false), "no CEC adapter")
        var lines: [String] = []
        let power = ScreenPower(paths: [CECPower(), BacklightPower(folder: "/nonexistent")], log: { lines.append($0) })
        power.set(on: false)
        XCTAssertEqual(lines, ["trips: asleep; the screen is only black, nothing could put it out (HDMI-CEC: no CEC adapter; the backlight in /nonexistent: no backlight)"])
    }
}
