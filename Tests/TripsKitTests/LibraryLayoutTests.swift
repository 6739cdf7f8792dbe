import XCTest
@testable import TripsKit

/// Which folders are a camera's and which albums, and the dates folder names begin with.
final class LibraryLayoutTests: XCTestCase {
    /// Syncthing writes a photo as `.syncthing.NAME.tmp` and renames it
    /// when whole (`~syncthing~NAME.tmp` on Windows): neither is ever a
    /// photo, so a half-synced file is never listed nor decoded.
    func testSyncthingsTemporaryFilesAreNoPhotos() {
        XCTAssertFalse(PhotoLibrary.isPhotoName(".syncthing.IMG_0001.jpg.tmp"))
        XCTAssertFalse(PhotoLibrary.isPhotoName("~syncthing~IMG_0001.jpg.tmp"))
        XCTAssertTrue(PhotoLibrary.isPhotoName("IMG_0001.jpg"))
    }

    func testCameraLayoutsFromTheirPaths() {
        for camera in ["", "Camera", "DCIM", "DCIM/100APPLE", "100APPLE", "DCIM/101_PANA", "Screenshots", "Phone/Camera/Edits",
                       "2023", "2023/05", "2023/05/12", "Photos/2023/5/12", "2023/2023-05-12"] {
            XCTAssertTrue(LibraryLayout.isCameraLayout(camera), camera)
        }
        for album in ["Albums/Christmas", "2021-12-24 Christmas", "2023/Rome", "099APPLE", "100APPLE2", "Trips 2023", "1850/05", "Albums"] {
            XCTAssertFalse(LibraryLayout.isCameraLayout(album), album)
        }
    }

    func testLeadingDatesOfFolderNames() {
        func date(_ name: String) -> [Int]? { FolderDate(name: name).map { [$0.year, $0.month, $0.day] } }
        XCTAssertEqual(date("2021-12-24 Christmas"), [2021, 12, 24])
        XCTAssertEqual(date("2021_12_24"), [2021, 12, 24])
        XCTAssertEqual(date("20211224_party"), [2021, 12, 24])
        XCTAssertEqual(date("2021-12 Porto"), [2021, 12, 1])
        XCTAssertNil(date("2021 Rome"), "a year alone dates nothing to the day")
        XCTAssertNil(date("2021-13-01"))
        XCTAssertNil(date("202112245"), "digits run on: not a date")
        XCTAssertNil(date("Grandma's 80th"))
    }

    func testAFolderDateIsNoonOfItsDayWhereTheAppIs() throws {
        let lisbon = try XCTUnwrap(TimeZone(identifier: "Europe/Lisbon"))
        let time = try XCTUnwrap(FolderDate(name: "2021-07-01 Sintra")).captureTime(timeZone: lisbon)
        XCTAssertEqual(time.day.civil.year, 2021)
        XCTAssertEqual(time.day.civil.month, 7)
        XCTAssertEqual(time.day.civil.day, 1)
        XCTAssertEqual(time.wall - time.instant, 3600, "summer time in Lisbon")
    }

    func testCalendarDaysRoundTrip() {
        for days in [-25567, -1, 0, 59, 365, 19855, 80000] {
            let c = CalendarDay(daysSince1970: days).civil
            XCTAssertEqual(CalendarDay(year: c.year, month: c.month, day: c.day).daysSince1970, days)
        }
    }
}
