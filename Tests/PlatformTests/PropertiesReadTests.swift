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
        XCTAssertEqual(read.latitude ?? 0, Double(try CameraPhoto.exiftool("Composite:GPSLatitude", of: path, numeric: true)) ?? 1, accuracy: 1e-6)
        XCTAssertEqual(read.longitude ?? 0, Double(try CameraPhoto.exiftool("Composite:GPSLongitude", of: path, numeric: true)) ?? 1, accuracy: 1e-6)
        XCTAssertEqual(read.format, "JPEG")
        XCTAssertEqual(read.width, 400)
        XCTAssertEqual(read.height, 300)
        XCTAssertEqual(read.fileBytes, Int(try CameraPhoto.exiftool("FileSize", of: path, numeric: true)))
    }

    /// The embedded ICC profile's own description, as exiftool reads it
    /// (a JPEG's APP2 and a PNG's compressed iCCP).
    func testTheColourProfileIsNamedByItsDescription() throws {
        let icc = "/usr/share/color/icc/colord/AdobeRGB1998.icc"
        guard FileManager.default.fileExists(atPath: icc) else { throw XCTSkip("no \(icc) (colord-data)") }
        let folder = try TemporaryFolder("trips-properties")
        defer { folder.remove() }
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for name in ["adobe.jpg", "adobe.png"] {
            let path = try DecodeFixtures.convert(["-size", "64x48", "xc:orange", "-profile", icc], output: name, in: folder.path)
            let read = try process.readProperties(path: path, deadline: 5).get()
            XCTAssertEqual(read.colourProfile, try CameraPhoto.exiftool("ProfileDescription", of: path), name)
            XCTAssertNotNil(read.colourProfile, name)
        }
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

/// The fields' wire text: what goes in comes out; a value cannot add a
/// line of its own, nor a point off the globe come through.
final class PropertiesWireTests: XCTestCase {
    func testTheFieldsRoundTripAndBadValuesAreDropped() {
        var p = PhotoProperties()
        (p.fileBytes, p.width, p.height, p.format, p.colourProfile) = (123, 4000, 3000, "JPEG", "Display P3")
        (p.make, p.model, p.lens, p.captured) = ("Canon", "EOS\nlatitude=1", "EF 50mm", "2024:05:12 10:00:00")
        (p.exposureTime, p.fNumber, p.focalLength, p.iso, p.focalLength35) = ("1/250", "28/10", "35/1", 400, 56)
        (p.latitude, p.longitude) = (38.7107, -9.1368)
        let back = PhotoProperties(wireText: p.wireText)
        XCTAssertEqual(back.model, "EOS latitude=1", "a newline in a value stays in it")
        p.model = "EOS latitude=1"
        XCTAssertEqual(back, p)
        XCTAssertNil(PhotoProperties(wireText: "latitude=91\nlongitude=nan\niso=x\nwidth=1e9\nnonsense").latitude)
        XCTAssertEqual(PhotoProperties(wireText: "make=" + String(repeating: "A", count: 5000)).make?.count, PhotoProperties.maximumTextLength)
        p.lens = String(repeating: "鏡", count: 500)
        XCTAssertEqual(PhotoProperties(wireText: p.wireText).lens?.count, PhotoProperties.maximumTextLength)
    }

    func testTheWordsThePanelShows() {
        var p = PhotoProperties()
        (p.exposureTime, p.fNumber, p.focalLength) = ("10/2500", "4/1", "50/1")
        XCTAssertEqual(p.exposureText, "1/250 s")
        XCTAssertEqual(p.apertureText, "f/4")
        XCTAssertEqual(p.focalLengthText { $0 }, "50 mm")
        p.exposureTime = "2/1"
        XCTAssertEqual(p.exposureText, "2 s")
        p.exposureTime = "3/10"
        XCTAssertEqual(p.exposureText, "0.3 s", "not a 1/N")
        p.exposureTime = "1/0"
        XCTAssertNil(p.exposureText)
        (p.make, p.model) = ("NIKON CORPORATION", "NIKON D750")
        XCTAssertEqual(p.camera, "NIKON D750")
        (p.make, p.model) = ("Apple", nil)
        XCTAssertEqual(p.camera, "Apple")
        p.fileBytes = 999
        XCTAssertEqual(p.sizeText, "999 bytes")
        p.captured = "garbage"
        XCTAssertEqual(p.capturedText, "garbage")
    }
}
