import Foundation
import TestSupport
import XCTest
@testable import PhotoFile

/// PhotoHeader on files ImageMagick writes, on headers built byte by byte
/// (EXIF, huge sizes, damaged lengths) and on 20,000 mutated JPEG headers.
final class PhotoHeaderTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-header").path
    }

    // MARK: Files from ImageMagick

    /// Runs ImageMagick's convert in the temporary folder; the file it made.
    private func convert(_ arguments: [String], output: String) throws -> String {
        guard let tool = ["/usr/bin/convert", "/usr/local/bin/convert"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("ImageMagick's convert is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments + [folder + "/" + output]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert \(arguments) \(output)")
        return folder + "/" + output
    }

    private func write(_ bytes: [UInt8], to path: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)), path)
    }

    private func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    private func header(_ format: PhotoHeader.Format, _ width: Int, _ height: Int,
                        _ orientation: ExifOrientation = .up) -> Result<PhotoHeader, PhotoProblem> {
        .success(PhotoHeader(format: format, width: width, height: height, orientation: orientation))
    }

    func testJPEGBaselineAndProgressive() throws {
        let baseline = try convert(["-size", "64x48", "xc:red"], output: "baseline.jpg")
        let progressive = try convert(["-size", "61x47", "xc:blue", "-interlace", "Plane"], output: "progressive.jpg")
        XCTAssertTrue(contains(bytes(baseline), [0xFF, 0xC0]), "baseline JPEG has SOF0")
        XCTAssertTrue(contains(bytes(progressive), [0xFF, 0xC2]), "progressive JPEG has SOF2")
        XCTAssertEqual(PhotoHeader.read(atPath: baseline), header(.jpeg, 64, 48))
        XCTAssertEqual(PhotoHeader.read(atPath: progressive), header(.jpeg, 61, 47))
    }

    func testPNGGIFAndBMP() throws {
        XCTAssertEqual(PhotoHeader.read(atPath: try convert(["-size", "70x30", "xc:green"], output: "a.png")), header(.png, 70, 30))
        XCTAssertEqual(PhotoHeader.read(atPath: try convert(["-size", "33x65", "xc:green"], output: "a.gif")), header(.gif, 33, 65))
        XCTAssertEqual(PhotoHeader.read(atPath: try convert(["-size", "17x9", "xc:green"], output: "a.bmp")), header(.bmp, 17, 9))
    }

    func testWebPLossyLosslessAndExtended() throws {
        let lossy = try convert(["-size", "101x37", "xc:red"], output: "lossy.webp")
        let lossless = try convert(["-size", "99x41", "xc:red", "-define", "webp:lossless=true"], output: "lossless.webp")
        let extended = try convert(["-size", "97x43", "xc:none", "-fill", "red", "-draw", "point 3,3"], output: "alpha.webp")
        XCTAssertEqual(Array(bytes(lossy)[12..<16]), Array("VP8 ".utf8))
        XCTAssertEqual(Array(bytes(lossless)[12..<16]), Array("VP8L".utf8))
        XCTAssertEqual(Array(bytes(extended)[12..<16]), Array("VP8X".utf8))
        XCTAssertEqual(PhotoHeader.read(atPath: lossy), header(.webp, 101, 37))
        XCTAssertEqual(PhotoHeader.read(atPath: lossless), header(.webp, 99, 41))
        XCTAssertEqual(PhotoHeader.read(atPath: extended), header(.webp, 97, 43))
    }

    /// HEIC and AVIF as ImageMagick writes them (through libheif): the
    /// brand tells the format, the primary item's ispe the size.
    func testHEICAndAVIF() throws {
        XCTAssertEqual(PhotoHeader.read(atPath: try convert(["-size", "64x48", "xc:red"], output: "a.heic")), header(.heic, 64, 48))
        XCTAssertEqual(PhotoHeader.read(atPath: try convert(["-size", "70x30", "xc:blue"], output: "a.avif")), header(.avif, 70, 30))
    }

    /// The bundled photos, sizes as ImageMagick's `identify` gave them.
    func testBundledPhotos() throws {
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos").standardized
        let sizes = ["aqua.jpg": (1600, 1000), "dune.jpg": (1600, 1000), "garden.jpg": (1600, 1000), "green-meadow.jpg": (1280, 1024),
                     "ladybird.jpg": (1600, 1000), "storm.jpg": (1600, 1067), "two-wings.jpg": (1600, 1000), "wood.jpg": (1600, 1200)]
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: photos.path)), Set(sizes.keys), "a photo was added: add its size")
        for (name, (w, h)) in sizes {
            XCTAssertEqual(PhotoHeader.read(atPath: photos.appendingPathComponent(name).path), header(.jpeg, w, h), name)
        }
    }

    // MARK: Hand-made headers

    func testHandMadeHeadersOfEveryFormat() {
        XCTAssertEqual(PhotoHeader.parse(jpeg(sof(0xC1, width: 300, height: 200))), header(.jpeg, 300, 200))
        XCTAssertEqual(PhotoHeader.parse(jpeg(sof(0xCF, width: 65535, height: 1))), .failure(.tooLarge(width: 65535, height: 1, limits: .standard)))
        XCTAssertEqual(PhotoHeader.parse(png(width: 1, height: 32768)), header(.png, 1, 32768))
        XCTAssertEqual(PhotoHeader.parse(webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(16383 | 0xC000) + le16(5 | 0x4000))),
                       header(.webp, 16383, 5), "the scale bits above the 14-bit size are ignored")
        XCTAssertEqual(PhotoHeader.parse(webp("VP8L", [0x2F] + le32((16384 - 1) | (7 - 1) << 14))), header(.webp, 16384, 7))
        XCTAssertEqual(PhotoHeader.parse(webp("VP8X", [0x10, 0, 0, 0] + le24(999) + le24(1999))), header(.webp, 1000, 2000))
        XCTAssertEqual(PhotoHeader.parse(Array("GIF87a".utf8) + le16(320) + le16(240) + [0, 0, 0]), header(.gif, 320, 240))
        XCTAssertEqual(PhotoHeader.parse(bmp(dib: 40, width: 640, height: -480)), header(.bmp, 640, 480), "top-down rows")
        XCTAssertEqual(PhotoHeader.parse(bmp(dib: 12, width: 20, height: 10)), header(.bmp, 20, 10), "OS/2 core header")
        XCTAssertEqual(PhotoHeader.parse(bmp(dib: 40, width: -640, height: 480)), .failure(.damagedHeader(.bmp, "claims a -640 x 480 image")))
    }

    func testExifOrientationSixSwapsAndThreeDoesNot() throws {
        for bigEndian in [false, true] {
            let six = PhotoHeader.parse(jpeg(segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]),
                                             segment(0xE1, exif(orientation: 6, bigEndian: bigEndian)), sof(width: 4000, height: 3000)))
            XCTAssertEqual(six, header(.jpeg, 4000, 3000, .right))
            XCTAssertEqual(try six.get().displaySize.width, 3000)
            XCTAssertEqual(try six.get().displaySize.height, 4000)
            let three = PhotoHeader.parse(jpeg(segment(0xE1, exif(orientation: 3, bigEndian: bigEndian)), sof(width: 40, height: 30)))
            XCTAssertEqual(three, header(.jpeg, 40, 30, .down))
            XCTAssertEqual(try three.get().displaySize.width, 40)
        }
        XCTAssertEqual(PhotoHeader.parse(png(width: 8, height: 6, chunks: [chunk("eXIf", tiff(orientation: 8, bigEndian: true))])),
                       header(.png, 8, 6, .left))
        XCTAssertEqual(PhotoHeader.parse(png(width: 8, height: 6, chunks: [chunk("IDAT", []), chunk("eXIf", tiff(orientation: 8, bigEndian: true))])),
                       header(.png, 8, 6), "eXIf after the image data does not count")
    }

    /// A bad EXIF block costs the orientation, never the photo.
    func testBadExifIsShownAsStored() {
        let frame = sof(width: 10, height: 20)
        for bad in [exif(orientation: 0, bigEndian: false), exif(orientation: 9, bigEndian: true),
                    Array(exif(orientation: 6, bigEndian: false).prefix(20)),
                    Array("Exif\0\0II".utf8) + [42, 0, 0xFF, 0xFF, 0xFF, 0xFF], Array("Exif\0\0XX".utf8)] {
            XCTAssertEqual(PhotoHeader.parse(jpeg(segment(0xE1, bad), frame)), header(.jpeg, 10, 20), "\(bad)")
        }
        var loop = exif(orientation: 6, bigEndian: false) // IFD0 claims 65535 entries: read until the segment ends
        loop[14] = 0xFF; loop[15] = 0xFF
        XCTAssertEqual(PhotoHeader.parse(jpeg(segment(0xE1, loop), frame)), header(.jpeg, 10, 20, .right), "the tag is found before the bound")
    }

    /// Flip, then turn clockwise: checked against the EXIF definitions by
    /// where the stored first row (pixels (0,0) and (2,0) of a 3 x 2
    /// picture) ends up when the picture is drawn upright.
    func testTransformsMatchTheExifDefinitions() {
        let expected: [ExifOrientation: (Point, Point)] = [
            .up: ((0, 0), (2, 0)), .upMirrored: ((2, 0), (0, 0)), .down: ((2, 1), (0, 1)), .downMirrored: ((0, 1), (2, 1)),
            .leftMirrored: ((0, 0), (0, 2)), .right: ((1, 0), (1, 2)), .rightMirrored: ((1, 2), (1, 0)), .left: ((0, 2), (0, 0)),
        ]
        for orientation in ExifOrientation.allCases {
            let t = orientation.transform
            XCTAssertTrue((0...3).contains(t.clockwiseQuarterTurns))
            XCTAssertEqual(t.clockwiseQuarterTurns % 2 == 1, orientation.swapsWidthAndHeight, "\(orientation)")
            let first = draw((0, 0), t), last = draw((2, 0), t)
            XCTAssertTrue(first == expected[orientation]!.0 && last == expected[orientation]!.1, "\(orientation): \(first) \(last)")
            let size = PhotoHeader(format: .jpeg, width: 3, height: 2, orientation: orientation).displaySize
            XCTAssertTrue(size == (orientation.swapsWidthAndHeight ? (2, 3) : (3, 2)))
        }
        XCTAssertEqual(ExifOrientation.allCases.map(\.rawValue), Array(1...8))
    }

    private typealias Point = (x: Int, y: Int)

    /// Where a stored pixel of a 3 x 2 picture lands when `t` is applied.
    private func draw(_ p: Point, _ t: ExifOrientation.Transform) -> Point {
        var (x, y, w, h) = (p.x, p.y, 3, 2)
        if t.flipsHorizontally { x = w - 1 - x }
        for _ in 0..<t.clockwiseQuarterTurns { (x, y, w, h) = (h - 1 - y, x, h, w) }
        return (x, y)
    }

    // MARK: Too large

    func testSixtyThousandSquaredIsRefusedFromTheHeader() throws {
        let expected = "claims 60000 x 60000 pixels (3600 megapixels); more than the 100 megapixel limit"
        let hugePNG = png(width: 60000, height: 60000), hugeJPEG = jpeg(sof(0xC2, width: 60000, height: 60000))
        XCTAssertEqual(PhotoHeader.parse(hugePNG), .failure(.tooLarge(width: 60000, height: 60000, limits: .standard)))
        for (name, file) in [("huge.png", hugePNG), ("huge.jpg", hugeJPEG)] {
            XCTAssertEqual(message(PhotoHeader.parse(file)), expected)
            let path = folder + "/" + name
            write(file, to: path)
            XCTAssertEqual(PhotoFileCheck.problem(atPath: path), expected)
        }
        XCTAssertEqual(message(PhotoHeader.parse(png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))),
                       "claims 4294967295 x 4294967295 pixels (18446744065120 megapixels); more than the 100 megapixel limit")
    }

    func testLimitsAreInclusiveAndSidesAreLimitedToo() {
        XCTAssertEqual(PhotoHeader.parse(png(width: 10_000, height: 10_001)),
                       .failure(.tooLarge(width: 10_000, height: 10_001, limits: .standard)), "one row past 100 megapixels")
        XCTAssertEqual(PhotoHeader.parse(png(width: 10_000, height: 10_000)), header(.png, 10_000, 10_000))
        XCTAssertEqual(PhotoHeader.parse(png(width: 32_768, height: 3_000)), header(.png, 32_768, 3_000))
        XCTAssertEqual(message(PhotoHeader.parse(png(width: 32_769, height: 3))),
                       "claims 32769 x 3 pixels; a side is longer than the 32768 pixel limit")
        let small = PhotoHeader.Limits(maximumPixels: 2_500_000, maximumSide: 4096)
        XCTAssertEqual(message(PhotoHeader.parse(png(width: 2000, height: 1300), limits: small)),
                       "claims 2000 x 1300 pixels (2.6 megapixels); more than the 2.5 megapixel limit")
    }

    /// A HEIC that claims 60,000 x 60,000 is refused from its boxes; a
    /// quarter turn (irot) swaps the sides shown; the primary item's size
    /// counts, not a larger thumbnail's.
    func testHandMadeHEIFBoxes() {
        XCTAssertEqual(PhotoHeader.parse(heif(sizes: [(60000, 60000)])), .failure(.tooLarge(width: 60000, height: 60000, limits: .standard)))
        XCTAssertEqual(PhotoHeader.parse(heif(sizes: [(4032, 3024)], quarterTurns: 1)), header(.heic, 3024, 4032))
        XCTAssertEqual(PhotoHeader.parse(heif(sizes: [(320, 240), (4032, 3024)], primaryProperty: 1)), header(.heic, 320, 240))
        XCTAssertEqual(PhotoHeader.parse(heif(sizes: [(640, 480)], brand: "avif")), header(.avif, 640, 480))
        let whole = heif(sizes: [(640, 480)])
        XCTAssertEqual(PhotoHeader.parse(Array(whole.prefix(60))), .failure(.truncatedHeader(.heic)), "cut inside the meta box")
        XCTAssertEqual(PhotoHeader.parse(heif(sizes: [])), .failure(.damagedHeader(.heic, "no image size (ispe)")))
    }

    /// The box reader follows the file's own box sizes: the picture data
    /// (`mdat`) before `meta`, as MIAF001 of the conformance suite has it,
    /// and a `meta` box far past 64 KiB (a large XMP item) are read, from
    /// bytes and from the file; a `meta` box past the 16 MiB cap is refused
    /// with its reason; a sequence (a `moov` track, no `meta`) is named.
    func testHEIFBoxesOfAnySizeAndSequences() throws {
        let still = heif(sizes: [(4032, 3024)])
        let ftyp = Array(still.prefix(24)), meta = Array(still.dropFirst(24).dropLast(12))
        let mdatFirst = ftyp + box("mdat", [UInt8](repeating: 0xAB, count: 3_000_000)) + meta
        XCTAssertEqual(PhotoHeader.parse(mdatFirst), header(.heic, 4032, 3024), "mdat first")
        let path = folder + "/mdat-first.heic"
        write(mdatFirst, to: path)
        XCTAssertEqual(PhotoHeader.read(atPath: path), header(.heic, 4032, 3024))
        XCTAssertNil(PhotoFileCheck.problem(atPath: path))
        // meta grown by a 1 MB `free` box inside it, before its iprp.
        let padding = box("free", [UInt8](repeating: 0, count: 1_000_000))
        let bigMeta = box("meta", Array(meta[8..<12]) + padding + meta.dropFirst(12))
        let big = ftyp + bigMeta + box("mdat", [1, 2, 3])
        XCTAssertEqual(PhotoHeader.parse(big), header(.heic, 4032, 3024), "a 1 MB meta box")
        write(big, to: path)
        XCTAssertEqual(PhotoHeader.read(atPath: path), header(.heic, 4032, 3024))
        XCTAssertEqual(PhotoHeader.parse(Array(big.prefix(500_000))), .failure(.truncatedHeader(.heic)), "cut inside the big meta")
        let huge = ftyp + box("meta", [0, 0, 0, 0] + box("free", [UInt8](repeating: 0, count: 17 << 20)) + meta.dropFirst(12))
        write(huge, to: path)
        XCTAssertEqual(PhotoHeader.read(atPath: path), .failure(.headerBeyondReadLimit(.heic)))
        XCTAssertEqual(PhotoProblem.headerBeyondReadLimit(.heic).description, "HEIC metadata box larger than 16 MiB; not decoded")
        let sequence = box("ftyp", Array("msf1".utf8) + be32(0) + Array("msf1hevciso8".utf8)) + box("moov", [UInt8](repeating: 0, count: 900))
            + box("mdat", [1, 2, 3])
        XCTAssertEqual(PhotoHeader.parse(sequence), .failure(.imageSequence(.heic)))
        XCTAssertEqual(message(PhotoHeader.parse(sequence)), "a HEIF image sequence; its first frame is not a still image Trips can show")
        let both = box("ftyp", Array("msf1".utf8) + be32(0) + Array("msf1mif1heic".utf8)) + meta + box("moov", [0]) + box("mdat", [1])
        XCTAssertEqual(PhotoHeader.parse(both), .success(PhotoHeader(format: .heic, width: 4032, height: 3024, animation: .init(frames: nil))),
                       "a sequence with a still image too: the still, marked as moving")
    }

    // MARK: Truncated and damaged

    func testTruncatedHeadersAreNamed() {
        let whole = jpeg(segment(0xE1, exif(orientation: 6, bigEndian: true)), sof(width: 10, height: 10))
        for cut in [3, 4, 5, 30, whole.count - 16, whole.count - 10] {
            XCTAssertEqual(PhotoHeader.parse(Array(whole.prefix(cut))), .failure(.truncatedHeader(.jpeg)), "cut at \(cut)")
        }
        XCTAssertEqual(PhotoHeader.parse(Array(png(width: 5, height: 5).prefix(20))), .failure(.truncatedHeader(.png)))
        XCTAssertEqual(PhotoHeader.parse(Array(png(width: 5, height: 5).prefix(9))), .failure(.truncatedHeader(.png)))
        XCTAssertEqual(PhotoHeader.parse(Array("GIF89a".utf8) + [1]), .failure(.truncatedHeader(.gif)))
        XCTAssertEqual(PhotoHeader.parse(Array("RIFF\0\0\0\0WEBPVP8L".utf8)), .failure(.truncatedHeader(.webp)))
        XCTAssertEqual(PhotoHeader.parse(Array("BM".utf8)), .failure(.truncatedHeader(.bmp)))
        XCTAssertEqual(PhotoProblem.truncatedHeader(.jpeg).description, "truncated JPEG (the file ends before its header gives the image size)")
    }

    func testGarbageSegmentLengthsAreNamed() {
        let frame = sof(width: 10, height: 10)
        XCTAssertEqual(message(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00] + frame)),
                       "damaged JPEG header (segment 0xFFE1 at byte 2 has length 0)")
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x01] + frame),
                       .failure(.damagedHeader(.jpeg, "segment 0xFFFE at byte 2 has length 1")))
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xFE, 0xFF, 0xFF] + frame), .failure(.truncatedHeader(.jpeg)),
                       "a length past the end of the file")
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x05, 8, 0, 10, 0, 10]),
                       .failure(.damagedHeader(.jpeg, "start of frame at byte 2 has length 5")))
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08] + frame),
                       .failure(.damagedHeader(.jpeg, "image data starts at byte 2 before the image size")))
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xD9]), .failure(.damagedHeader(.jpeg, "the image ends at byte 2 before its size")))
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xD8] + frame), .failure(.damagedHeader(.jpeg, "a second start-of-image marker at byte 2")))
        XCTAssertEqual(PhotoHeader.parse(jpeg(sof(width: 10, height: 0))), .failure(.damagedHeader(.jpeg, "claims a 10 x 0 image")))
        // Stray bytes, fill bytes and restart markers before a marker are skipped, as libjpeg does.
        XCTAssertEqual(PhotoHeader.parse([0xFF, 0xD8, 0xFF, 0xFF, 0xFF, 0xD0, 1, 2, 3, 0xFF, 0x00] + frame), header(.jpeg, 10, 10))
        XCTAssertEqual(PhotoHeader.parse(png(width: 5, height: 5).enumerated().map { $0.offset == 12 ? 0x69 : $0.element }),
                       .failure(.damagedHeader(.png, "the first chunk is not IHDR")))
        XCTAssertEqual(PhotoHeader.parse(png(width: 5, height: 5).enumerated().map { $0.offset == 11 ? 12 : $0.element }),
                       .failure(.damagedHeader(.png, "IHDR of 12 bytes")))
        XCTAssertEqual(PhotoHeader.parse(webp("VP8 ", [0, 0, 0, 1, 2, 3, 0, 0, 0, 0])),
                       .failure(.damagedHeader(.webp, "VP8 frame without its start code")))
        XCTAssertEqual(PhotoHeader.parse(webp("VP8L", [0x2E, 0, 0, 0, 0])), .failure(.damagedHeader(.webp, "VP8L data without its signature")))
        XCTAssertEqual(PhotoHeader.parse(webp("ALPH", [0, 0, 0, 0])), .failure(.damagedHeader(.webp, "unknown first chunk")))
        XCTAssertEqual(PhotoHeader.parse(bmp(dib: 8, width: 1, height: 1)), .failure(.damagedHeader(.bmp, "bitmap header of 8 bytes")))
    }

    /// 16,384 empty comment segments fill the 64 KiB: the walk ends at the
    /// window, in 16,384 steps, and says so.
    func testTheWalkEndsAtTheReadLimit() {
        let comments = [0xFF, 0xD8] + Array(repeating: [UInt8]([0xFF, 0xFE, 0x00, 0x02]), count: 20_000).joined()
        XCTAssertEqual(PhotoHeader.parse(Array(comments) + sof(width: 1, height: 1)), .failure(.headerBeyondReadLimit(.jpeg)))
        XCTAssertEqual(PhotoHeader.parse(Array(comments.prefix(40_000))), .failure(.truncatedHeader(.jpeg)))
        XCTAssertEqual(PhotoProblem.headerBeyondReadLimit(.jpeg).description,
                       "JPEG image size not found in the first 64 KiB (metadata too large); not decoded")
    }

    /// A huge size hidden behind 70 KiB of metadata is refused, from a file
    /// of which only the first 64 KiB are read; a size just inside is read.
    func testSizeBehindLargeMetadataIsRefusedAndTheRestIsNotRead() throws {
        let app = segment(0xE2, Array(repeating: 0x41, count: 65_000))
        let hidden = jpeg(app, segment(0xED, Array(repeating: 0x42, count: 5_000)), sof(width: 60000, height: 60000))
        XCTAssertEqual(PhotoHeader.parse(hidden), .failure(.headerBeyondReadLimit(.jpeg)))
        let path = folder + "/hidden.jpg"
        write(hidden, to: path)
        XCTAssertEqual(PhotoHeader.read(atPath: path), .failure(.headerBeyondReadLimit(.jpeg)))
        XCTAssertEqual(PhotoFileCheck.problem(atPath: path), PhotoProblem.headerBeyondReadLimit(.jpeg).description)
        // Just inside the 64 KiB, past the first 4 KiB step: found, and a 4 MB tail is not read.
        let inside = jpeg(app, sof(width: 4000, height: 3000)) + Array(repeating: 0, count: 4_000_000) + [0xFF, 0xD9]
        write(inside, to: path)
        XCTAssertEqual(PhotoHeader.read(atPath: path), header(.jpeg, 4000, 3000))
        XCTAssertNil(PhotoFileCheck.problem(atPath: path))
    }

    func testUnknownFormatsAreLeftToSDLImage() {
        XCTAssertEqual(PhotoHeader.parse(Array("this is not a photo\n".utf8)), header(.other, 0, 0))
        XCTAssertEqual(PhotoHeader.parse([0xFF]), header(.other, 0, 0))
        XCTAssertEqual(PhotoHeader.parse([]), .failure(.empty))
        let path = folder + "/notes.jpg"
        write(Array("this is not a photo\n".utf8), to: path)
        XCTAssertNil(PhotoFileCheck.problem(atPath: path))
    }

    // MARK: Files that are not files

    func testMissingEmptyAndNonRegularFiles() throws {
        XCTAssertEqual(PhotoHeader.read(atPath: folder + "/none.jpg"), .failure(.missing))
        XCTAssertEqual(PhotoHeader.read(atPath: folder + "/none/x.jpg"), .failure(.missing))
        let empty = folder + "/empty.png"
        write([], to: empty)
        XCTAssertEqual(message(PhotoHeader.read(atPath: empty)), "is empty (0 bytes)")
        XCTAssertEqual(PhotoFileCheck.problem(atPath: folder), "cannot be read (not a regular file)")
        let fifo = folder + "/pipe.jpg" // opening a FIFO for reading would wait for a writer
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(PhotoFileCheck.problem(atPath: fifo), "cannot be read (not a regular file)")
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.jpg", withDestinationPath: folder + "/b.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.jpg", withDestinationPath: folder + "/a.jpg")
        XCTAssertEqual(PhotoFileCheck.problem(atPath: folder + "/a.jpg"), "cannot be read (symlink loop)")
        let locked = folder + "/locked.png"
        write(png(width: 1, height: 1), to: locked)
        XCTAssertEqual(chmod(locked, 0), 0)
        if getuid() != 0 { // root reads it anyway
            XCTAssertEqual(PhotoFileCheck.problem(atPath: locked), "cannot be read (permission denied?)")
        }
    }

    // MARK: Fuzz

    /// 20,000 seeded mutations of a real JPEG header (a bundled photo's,
    /// with an EXIF block): no crash, a clear answer, sizes within the
    /// limits, and the same answer whatever lies past the first 64 KiB.
    func testMutatedJPEGHeaders() throws {
        let storm = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/storm.jpg")
        let real = [UInt8](try Data(contentsOf: storm).prefix(1024))
        let base = [0xFF, 0xD8] + segment(0xE1, exif(orientation: 6, bigEndian: false)) + real.dropFirst(2)
        XCTAssertEqual(PhotoHeader.parse(base), header(.jpeg, 1600, 1067, .right))
        var random = Xorshift(seed: 0x7472_6970_7368_6472)
        // What follows the mutated header: a comment running to the 64 KiB
        // boundary, then a size that must never be seen.
        let beyond = sof(width: 2, height: 2) + Array(repeating: 0xFF, count: 100)
        let noise = (0..<PhotoHeader.readLimit).map { _ in UInt8.random(in: 0...255, using: &random) }
        var answers: Set<String> = []
        for _ in 0..<20_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...6, using: &random) { mutate(&bytes, &random) }
            let alone = PhotoHeader.parse(bytes)
            var padded = bytes
            let fill = PhotoHeader.readLimit - 1 - bytes.count - 4
            if fill > 2 {
                padded += [0xFF, 0xFE] + be16(fill)
                padded += noise.prefix(fill - 2)
            }
            padded += beyond
            let far = PhotoHeader.parse(padded)
            XCTAssertEqual(far, PhotoHeader.parse(Array(padded.prefix(PhotoHeader.readLimit)), fileLength: padded.count), "\(bytes)")
            for result in [alone, far] {
                switch result {
                case .success(let h):
                    XCTAssertTrue(h.format == .other || (h.width > 0 && h.height > 0 && h.width * h.height <= PhotoHeader.Limits.standard.maximumPixels))
                    answers.insert("size")
                case .failure(let problem):
                    XCTAssertFalse(problem.description.isEmpty)
                    answers.insert(kind(problem))
                }
            }
        }
        // The mutations reach every kind of answer a JPEG can give.
        XCTAssertEqual(answers, ["size", "truncatedHeader", "damagedHeader", "headerBeyondReadLimit", "tooLarge", "empty"])
    }

    private func kind(_ problem: PhotoProblem) -> String {
        switch problem {
        case .missing, .unreadable: return "file"
        case .empty: return "empty"
        case .truncatedHeader: return "truncatedHeader"
        case .damagedHeader: return "damagedHeader"
        case .headerBeyondReadLimit: return "headerBeyondReadLimit"
        case .imageSequence: return "imageSequence"
        case .tooLarge: return "tooLarge"
        }
    }

    /// One random change: a byte, a marker-like or length-like pair, a cut,
    /// an insertion or a deletion.
    private func mutate(_ bytes: inout [UInt8], _ random: inout Xorshift) {
        guard !bytes.isEmpty else { bytes = [0xFF]; return }
        let i = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0...6, using: &random) {
        case 0: bytes[i] = UInt8.random(in: 0...255, using: &random)
        case 1: bytes[i] = [0x00, 0xFF, 0xD8, 0xD9, 0xDA, 0xC0, 0xE1].randomElement(using: &random)!
        case 2: // a length-like pair
            let value = [0, 1, 2, 3, 8, 0xFFFF, Int.random(in: 0...0xFFFF, using: &random)].randomElement(using: &random)!
            bytes[i] = UInt8(value >> 8)
            if i + 1 < bytes.count { bytes[i + 1] = UInt8(value & 0xFF) }
        case 3: bytes.removeSubrange(i...)
        case 4: bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: i)
        case 5: bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...64, using: &random)))
        default: bytes[i] ^= UInt8(1 << Int.random(in: 0...7, using: &random))
        }
    }

    // MARK: Building files byte by byte

    private func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    private func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
    private func le16(_ v: Int) -> [UInt8] { be16(v).reversed() }
    private func le24(_ v: Int) -> [UInt8] { le16(v) + [UInt8(v >> 16 & 0xFF)] }
    private func le32(_ v: Int) -> [UInt8] { be32(v).reversed() }

    private func contains(_ bytes: [UInt8], _ pair: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { [$0, $1] == pair }
    }

    private func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + be16(body.count + 2) + body }

    private func sof(_ marker: UInt8 = 0xC0, width: Int, height: Int) -> [UInt8] {
        segment(marker, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0])
    }

    private func jpeg(_ segments: [UInt8]...) -> [UInt8] { [0xFF, 0xD8] + segments.joined() + [0xFF, 0xD9] }

    /// A TIFF block as EXIF has it: a Make entry, then Orientation.
    private func tiff(orientation: Int, bigEndian: Bool) -> [UInt8] {
        let u16 = bigEndian ? be16 : le16, u32 = bigEndian ? be32 : le32
        return Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8) + u16(2)
            + u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
            + u32(0)
    }

    private func exif(orientation: Int, bigEndian: Bool) -> [UInt8] {
        Array("Exif\0\0".utf8) + tiff(orientation: orientation, bigEndian: bigEndian)
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }

    private func png(width: Int, height: Int, chunks: [[UInt8]] = []) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
            + chunks.joined() + chunk("IEND", [])
    }

    private func webp(_ fourcc: String, _ data: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le32(4 + 8 + data.count) + Array("WEBP".utf8) + Array(fourcc.utf8) + le32(data.count) + data
    }

    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + Array(type.utf8) + body }

    /// ftyp and a meta box whose item 1 has the `primaryProperty`th ispe
    /// (1-based) and, when `quarterTurns` > 0, an irot; then a little mdat.
    private func heif(sizes: [(Int, Int)], quarterTurns: Int = 0, primaryProperty: Int = 1, brand: String = "heic") -> [UInt8] {
        var properties = sizes.map { box("ispe", [0, 0, 0, 0] + be32($0.0) + be32($0.1)) }
        var associations: [UInt8] = sizes.isEmpty ? [] : [UInt8(0x80 | primaryProperty)]
        if quarterTurns > 0 {
            properties.append(box("irot", [UInt8(quarterTurns)]))
            associations.append(UInt8(properties.count))
        }
        let ipma = box("ipma", [0, 0, 0, 0] + be32(1) + be16(1) + [UInt8(associations.count)] + associations)
        let meta = box("meta", [0, 0, 0, 0] + box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                       + box("pitm", [0, 0, 0, 0] + be16(1)) + box("iprp", box("ipco", properties.flatMap { $0 }) + ipma))
        return box("ftyp", Array(brand.utf8) + be32(0) + Array("mif1".utf8) + Array(brand.utf8)) + meta + box("mdat", [1, 2, 3, 4])
    }

    private func bmp(dib: Int, width: Int, height: Int) -> [UInt8] {
        let sides = dib == 12 ? le16(width) + le16(height) : le32(width) + le32(height)
        return Array("BM".utf8) + le32(0) + le32(0) + le32(14 + dib) + le32(dib) + sides + Array(repeating: 0, count: max(0, dib - 4 - sides.count))
    }
}

/// The message of a refusal, as the log shows it; nil when read.
private func message(_ result: Result<PhotoHeader, PhotoProblem>) -> String? {
    if case .failure(let problem) = result { return problem.description }
    return nil
}

/// xorshift64*: seeded, so a failing mutation can be made again.
private struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
