import Foundation
import TestSupport
import XCTest
@testable import PhotoFile

/// JPEG XL headers: files cjxl writes (naked codestream and container, the
/// codestream whole or in parts), headers built bit by bit (bombs, ratios,
/// orientations), truncated and mutated ones.
final class JXLHeaderTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-jxl-header").path
    }

    /// Runs a tool from /usr/bin in the folder; skipped when it is not installed.
    private func run(_ tool: String, _ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) else { throw XCTSkip("\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
    }

    private func header(_ width: Int, _ height: Int) -> Result<PhotoHeader, PhotoProblem> {
        .success(PhotoHeader(format: .jxl, width: width, height: height))
    }

    /// cjxl's files in both forms, lossy and lossless, give their size; the
    /// container's codestream is found behind an Exif box.
    func testFilesCJXLWritesInBothForms() throws {
        try run("convert", ["-size", "333x201", "plasma:", "-quality", "95", "plasma.png"])
        try run("cjxl", ["plasma.png", "naked.jxl", "--container=0", "-q", "90"])
        try run("cjxl", ["plasma.png", "lossless.jxl", "--container=0", "-d", "0"])
        try run("convert", ["-size", "640x480", "xc:orange", "orange.jpg"])
        try run("exiftool", ["-q", "-overwrite_original", "-Artist=Trips", "orange.jpg"])
        try run("cjxl", ["orange.jpg", "boxed.jxl", "--container=1"])
        let naked = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/naked.jxl")))
        let boxed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/boxed.jxl")))
        XCTAssertEqual(Array(naked.prefix(2)), [0xFF, 0x0A], "a naked codestream")
        XCTAssertEqual(Array(boxed.prefix(12)), BoxOutline.jxlSignatureBox, "the container")
        XCTAssertEqual(PhotoHeader.read(atPath: folder + "/naked.jxl"), header(333, 201))
        XCTAssertEqual(PhotoHeader.read(atPath: folder + "/lossless.jxl"), header(333, 201))
        XCTAssertEqual(PhotoHeader.read(atPath: folder + "/boxed.jxl"), header(640, 480))
        XCTAssertEqual(PhotoHeader.parse(boxed), header(640, 480))
    }

    /// Sizes from a hand-made codestream: small (multiples of 8), each U32
    /// width, a width given as a ratio of the height, orientations that
    /// swap the sides, and bombs refused before decoding.
    func testHandMadeCodestreams() {
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 64, height: 48)), header(64, 48), "small")
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 4000, height: 3000)), header(4000, 3000))
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 4000, height: 3000, ratio: 3)), header(4000, 3000), "4:3 of the height")
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 1000, height: 1000, ratio: 1)), header(1000, 1000))
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 3000, height: 1000, ratio: 7)), header(2000, 1000), "2:1 wins over the width")
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 4000, height: 3000, orientation: 6)), header(3000, 4000), "turned a quarter")
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 4000, height: 3000, orientation: 3)), header(4000, 3000), "turned a half")
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 60000, height: 60000)),
                       .failure(.tooLarge(width: 60000, height: 60000, limits: .standard)))
        XCTAssertEqual(PhotoHeader.parse(codestream(width: 1 << 30, height: 1 << 30)),
                       .failure(.tooLarge(width: 1 << 30, height: 1 << 30, limits: .standard)), "the largest a header can say")
        XCTAssertEqual(PhotoHeader.parse(container([box("jxlc", codestream(width: 20000, height: 20000))])),
                       .failure(.tooLarge(width: 20000, height: 20000, limits: .standard)), "a bomb in the container")
    }

    /// The container's codestream in parts (`jxlp`), the header split
    /// across two of them, after boxes of any size: a large Exif box first.
    func testContainerWithPartsAndLargeBoxes() {
        let stream = codestream(width: 4032, height: 3024, orientation: 8)
        let parts = [box("jxlp", be32(0) + stream.prefix(3)), box("jxlp", be32(0x8000_0001) + stream.dropFirst(3) + [7, 7, 7])]
        let exif = box("Exif", [0, 0, 0, 0] + [UInt8](repeating: 0x45, count: 200_000))
        XCTAssertEqual(PhotoHeader.parse(container(parts)), header(3024, 4032))
        XCTAssertEqual(PhotoHeader.parse(container([exif] + parts)), header(3024, 4032), "behind 200 KB of Exif")
        let path = folder + "/parts.jxl"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(container([exif] + parts))))
        XCTAssertEqual(PhotoHeader.read(atPath: path), header(3024, 4032))
    }

    /// Cut anywhere before its size is known, a JPEG XL is named truncated;
    /// a container without a codestream box too.
    func testTruncatedHeadersAreNamed() {
        let stream = codestream(width: 4000, height: 3000, orientation: 6)
        for cut in 2..<5 {
            XCTAssertEqual(PhotoHeader.parse(Array(stream.prefix(cut))), .failure(.truncatedHeader(.jxl)), "cut at \(cut)")
        }
        let boxed = container([box("jxlc", stream)])
        for cut in [12, 30, 44, 46] {
            XCTAssertEqual(PhotoHeader.parse(Array(boxed.prefix(cut))), .failure(.truncatedHeader(.jxl)), "container cut at \(cut)")
        }
        XCTAssertEqual(PhotoProblem.truncatedHeader(.jxl).description,
                       "truncated JPEG XL (the file ends before its header gives the image size)")
    }

    /// 20,000 seeded mutations of a real header: no crash, an answer within
    /// the limits, and the same answer from the file as from its bytes.
    func testMutatedHeaders() {
        var random = SplitMix64(seed: 0x6A78_6C21)
        let bases = [codestream(width: 4000, height: 3000, orientation: 6), container([box("Exif", [0, 0, 0, 0, 1]), box("jxlc", codestream(width: 640, height: 480))])]
        var answers: Set<String> = []
        for i in 0..<20_000 {
            var bytes = bases[i % 2]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0...2, using: &random) {
                case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0...7, using: &random))
                case 1: bytes[at] = UInt8.random(in: 0...255, using: &random)
                default: bytes = Array(bytes.prefix(max(1, at)))
                }
            }
            switch PhotoHeader.parse(bytes) {
            case .success(let h):
                XCTAssertTrue(h.format == .other || (h.width > 0 && h.width * h.height <= PhotoHeader.Limits.standard.maximumPixels), "\(bytes)")
                answers.insert("size")
            case .failure(let problem):
                XCTAssertFalse(problem.description.isEmpty)
                answers.insert(Mirror(reflecting: problem).children.first?.label ?? "\(problem)")
            }
        }
        XCTAssertTrue(answers.isSuperset(of: ["size", "truncatedHeader", "tooLarge"]), "\(answers)")
    }

    // MARK: Building headers

    /// FF 0A, a SizeHeader (small when both sides are multiples of 8 up to
    /// 256 and no ratio is asked for), then ImageMetadata with the orientation.
    private func codestream(width: Int, height: Int, ratio: Int = 0, orientation: Int = 1) -> [UInt8] {
        var bits = BitWriter()
        let small = ratio == 0 && width % 8 == 0 && height % 8 == 0 && width <= 256 && height <= 256
        bits.write(small ? 1 : 0, 1)
        func side(_ v: Int) {
            if small { bits.write(v / 8 - 1, 5); return }
            let widths = [9, 13, 18, 30]
            let selector = widths.firstIndex { v - 1 < 1 << $0 } ?? 3
            bits.write(selector, 2)
            bits.write(v - 1, widths[selector])
        }
        side(height)
        bits.write(ratio, 3)
        if ratio == 0 { side(width) }
        bits.write(0, 1) // not all_default
        bits.write(1, 1) // extra_fields
        bits.write(orientation - 1, 3)
        bits.write(0, 16) // what follows: enough bits for any reader's look-ahead
        return [0xFF, 0x0A] + bits.bytes
    }

    private func container(_ boxes: [[UInt8]]) -> [UInt8] {
        BoxOutline.jxlSignatureBox + box("ftyp", Array("jxl ".utf8) + be32(0) + Array("jxl ".utf8)) + boxes.flatMap { $0 }
    }

    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + Array(type.utf8) + body }
    private func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}

/// Bits written least significant first, as JPEG XL reads them.
private struct BitWriter {
    var bytes: [UInt8] = []
    var count = 0

    mutating func write(_ value: Int, _ width: Int) {
        for i in 0..<width {
            if count % 8 == 0 { bytes.append(0) }
            bytes[count / 8] |= UInt8(value >> i & 1) << UInt8(count % 8)
            count += 1
        }
    }
}
