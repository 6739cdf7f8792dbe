import XCTest
@testable import TripsKit

final class LaunchOptionsTests: XCTestCase {
    private func options(_ args: String...) throws -> LaunchOptions {
        guard case .run(let o) = try LaunchOptions.parse(args) else { XCTFail("not a run"); return LaunchOptions() }
        return o
    }

    private func usageError(_ args: String...) -> String? {
        do { _ = try LaunchOptions.parse(args); return nil } catch { return (error as? LaunchOptions.UsageError)?.message }
    }

    func testDefaultsAreAWindowedTwelveEightyByEightHundredWindowAt120Hz() throws {
        let o = try options()
        XCTAssertEqual(o.windowMode, .windowed)
        XCTAssertEqual(o.windowSize, WindowSize(width: 1280, height: 800))
        XCTAssertEqual(o.simulationRate, 120)
        XCTAssertNil(o.frames)
    }

    func testFlagsAreRead() throws {
        let o = try options("--kiosk", "--renderer", "software", "--frames", "3", "--screenshot", "a.png", "--photos=/p", "--size", "402x874")
        XCTAssertEqual(o.windowMode, .kiosk)
        XCTAssertEqual(o.renderer, "software")
        XCTAssertEqual(o.frames, 3)
        XCTAssertEqual(o.screenshot, "a.png")
        XCTAssertEqual(o.photosFolder, "/p")
        XCTAssertEqual(o.windowSize, WindowSize(width: 402, height: 874))
    }

    func testLangAndFontAreReadAndABadLanguageIsNamed() throws {
        let o = try options("--lang", "fr_FR.UTF-8", "--font=/f/a.ttf")
        XCTAssertEqual(o.language, "fr_FR.UTF-8")
        XCTAssertEqual(o.fontFile, "/f/a.ttf")
        XCTAssertEqual(try options("--lang", "ja").language, "ja")
        XCTAssertEqual(usageError("--lang", "../../etc"), "--lang expects a language code such as fr or de_CH, got '../../etc'")
        XCTAssertEqual(usageError("--lang", "x"), "--lang expects a language code such as fr or de_CH, got 'x'")
    }

    func testScreenshotAloneRendersOneFrame() throws {
        XCTAssertEqual(try options("--screenshot", "x.png").frames, 1)
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try LaunchOptions.parse(["--help"]), .help)
        XCTAssertEqual(try LaunchOptions.parse(["--version"]), .version)
    }

    func testMistakesAreNamed() {
        XCTAssertEqual(usageError("--bogus"), "unknown option '--bogus'")
        XCTAssertEqual(usageError("--photos", "a", "b.jpg"), "a PATH ('b.jpg') cannot be given with --photos or --trips")
        XCTAssertEqual(usageError("--frames"), "--frames needs a value")
        XCTAssertEqual(usageError("--frames", "0"), "--frames expects a whole number from 1 to 1000000, got '0'")
        XCTAssertEqual(usageError("--size", "big"), "--size expects WIDTHxHEIGHT in points, each from 200 to 16384, got 'big'")
        XCTAssertEqual(usageError("--photos", "a", "--trips", "b"), "--photos and --trips cannot be used together")
        XCTAssertEqual(usageError("--memory-budget", "8"), "--memory-budget expects MiB from 16 to 65536, got '8'")
    }

    func testPathsAreTheArgumentsThatAreNoFlagAndAllAfterADoubleDash() throws {
        XCTAssertEqual(try options("a.jpg", "--size", "800x600", "b").paths, ["a.jpg", "b"])
        XCTAssertEqual(try options("--", "--odd name.jpg", "-").paths, ["--odd name.jpg", "-"])
        XCTAssertEqual(try options().paths, [])
        XCTAssertTrue(LaunchOptions.usage.hasPrefix("Usage: trips [options] [PATH...]"))
    }

    func testIdleTimeoutIsTwoMinutesInAKioskOffOnADesktopAndZeroTurnsItOff() throws {
        XCTAssertEqual(try options("--kiosk").idleTimeout, 120)
        XCTAssertNil(try options().idleTimeout, "a desktop window does not close a photo by itself")
        XCTAssertNil(try options("--fullscreen").idleTimeout)
        XCTAssertEqual(try options("--idle", "5").idleTimeout, 5)
        XCTAssertEqual(try options("--kiosk", "--idle=2.5").idleTimeout, 2.5)
        XCTAssertNil(try options("--kiosk", "--idle", "0").idleTimeout)
        XCTAssertEqual(try options("--idle", "0").idleSeconds, 0)
        XCTAssertNotEqual(try options("--idle", "5"), try options("--idle", "6"))
    }

    func testBadIdleValuesAreNamed() {
        let expected = { (v: String) in "--idle expects seconds from 0 (off) to 86400, got '\(v)'" }
        for bad in ["-1", "soon", "nan", "inf", "86401", ""] {
            XCTAssertEqual(usageError("--idle", bad), expected(bad), bad)
        }
        XCTAssertEqual(usageError("--idle"), "--idle needs a value")
        XCTAssertEqual(usageError("--idle", "--kiosk"), "--idle needs a value")
    }

    func testAwakeHoursAndWakeForAreReadAndBadOnesNamed() throws {
        let o = try options("--awake", "mon-fri 08:00-18:00, sat 10:00-16:00", "--wake-for", "60")
        XCTAssertEqual(o.awake?.ranges.map(\.start), [8 * 3600, 10 * 3600])
        XCTAssertEqual(o.wakeForSeconds, 60)
        XCTAssertNil(try options().awake, "always awake unless asked")
        XCTAssertEqual(try options().wakeForSeconds, 300)
        for bad in ["25:00-07:00", "7-22"] {
            let message = usageError("--awake", bad) ?? ""
            XCTAssertTrue(message.hasPrefix("--awake expects time ranges such as 07:00-22:00"), message)
            XCTAssertTrue(message.contains("got '\(bad)'"), message)
        }
        XCTAssertEqual(usageError("--wake-for", "0"), "--wake-for expects seconds from 1 to 86400, got '0'")
    }
}

/// The README's flag list is the usage text's, line for line: the flags as
/// `LaunchOptions` declares them (`LaunchOption.all`) are their one description.
final class LaunchOptionTableTests: XCTestCase {
    func testTheReadmeListsEveryFlagAsTheHelpDoes() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: "## Flags\n\n```\ntrips [options] [PATH...]\n"), "README.md has no flag list")
        let end = try XCTUnwrap(text.range(of: "```", range: section.upperBound..<text.endIndex))
        let listed = text[section.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        XCTAssertEqual(listed, LaunchOption.all.flatMap(\.usageLines))
    }

    func testEveryFlagOfTheTableIsParsedAndInTheHelp() throws {
        for option in LaunchOption.all {
            XCTAssertNotNil(LaunchOptions.usage.range(of: "\n  " + option.synopsis + " "), option.name)
            XCTAssertTrue(LaunchOption.named(option.name).map { $0.name == option.name } ?? false)
        }
        XCTAssertEqual(Set(LaunchOption.all.map(\.name)).count, LaunchOption.all.count, "a flag is listed twice")
    }

    /// Each flag is its property's declaration: given, it changes what
    /// equality sees, and only through its own property (a value given
    /// again as the default is no change).
    func testEachFlagSetsItsOwnPropertyAndEqualityComparesTheValues() throws {
        let samples = ["--photos": "/p", "--trips": "t.json", "--idle": "5", "--slide": "9", "--size": "800x600", "--renderer": "software",
                       "--frames": "7", "--screenshot": "s.png", "--rate": "60", "--memory-budget": "512", "--state": "s.json",
                       "--replay": "r.txt", "--record": "r.txt", "--font": "f.ttf", "--lang": "fr", "--mqtt": "mqtt://b",
                       "--mqtt-password-file": "p", "--mqtt-ca": "ca.pem", "--mqtt-cert": "c.pem", "--mqtt-key": "k.pem", "--device": "d",
                       "--group": "g",
                       "--awake": "07:00-22:00", "--wake-for": "60", "--scale": "2"]
        var properties: [String] = []
        for option in LaunchOption.all {
            guard let property = option.property else { continue }
            var arguments = [option.name] + (option.value == nil ? [] : [try XCTUnwrap(samples[option.name], "a sample value for \(option.name)")])
            if option.name == "--window" { arguments += ["--replay", "r.txt"] }
            // The broker's flags go with a broker (a TLS one for its files), a certificate with its key.
            if option.name.hasPrefix("--mqtt-") || ["--device", "--group"].contains(option.name) { arguments += ["--mqtt", "mqtts://b"] }
            if option.name == "--mqtt-cert" { arguments += ["--mqtt-key", "k.pem"] }
            if option.name == "--mqtt-key" { arguments += ["--mqtt-cert", "c.pem"] }
            guard case .run(let given) = try LaunchOptions.parse(arguments) else { return XCTFail(option.name) }
            XCTAssertNotEqual(given, LaunchOptions(), option.name)
            properties.append(property)
        }
        XCTAssertEqual(properties, LaunchOptions.flags.flatMap { flag in flag.flag.options(property: flag.property).map { _ in flag.property } })
        XCTAssertEqual(Set(properties).count, properties.count - 1, "one property for --fullscreen and --kiosk, one each for the rest")
        guard case .run(let again) = try LaunchOptions.parse(["--rate", "120", "--size", "1280x800", "--memory-budget", "256"]) else { return XCTFail() }
        XCTAssertEqual(again, LaunchOptions())
        guard case .run(let kiosk) = try LaunchOptions.parse(["--kiosk", "--fullscreen"]) else { return XCTFail() }
        XCTAssertEqual(kiosk.windowMode, .kiosk, "--fullscreen keeps a kiosk a kiosk")
    }

    func testTheHelpListsTheExitCodesOfTheExitCodeType() {
        XCTAssertTrue(LaunchOptions.usage.hasSuffix("Exit codes: 0 done, 2 bad input or usage, 3 no display, 4 the display connection was lost."))
        XCTAssertEqual(ExitCode.displayLost.rawValue, 4)
    }
}
