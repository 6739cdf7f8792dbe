import Foundation
import XCTest
@testable import TripsKit

/// The installed binary finds its photos and catalogues under its own
/// prefix, a built one beside its build tree (`make install`'s layout).
final class InstalledFilesTests: XCTestCase {
    func testAnInstalledBinaryLooksUnderItsOwnPrefixFirst() {
        let present: Set<String> = ["/opt/t/share/trips/trips.json", "/opt/t/share/locale/en/LC_MESSAGES/trips.mo",
                                    "/usr/share/trips/trips.json"]
        let files = InstalledFiles(executable: "/opt/t/bin/trips", exists: { present.contains($0) })
        XCTAssertEqual(files.bundledTripsFile, "/opt/t/share/trips/trips.json")
        XCTAssertEqual(files.localeFolder(domain: "trips"), "/opt/t/share/locale")
    }

    func testABuiltBinaryFindsTheAssetsAboveItsBuildTreeAndTheCataloguesBesideIt() {
        let present: Set<String> = ["/src/Assets/trips.json", "/src/.build/debug/locale/en/LC_MESSAGES/trips.mo"]
        let files = InstalledFiles(executable: "/src/.build/debug/trips",
                                   exists: { present.contains($0) })
        XCTAssertEqual(files.bundledTripsFile, "/src/Assets/trips.json")
        XCTAssertEqual(files.localeFolder(domain: "trips"), "/src/.build/debug/locale")
    }

    func testTheWaylandWindowsLibraryIsBesideABuiltBinaryOrInItsPrefixsLib() {
        let built = InstalledFiles(executable: "/src/.build/release/trips",
                                   exists: { $0 == "/src/.build/release/libTripsSurfaceOnlyVulkan.so" })
        XCTAssertEqual(built.surfaceOnlyVulkanLibrary, "/src/.build/release/libTripsSurfaceOnlyVulkan.so")
        let installed = InstalledFiles(executable: "/opt/t/bin/trips",
                                       exists: { $0 == "/opt/t/lib/trips/libTripsSurfaceOnlyVulkan.so" })
        XCTAssertEqual(installed.surfaceOnlyVulkanLibrary, "/opt/t/lib/trips/libTripsSurfaceOnlyVulkan.so")
        // Never the system's library folders: it is no Vulkan loader for other programs.
        XCTAssertNil(InstalledFiles(executable: "/usr/bin/trips", exists: { $0.hasPrefix("/usr/lib/x86_64-linux-gnu/") }).surfaceOnlyVulkanLibrary)
    }

    func testNothingFoundFallsBackToTheSystems() {
        let files = InstalledFiles(executable: "/x/bin/trips", exists: { _ in false })
        XCTAssertNil(files.bundledTripsFile)
        XCTAssertNil(files.surfaceOnlyVulkanLibrary)
        XCTAssertEqual(files.localeFolder(domain: "trips"), "/usr/share/locale")
    }
}

/// trips(1) is written from the table of flags: every flag is in it, and
/// roff's own characters are escaped.
final class ManPageTests: XCTestCase {
    func testEveryFlagAndExitCodeIsInTheManualWithItsHelp() {
        let page = ManPage.roff(version: "9.9", date: "2026-12-01")
        XCTAssertTrue(page.hasPrefix(".TH TRIPS 1 \"2026-12-01\" \"trips 9.9\""))
        for option in LaunchOption.all {
            XCTAssertTrue(page.contains("\\fB" + ManPage.escape(option.name) + "\\fR"), option.name)
            for line in option.help { XCTAssertTrue(page.contains(ManPage.escape(line)), line) }
        }
        XCTAssertTrue(page.contains("\\fB\\-\\-help\\fR, \\fB\\-h\\fR"), "an alias beside its flag")
        XCTAssertTrue(page.contains("\\fB\\-\\-photos\\fR \\fIDIR\\fR"), "the value after the flag")
        for code in ExitCode.allCases { XCTAssertTrue(page.contains(".B \(code.rawValue)\n"), "exit code \(code.rawValue)") }
        for shortcut in Shortcut.all { XCTAssertTrue(page.contains(".B \(ManPage.escape(shortcut.keysText))\n"), shortcut.keysText) }
        XCTAssertTrue(page.contains(".B Ctrl+C\nCopy the photo shown to the clipboard\n"))
    }

    func testRoffCharactersAreTakenLiterally() {
        XCTAssertEqual(ManPage.escape("a\\b-c"), "a\\eb\\-c")
        XCTAssertEqual(ManPage.escape(".hidden"), "\\&.hidden")
        XCTAssertEqual(ManPage.escape("'quote"), "\\&'quote")
    }
}
