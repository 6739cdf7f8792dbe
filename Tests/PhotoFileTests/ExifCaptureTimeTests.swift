import Foundation
import PhotoFile
import TestSupport
import XCTest

/// Capture times as cameras write them, read back from the bytes.
final class ExifCaptureTimeTests: XCTestCase {
    let jpeg: Data = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/storm.jpg")
        return try! Data(contentsOf: url.standardized)
    }()

    func testDateTimeOriginalWithItsOffset() {
        let bytes = [UInt8](ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:30:15", offset: "+02:00"))
        let t = ExifCaptureTime.parse(bytes)
        XCTAssertEqual(t, ExifCaptureTime(year: 2024, month: 5, day: 12, hour: 8, minute: 30, second: 15, offsetSeconds: 7200))
        // 2024-05-12 is day 19855 since 1970.
        XCTAssertEqual(t?.wallSeconds, 19855 * 86400 + 8 * 3600 + 30 * 60 + 15)
    }

    func testWithoutOffsetAndNegativeOffset() {
        XCTAssertNil(ExifCaptureTime.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "2023:12:31 23:59:59")))?.offsetSeconds)
        XCTAssertEqual(ExifCaptureTime.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "2023:12:31 23:59:59", offset: "-05:30")))?.offsetSeconds,
                       -(5 * 3600 + 30 * 60))
    }

    func testNoExifBlankStampsAndNonsenseGiveNil() {
        XCTAssertNil(ExifCaptureTime.parse([UInt8](jpeg.prefix(4096))), "the bundled photo has no DateTimeOriginal")
        XCTAssertNil(ExifCaptureTime.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "    :  :     :  :  "))))
        XCTAssertNil(ExifCaptureTime.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "2024:13:40 99:00:00"))))
        XCTAssertNil(ExifCaptureTime.parse([0x89, 0x50, 0x4E, 0x47]))
        // A segment whose length runs past the bytes read stops the walk, not the app.
        XCTAssertNil(ExifCaptureTime.parse([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45]))
    }
}
