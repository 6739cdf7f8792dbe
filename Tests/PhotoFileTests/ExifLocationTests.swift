import Foundation
import PhotoFile
import TestSupport
import XCTest

/// Places as phones write them into EXIF's GPS directory, read back through
/// the real file path (JPEG and HEIC); bad values are no place, never a crash.
final class ExifLocationTests: XCTestCase {
    let jpeg: Data = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/storm.jpg")
        return try! Data(contentsOf: url.standardized)
    }()

    func location(_ gps: ExifStamp.GPS) -> ExifLocation? {
        ExifCapture.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:30:15", gps: gps))).location
    }

    func testDegreesMinutesSecondsWithTheirReferences() throws {
        let lisbon = try XCTUnwrap(location(ExifStamp.GPS(latitude: 38.7223, longitude: -9.1393)))
        XCTAssertEqual(lisbon.latitude, 38.7223, accuracy: 1e-4)
        XCTAssertEqual(lisbon.longitude, -9.1393, accuracy: 1e-4)
        let sydney = try XCTUnwrap(location(ExifStamp.GPS(latitude: -33.8688, longitude: 151.2093)))
        XCTAssertEqual(sydney.latitude, -33.8688, accuracy: 1e-4)
        XCTAssertEqual(sydney.longitude, 151.2093, accuracy: 1e-4)
        // The time beside it is read from the same block.
        XCTAssertEqual(ExifCapture.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:30:15", gps: ExifStamp.GPS(latitude: 1, longitude: 2)))).time?.day, 12)
        // Decimal degrees in one rational, as some writers do; SRATIONALs.
        XCTAssertEqual(location(ExifStamp.GPS(latitudeRef: "N", latitude: [(35_6812, 10_000)], longitudeRef: "E", longitude: [(139_7671, 10_000)]))?.longitude ?? 0,
                       139.7671, accuracy: 1e-6)
        var signed = ExifStamp.GPS(latitude: 10, longitude: 20)
        signed.signed = true
        XCTAssertEqual(location(signed)?.latitude, 10)
    }

    func testBadValuesAreNoPlace() {
        let good: [(UInt32, UInt32)] = [(38, 1), (43, 1), (20, 1)]
        func gps(_ lat: [(UInt32, UInt32)], _ lon: [(UInt32, UInt32)], refs: (String, String) = ("N", "W")) -> ExifStamp.GPS {
            ExifStamp.GPS(latitudeRef: refs.0, latitude: lat, longitudeRef: refs.1, longitude: lon)
        }
        XCTAssertNotNil(location(gps(good, good)))
        XCTAssertNil(location(gps([(38, 0), (43, 1), (20, 1)], good)), "a zero denominator")
        XCTAssertNil(location(gps([(0, 0), (0, 0), (0, 0)], good)), "0/0")
        XCTAssertNil(location(gps([(91, 1)], good)), "latitude beyond the pole")
        XCTAssertNil(location(gps(good, [(181, 1)])), "longitude beyond the antimeridian")
        XCTAssertNil(location(gps(good, [(10, 1), (75, 1)])), "75 minutes")
        XCTAssertNil(location(gps(good, good, refs: ("X", "W"))), "a reference that is no direction")
        XCTAssertNil(location(gps([], good)), "no angle")
        XCTAssertNil(location(gps([(1, 1), (2, 1), (3, 1), (4, 1)], good)), "four parts")
        XCTAssertNil(location(ExifStamp.GPS(latitude: 0, longitude: 0)), "null island: a receiver without a fix")
        var negative = gps(good, good)
        negative.signed = true
        negative.latitude = [(UInt32(bitPattern: -38), 1)]
        XCTAssertNil(location(negative), "a negative angle (the sign is the reference's)")
        XCTAssertNil(ExifCapture.parse([UInt8](ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:30:15"))).location, "no GPS directory")
        XCTAssertNil(ExifLocation(latitude: .nan, longitude: 3))
        XCTAssertNil(ExifLocation(latitude: 3, longitude: .infinity))
    }

    func testJPEGAndHEICFilesThroughTheRealPath() throws {
        let folder = try temporaryFolder("exif-location").url
        let jpegPath = folder.appendingPathComponent("tokyo.jpg").path
        XCTAssertTrue(FileManager.default.createFile(atPath: jpegPath, contents: ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:30:15",
                                                                                                   gps: ExifStamp.GPS(latitude: 35.6812, longitude: 139.7671))))
        let fromJPEG = ExifCapture.read(atPath: jpegPath)
        XCTAssertEqual(fromJPEG.location?.latitude ?? 0, 35.6812, accuracy: 1e-4)
        XCTAssertEqual(fromJPEG.time?.hour, 8)
        // heif-enc carries the JPEG's EXIF into the HEIC's Exif item.
        let heicPath = folder.appendingPathComponent("tokyo.heic").path
        let encoder = Process()
        encoder.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
        encoder.arguments = ["-q", "30", jpegPath, "-o", heicPath]
        encoder.standardOutput = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc") else { throw XCTSkip("heif-enc (libheif-examples) is not installed") }
        try encoder.run()
        encoder.waitUntilExit()
        XCTAssertEqual(encoder.terminationStatus, 0)
        let fromHEIC = ExifCapture.read(atPath: heicPath)
        XCTAssertEqual(fromHEIC.location?.longitude ?? 0, 139.7671, accuracy: 1e-4)
        XCTAssertEqual(fromHEIC.time?.minute, 30)
        XCTAssertEqual(ExifCaptureTime.read(atPath: heicPath)?.second, 15, "a HEIC's capture time counts too")
        XCTAssertEqual(ExifCapture.read(atPath: folder.appendingPathComponent("missing.jpg").path), ExifCapture())
    }
}

/// EXIF GPS blocks mutated (bytes flipped, set to boundaries, zeroed,
/// repeated, cut) and read through the real file path, in a JPEG and in a
/// HEIC's Exif item: every answer is no place or a place in range, never a crash.
final class ExifLocationFuzzTests: XCTestCase {
    func testMutatedGPSBlocks() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/storm.jpg")
        let photo = try Data(contentsOf: url.standardized)
        let folder = try temporaryFolder("exif-location-fuzz").url
        let stamped = [UInt8](ExifStamp.stamped(photo, dateTime: "2024:05:12 08:30:15", offset: "+01:00",
                                                gps: ExifStamp.GPS(latitude: 38.7223, longitude: -9.1393)))
        // The Exif segment and a little after: the mutations meet the GPS directory, not the picture.
        let segmentEnd = 4 + (Int(stamped[4]) << 8 | Int(stamped[5]))
        // Only what the reader can reach of the JPEG (its EXIF), so each round writes a small file.
        var seeds: [(name: String, bytes: [UInt8], mutable: Range<Int>)] = [("fuzz.jpg", Array(stamped.prefix(segmentEnd + 64)), 12..<segmentEnd)]
        let heic = folder.appendingPathComponent("seed.heic").path
        let jpegPath = folder.appendingPathComponent("seed.jpg").path
        XCTAssertTrue(FileManager.default.createFile(atPath: jpegPath, contents: Data(stamped.prefix(segmentEnd) + [UInt8](photo.dropFirst(2)))))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc") {
            let encoder = Process()
            encoder.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
            encoder.arguments = ["-q", "10", jpegPath, "-o", heic]
            encoder.standardOutput = FileHandle.nullDevice
            try encoder.run()
            encoder.waitUntilExit()
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: heic)))
            XCTAssertNotNil(ExifCapture.read(atPath: heic).location, "the HEIC seed has its place")
            // The HEIC's boxes and its Exif item (wherever libheif put it) are all small.
            seeds.append(("fuzz.heic", bytes, 0..<min(bytes.count, 4096)))
        }
        var rng = SplitMix64(seed: 0x6E0_5EED)
        var placed = 0, none = 0
        let path = folder.appendingPathComponent("case").path
        for round in 0..<1500 {
            let seed = seeds[round % seeds.count]
            var region = Array(seed.bytes[seed.mutable])
            region = PhotoMutator.mutate(region, using: &rng)
            let bytes = Array(seed.bytes[..<seed.mutable.lowerBound]) + region + Array(seed.bytes[seed.mutable.upperBound...])
            XCTAssertTrue(FileManager.default.createFile(atPath: path + seed.name, contents: Data(bytes)))
            let read = ExifCapture.read(atPath: path + seed.name)
            if let place = read.location {
                placed += 1
                XCTAssertTrue(abs(place.latitude) <= 90 && abs(place.longitude) <= 180 && !(place.latitude == 0 && place.longitude == 0),
                              "round \(round): \(place)")
            } else {
                none += 1
            }
        }
        // The mutations reach both answers.
        XCTAssertGreaterThan(placed, 100)
        XCTAssertGreaterThan(none, 100)
    }
}
