import Foundation
import Decoding
import PhotoLoading
import TestSupport
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
        folder = try temporaryFolder("trips-colour").path
    }


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

    /// HEIF colour given as numbers (nclx, no ICC profile), as phones write
    /// it: the sRGB original re-coded in Display P3 (primaries 12) and in
    /// BT.2020 (primaries 9, its own YCbCr matrix 9), both with sRGB's
    /// curve, by this test's own arithmetic (not Little CMS), shows within
    /// a small mean Delta E of the original; the same pixels labelled sRGB
    /// are the colours drawn as if they were sRGB.
    func testDisplayP3AndBT2020HEIFsShowLikeTheirSRGBOriginal() throws {
        let srgb = try convert([original, "-resize", "400x250!", "-quality", "98"], output: "srgb.png")
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let reference = try process.decode(path: srgb, target: target, deadline: 5).get()
        let pixels = rgb(reference.pixels)
        let size = (reference.pixels.width, reference.pixels.height)
        for (name, primaries, matrix) in [("p3", NCLXSpace.displayP3, UInt16(6)), ("bt2020", NCLXSpace.bt2020, UInt16(9))] {
            let recoded = NCLXSpace.recode(pixels, from: NCLXSpace.sRGB, to: primaries.xy)
            let labelled = folder + "/\(name).heic", asSRGB = folder + "/\(name)-as-srgb.heic"
            try HEIFFixtures.writeHEIC(labelled, size: size, rgb: recoded, nclx: (primaries.code, 13, matrix))
            try HEIFFixtures.writeHEIC(asSRGB, size: size, rgb: recoded, nclx: (1, 13, matrix))
            let shown = try process.decode(path: labelled, target: target, deadline: 5).get()
            let asIf = try process.decode(path: asSRGB, target: target, deadline: 5).get()
            let converted = meanDeltaE(shown.pixels, reference.pixels), naive = meanDeltaE(asIf.pixels, reference.pixels)
            print("colour: \(name) HEIC (nclx) mean Delta E \(converted) converted, \(naive) drawn as if sRGB")
            XCTAssertLessThan(converted, 2, name)
            XCTAssertGreaterThan(naive, 2 * converted + 1, "\(name): drawn as sRGB should look wrong, or the test proves nothing")
            XCTAssertNil(shown.note, name)
        }
    }

    /// PQ and HLG (BT.2100) grey, tone mapped: PQ's 100 cd/m² is half the
    /// 203 cd/m² taken as white (linear 0.49, sRGB 186); HLG's reference
    /// white (a coded 0.75) is on the shoulder (0.875, sRGB 240), PQ's
    /// 1000 cd/m² near white (0.986, sRGB 252); 10,000 cd/m² is brighter still.
    func testPQAndHLGAreToneMappedToSRGB() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        func shown(_ code: UInt8, transfer: UInt16) throws -> Int {
            let path = folder + "/grey-\(transfer)-\(code).heic"
            try HEIFFixtures.writeHEIC(path, size: (64, 64), rgb: [UInt8](repeating: code, count: 64 * 64 * 3), nclx: (9, transfer, 9))
            let p = try process.decode(path: path, target: (64, 64), deadline: 5).get().pixels
            return Int(p.base.load(fromByteOffset: 32 * p.pitch + 32 * 4 + 1, as: UInt8.self))
        }
        // PQ codes (of 255) for 100, 1000 and 10,000 cd/m².
        let pq100 = try shown(130, transfer: 16), pq1000 = try shown(192, transfer: 16), pq10000 = try shown(255, transfer: 16)
        let hlgWhite = try shown(191, transfer: 18)
        print("colour: PQ 100 cd/m² shows \(pq100), 1000 shows \(pq1000), 10000 shows \(pq10000); HLG reference white \(hlgWhite)")
        XCTAssertEqual(Double(pq100), 186, accuracy: 8)
        XCTAssertEqual(Double(pq1000), 252, accuracy: 3, "bright, not clipped")
        XCTAssertGreaterThanOrEqual(pq10000, pq1000)
        XCTAssertEqual(Double(hlgWhite), 240, accuracy: 8)
    }

    /// The picture's RGB bytes, row after row.
    private func rgb(_ p: SharedPixels) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<p.height {
            for x in 0..<p.width {
                let px = p.base.load(fromByteOffset: y * p.pitch + x * 4, as: (UInt8, UInt8, UInt8, UInt8).self)
                out += [px.0, px.1, px.2]
            }
        }
        return out
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

/// RGB spaces by their primaries, and the test's own re-coding between
/// them (sRGB's curve both ways; linear light through CIE XYZ).
private enum NCLXSpace {
    typealias Primaries = [(Double, Double)] // red, green, blue, white (xy)
    static let sRGB: Primaries = [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06), (0.3127, 0.3290)]
    static let displayP3 = (code: UInt16(12), xy: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.3127, 0.3290)] as Primaries)
    static let bt2020 = (code: UInt16(9), xy: [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046), (0.3127, 0.3290)] as Primaries)

    static func recode(_ rgb: [UInt8], from: Primaries, to: Primaries) -> [UInt8] {
        let m = multiply(inverse(toXYZ(to)), toXYZ(from))
        func linear(_ c: UInt8) -> Double { let v = Double(c) / 255; return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func coded(_ v: Double) -> UInt8 {
            let c = min(max(v, 0), 1)
            return UInt8((c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255 + 0.5)
        }
        var out = rgb
        for i in stride(from: 0, to: rgb.count, by: 3) {
            let l = [linear(rgb[i]), linear(rgb[i + 1]), linear(rgb[i + 2])]
            for row in 0..<3 { out[i + row] = coded(m[row][0] * l[0] + m[row][1] * l[1] + m[row][2] * l[2]) }
        }
        return out
    }

    /// The RGB-to-XYZ matrix of a space (columns: the primaries scaled so white is Y = 1).
    static func toXYZ(_ p: Primaries) -> [[Double]] {
        func xyz(_ c: (Double, Double)) -> [Double] { [c.0 / c.1, 1, (1 - c.0 - c.1) / c.1] }
        let r = xyz(p[0]), g = xyz(p[1]), b = xyz(p[2]), w = xyz(p[3])
        let base = [[r[0], g[0], b[0]], [r[1], g[1], b[1]], [r[2], g[2], b[2]]]
        let inv = inverse(base)
        let s = (0..<3).map { row in inv[row][0] * w[0] + inv[row][1] * w[1] + inv[row][2] * w[2] }
        return base.map { row in (0..<3).map { row[$0] * s[$0] } }
    }

    static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func inverse(_ m: [[Double]]) -> [[Double]] {
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        func c(_ r: Int, _ k: Int) -> Double {
            let rows = (0..<3).filter { $0 != r }, cols = (0..<3).filter { $0 != k }
            let minor = m[rows[0]][cols[0]] * m[rows[1]][cols[1]] - m[rows[0]][cols[1]] * m[rows[1]][cols[0]]
            return ((r + k) % 2 == 0 ? 1 : -1) * minor
        }
        return (0..<3).map { i in (0..<3).map { j in c(j, i) / det } }
    }
}
