import Foundation
import Decoding
import PhotoFile
import PhotoLoading
import TestSupport
import XCTest

/// The properties panel's fields are read by a sandboxed worker (exiv2 on
/// the bytes it is handed): from camera photos made by ImageMagick and
/// exiftool, equal to what exiftool reads; from a photo without metadata,
/// the header's fields alone; a worker that crashes reading them costs
/// only that answer.
final class PropertiesReadTests: XCTestCase {
    override func tearDown() { unsetenv("TRIPS_DECODER_FAULT") }

    func testACameraPhotosFieldsAreReadInTheSandboxAsExiftoolReadsThem() throws {
        let folder = try TemporaryFolder("trips-properties")
        defer { folder.remove() }
        let path = folder.path + "/IMG_0042.jpg"
        try CameraPhoto.make(path, width: 400, height: 300, tags: CameraPhoto.canon)
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let read = try process.readProperties(path: path, deadline: 5).get()
        XCTAssertEqual(read.make, try CameraPhoto.exiftool("Make", of: path))
        XCTAssertEqual(read.model, try CameraPhoto.exiftool("Model", of: path))
        XCTAssertEqual(read.camera, "Canon EOS 5D Mark IV", "the make is not said twice")
        XCTAssertEqual(read.lens, try CameraPhoto.exiftool("LensModel", of: path))
        XCTAssertEqual(read.captured, try CameraPhoto.exiftool("DateTimeOriginal", of: path))
        XCTAssertEqual(read.exposureText, try CameraPhoto.exiftool("ExposureTime", of: path) + " s")
        XCTAssertEqual(read.apertureText, "f/" + (try CameraPhoto.exiftool("FNumber", of: path)))
        XCTAssertEqual(read.iso, Int(try CameraPhoto.exiftool("ISO", of: path)))
        XCTAssertEqual(read.focalLengthText { $0 }, try CameraPhoto.exiftool("FocalLength", of: path, numeric: true) + " mm")
        XCTAssertEqual(read.latitude ?? 0, Double(try CameraPhoto.exiftool("GPSLatitude", of: path, numeric: true)) ?? 1, accuracy: 1e-6)
        XCTAssertEqual(read.longitude ?? 0, Double(try CameraPhoto.exiftool("GPSLongitude", of: path, numeric: true)) ?? 1, accuracy: 1e-6)
        XCTAssertEqual(read.format, "JPEG")
        XCTAssertEqual(read.width, 400)
        XCTAssertEqual(read.height, 300)
        XCTAssertEqual(read.fileBytes, Int(try CameraPhoto.exiftool("FileSize", of: path, numeric: true)))
    }

    func testAPhoneLensReadsItsThirtyFiveMillimetreEquivalent() throws {
        let folder = try TemporaryFolder("trips-properties")
        defer { folder.remove() }
        let path = folder.path + "/PXL_0001.jpg"
        try CameraPhoto.make(path, width: 64, height: 48, tags: CameraPhoto.phone)
        let read = try DecoderProcess(executable: DecodeFixtures.trips).readProperties(path: path, deadline: 5).get()
        XCTAssertEqual(read.camera, "Google Pixel 7")
        XCTAssertEqual(read.focalLengthText { "\($0) in 35 mm film" }, "6.8 mm (24 mm in 35 mm film)")
        XCTAssertEqual(read.exposureText, "1/60 s")
        XCTAssertEqual(read.apertureText, "f/1.9", "f/1.85 to one decimal")
        XCTAssertNil(read.latitude)
        XCTAssertNil(read.lens)
    }

    /// Every seed (no EXIF in most): the header's fields, and no worker lost.
    func testAPhotoWithoutMetadataHasItsHeaderFields() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for seed in DecodeFixtures.seeds {
            let read = try process.readProperties(path: seed, deadline: 5).get()
            XCTAssertNotNil(read.fileBytes, seed)
            XCTAssertNil(read.make, seed)
        }
        let png = try XCTUnwrap(DecodeFixtures.seeds.first { $0.hasSuffix(".png") })
        let read = try process.readProperties(path: png, deadline: 5).get()
        XCTAssertEqual(read.format, "PNG")
        XCTAssertNotNil(read.dimensionsText)
    }

    func testACrashWhileReadingIsContainedAndTheNextPhotoIsRead() throws {
        let folder = try TemporaryFolder("trips-properties")
        defer { folder.remove() }
        let bad = folder.path + "/faulty.jpg", good = folder.path + "/good.jpg"
        try CameraPhoto.make(bad, width: 64, height: 48, tags: CameraPhoto.canon)
        try FileManager.default.copyItem(atPath: bad, toPath: good)
        setenv("TRIPS_DECODER_FAULT", "crash=faulty.jpg", 1)
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        guard case .failure(.contained(let why)) = process.readProperties(path: bad, deadline: 5) else { return XCTFail("the crash was not contained") }
        XCTAssertEqual(why, "the decoder crashed with SIGSEGV")
        XCTAssertEqual(try process.readProperties(path: good, deadline: 5).get().model, "Canon EOS 5D Mark IV")
    }
}
