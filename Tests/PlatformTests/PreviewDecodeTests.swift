import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// The blur-up preview through a real worker: a camera JPEG's embedded
/// EXIF thumbnail comes back upright, cut to the photo's aspect, with the
/// photo's own full size; a file without one, or with a damaged one, fails
/// at once as a refusal or a decoder's "no", never by taking the worker down.
final class PreviewDecodeTests: XCTestCase {
    private var folder = ""
    private let process = DecoderProcess(executable: DecodeFixtures.trips)

    override func setUpWithError() throws { folder = try temporaryFolder("trips-preview").path }

    private func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = folder + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    private func preview(_ path: String, target: (width: Int, height: Int)) -> Result<DecoderProcess.Decoded, DecodeFailure> {
        process.decode(path: path, target: target, deadline: 5, preview: true)
    }

    func testThePreviewIsTheThumbnailCutToThePhotosAspect() throws {
        // seed.jpg is 96 x 64 (3:2); the 64 x 32 thumbnail loses 8 columns a side.
        let path = write(try DecodeFixtures.photoWithThumbnail(orientation: 1), "up.jpg")
        guard case .success(let decoded) = preview(path, target: (48, 32)) else { return XCTFail("no preview") }
        let p = decoded.pixels
        XCTAssertEqual([p.width, p.height], [48, 32], "the thumbnail's height, the photo's aspect")
        XCTAssertEqual([decoded.fullWidth, decoded.fullHeight], [96, 64], "the photo's size, not the thumbnail's")
        XCTAssertEqual(DecodeFixtures.colour(p, at: .topLeft), "red")
        XCTAssertEqual(DecodeFixtures.colour(p, at: .topRight), "green")
        XCTAssertEqual(DecodeFixtures.colour(p, at: .bottomLeft), "blue")
        // The photo itself decodes as before.
        guard case .success(let photo) = process.decode(path: path, target: (96, 64), deadline: 5) else { return XCTFail("no photo") }
        XCTAssertEqual([photo.pixels.width, photo.pixels.height], [96, 64])
    }

    func testOrientationSixTurnsThePreviewLikeThePhoto() throws {
        let path = write(try DecodeFixtures.photoWithThumbnail(orientation: 6), "right.jpg")
        guard case .success(let decoded) = preview(path, target: (32, 48)) else { return XCTFail("no preview") }
        let p = decoded.pixels
        XCTAssertEqual([p.width, p.height], [32, 48])
        XCTAssertEqual([decoded.fullWidth, decoded.fullHeight], [64, 96])
        // Turned 90 degrees clockwise: stored top-left (red) goes top-right, top-right (green) bottom-right.
        XCTAssertEqual(DecodeFixtures.colour(p, at: .topRight), "red")
        XCTAssertEqual(DecodeFixtures.colour(p, at: .bottomRight), "green")
        XCTAssertEqual(DecodeFixtures.colour(p, at: .topLeft), "blue")
    }

    func testThePreviewIsScaledToCoverTheTargetButOnlySoFar() throws {
        let path = write(try DecodeFixtures.photoWithThumbnail(orientation: 1), "scaled.jpg")
        guard case .success(let small) = preview(path, target: (12, 8)) else { return XCTFail("no small preview") }
        XCTAssertEqual([small.pixels.width, small.pixels.height], [12, 8])
        // Up, with linear filtering: at most 4 times the thumbnail (48 x 32 -> 192 x 128).
        guard case .success(let large) = preview(path, target: (1000, 600)) else { return XCTFail("no large preview") }
        XCTAssertEqual([large.pixels.width, large.pixels.height], [192, 128])
        XCTAssertEqual(DecodeFixtures.colour(large.pixels, at: .bottomRight), "white")
    }

    func testAPhotoWithoutAThumbnailIsRefusedAtOnce() throws {
        let refused = DecodeFixtures.seeds.filter { ["seed.jpg", "seed.png", "seed.heic"].contains(($0 as NSString).lastPathComponent) }
        XCTAssertEqual(refused.count, 3)
        let noIFD1 = write(try DecodeFixtures.photoWithThumbnail(orientation: 6) { $0.hasIFD1 = false }, "no-ifd1.jpg")
        for path in refused + [noIFD1] {
            XCTAssertEqual(failure(preview(path, target: (96, 64))), .refused(PhotoDecoder.noPreview), path)
            // The photo itself is untouched by that.
            if case .failure(let why) = process.decode(path: path, target: (96, 64), deadline: 5) { XCTFail("\(path): \(why)") }
        }
    }

    func testADamagedThumbnailFailsInTheWorkerAndTheWorkerGoesOn() throws {
        let garbage: [UInt8] = [0xFF, 0xD8] + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let cases: [(String, [UInt8])] = [
            ("length past the block", try DecodeFixtures.photoWithThumbnail(orientation: 1) { $0.claimedLength = 100_000 }),
            ("offset past the block", try DecodeFixtures.photoWithThumbnail(orientation: 1) { $0.claimedOffset = 70_000 }),
            ("cut in its tables", try DecodeFixtures.photoWithThumbnail(orientation: 1) { $0.claimedLength = $0.thumbnail.count / 2 }),
            ("cut in its data", try DecodeFixtures.photoWithThumbnail(orientation: 1) { $0.thumbnail.removeLast(40) }),
            ("garbage after its SOI", try DecodeFixtures.photoWithThumbnail(orientation: 6) { $0.thumbnail = garbage }),
            ("larger than the photo", try DecodeFixtures.photoWithThumbnail(orientation: 1) { stamp in
                // The SOF's height and width (bytes 163...166 of quadrants.jpg's SOF0) made 4000 x 4000.
                if let sof = stamp.thumbnail.indices.first(where: { stamp.thumbnail[$0] == 0xFF && stamp.thumbnail[$0 + 1] == 0xC0 }) {
                    stamp.thumbnail.replaceSubrange((sof + 5)...(sof + 8), with: [0x0F, 0xA0, 0x0F, 0xA0])
                }
            }),
        ]
        for (why, bytes) in cases {
            let path = write(bytes, "damaged.jpg")
            switch preview(path, target: (96, 64)) {
            case .success(let decoded): XCTFail("\(why): a \(decoded.pixels.width) x \(decoded.pixels.height) preview")
            case .failure(.contained(let how)): XCTFail("\(why): the worker went down: \(how)")
            case .failure: break
            }
            // The same worker still decodes the photo.
            if case .failure(let how) = process.decode(path: path, target: (96, 64), deadline: 5) { XCTFail("\(why): the photo: \(how)") }
        }
    }

    private func failure(_ result: Result<DecoderProcess.Decoded, DecodeFailure>) -> DecodeFailure? {
        if case .failure(let f) = result { return f }
        return nil
    }
}
