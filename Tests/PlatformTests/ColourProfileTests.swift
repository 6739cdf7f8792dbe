import Foundation
import Decoding
import PhotoLoading
import XCTest

/// Embedded ICC profiles are converted to sRGB on the worker: a photo
/// converted to ProPhoto RGB with its profile embedded (JPEG APP2, PNG
/// iCCP) shows within a small colour difference of its sRGB original; a
/// HEIC's profile is used too; a corrupt profile leaves the pixels as they
/// are and says so.
final class ColourProfileTests: XCTestCase {
    private var folder = ""
    private let profiles = "/usr/share/color/icc/colord"
    private let target = (width: 400, height: 250)

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: profiles + "/ProPhotoRGB.icc") else { throw XCTSkip("colord-data is not installed") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw XCTSkip("ImageMagick's convert is not installed") }
        folder = DecodeFixtures.temporaryFolder("trips-colour")
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func convert(_ arguments: [String], output: String) throws -> String {
        try DecodeFixtures.convert(arguments, output: output, in: folder)
    }

    private var original: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/dune.jpg").standardized.path
    }

    func testProPhotoJPEGAndPNGShowWithinDeltaEThreeOfTheSRGBOriginal() throws {
        let srgb = try convert([original, "-resize", "400x250!", "-quality", "98"], output: "srgb.png")
        let toProPhoto = ["-profile", profiles + "/sRGB.icc", "-profile", profiles + "/ProPhotoRGB.icc"]
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let reference = try process.decode(path: srgb, target: target, deadline: 5).get()
        for name in ["prophoto.jpg", "prophoto.png"] {
            let photo = try convert([srgb] + toProPhoto + ["-quality", "98"], output: name)
            let unconverted = try convert([photo, "-strip"], output: "stripped-" + name)
            let shown = try process.decode(path: photo, target: target, deadline: 5).get()
            let asIf = try process.decode(path: unconverted, target: target, deadline: 5).get()
            let converted = meanDeltaE(shown.pixels, reference.pixels), naive = meanDeltaE(asIf.pixels, reference.pixels)
            print("colour: \(name) mean Delta E \(converted) converted, \(naive) drawn as if sRGB")
            XCTAssertLessThan(converted, 3, name)
            XCTAssertGreaterThan(naive, 6, "\(name): ProPhoto drawn as sRGB should look wrong, or the test proves nothing")
            XCTAssertNil(shown.note, name)
        }
    }

    /// A solid red HEIC carrying Debian's SwappedRedAndGreen profile shows green.
    func testAHEICsProfileIsApplied() throws {
        let icc = [UInt8](try Data(contentsOf: URL(fileURLWithPath: profiles + "/SwappedRedAndGreen.icc")))
        let path = folder + "/swapped.heic"
        try HEIFFixtures.writeSolidHEIC(path, size: (128, 96), colour: (220, 20, 20), profile: icc)
        let shown = try DecoderProcess(executable: DecodeFixtures.trips).decode(path: path, target: (128, 96), deadline: 5).get()
        let centre = shown.pixels.base.advanced(by: 48 * shown.pixels.pitch + 64 * 4).assumingMemoryBound(to: UInt8.self)
        XCTAssertGreaterThan(centre[1], 150, "green after the profile's swap: \(centre[0]), \(centre[1]), \(centre[2])")
        XCTAssertLessThan(centre[0], 80)
    }

    /// The profile's signature ('acsp') broken: Little CMS refuses it, the
    /// photo shows unconverted with a note for the log.
    func testACorruptProfileIsShownWithoutConversionAndNoted() throws {
        let photo = try convert([original, "-resize", "200x125", "-profile", profiles + "/sRGB.icc", "-profile", profiles + "/ProPhotoRGB.icc"],
                                output: "corrupt.jpg")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))
        let acsp = try XCTUnwrap((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("acsp".utf8) })
        bytes.replaceSubrange(acsp..<(acsp + 4), with: Array("xxxx".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: photo))
        let shown = try DecoderProcess(executable: DecodeFixtures.trips).decode(path: photo, target: (200, 125), deadline: 5).get()
        XCTAssertEqual(shown.note, "its colour profile (19688 bytes) cannot be read; shown without colour conversion")
    }

    /// CIE76 Delta E between two pictures of one size, averaged over the pixels.
    private func meanDeltaE(_ a: SharedPixels, _ b: SharedPixels) -> Double {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        var sum = 0.0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a.base.advanced(by: y * a.pitch + x * 4).assumingMemoryBound(to: UInt8.self)
                let q = b.base.advanced(by: y * b.pitch + x * 4).assumingMemoryBound(to: UInt8.self)
                let l1 = lab(p[0], p[1], p[2]), l2 = lab(q[0], q[1], q[2])
                sum += ((l1.0 - l2.0) * (l1.0 - l2.0) + (l1.1 - l2.1) * (l1.1 - l2.1) + (l1.2 - l2.2) * (l1.2 - l2.2)).squareRoot()
            }
        }
        return sum / Double(min(a.width, b.width) * min(a.height, b.height))
    }

    /// sRGB (D65) to CIE L*a*b*.
    private func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double, Double) {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (R, G, B) = (linear(r), linear(g), linear(b))
        let x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047
        let y = 0.2126 * R + 0.7152 * G + 0.0722 * B
        let z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
