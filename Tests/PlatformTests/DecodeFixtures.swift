import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// Where the decode tests find the worker binary and their files.
enum DecodeFixtures {
    /// The `trips` binary built beside this test bundle: its worker mode is what decodes.
    static var trips: String { BuiltBinary.path() }

    /// Small valid images, one or two per format the app accepts and
    /// SDL_image reads: JPEG (baseline, progressive), PNG (RGB, palette),
    /// GIF, WebP (lossy, lossless), BMP, TIFF, TGA; HEIC and AVIF (libheif);
    /// JPEG XL (libjxl: a lossy bare codestream, a lossless container).
    static var seeds: [String] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Seeds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0).path }
    }

    /// Files that crashed or hung SDL_image: the regression set.
    static var regressions: [String] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../e2e/fuzz-regressions").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { dir.appendingPathComponent($0).path }
    }

    /// Fixtures/quadrants.jpg (64 x 32: red | green over blue | white) with
    /// an APP1 segment right after SOI whose IFD0 Orientation is `tag`.
    static func quadrants(orientation tag: UInt8) throws -> [UInt8] {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/quadrants.jpg")
        let stored = try [UInt8](Data(contentsOf: fixture))
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0,
                             0x12, 0x01, 3, 0, 1, 0, 0, 0, tag, 0, 0, 0, 0, 0, 0, 0]
        return Array(stored.prefix(2)) + exif + stored.dropFirst(2)
    }

    /// Seeds/seed.jpg (96 x 64) as a camera writes it: an EXIF block with
    /// `orientation` and, in IFD1, Fixtures/quadrants.jpg (64 x 32) as its
    /// embedded thumbnail; `change` makes the block lie (`ExifThumbnailStamp`).
    static func photoWithThumbnail(orientation: Int, _ change: (inout ExifThumbnailStamp) -> Void = { _ in }) throws -> [UInt8] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let quadrants = try [UInt8](Data(contentsOf: here.appendingPathComponent("Fixtures/quadrants.jpg")))
        let photo = try [UInt8](Data(contentsOf: here.appendingPathComponent("Seeds/seed.jpg")))
        var stamp = ExifThumbnailStamp(thumbnail: quadrants)
        stamp.orientation = orientation
        change(&stamp)
        return stamp.stamped(photo)
    }

    /// Runs ImageMagick's convert with `arguments` and the output `folder/name`; that path.
    static func convert(_ arguments: [String], output name: String, in folder: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw XCTSkip("ImageMagick's convert is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments + [folder + "/" + name]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert \(arguments)")
        return folder + "/" + name
    }

    enum Corner { case topLeft, topRight, bottomLeft, bottomRight }

    /// The dominant colour at the centre of a quarter of the picture.
    static func colour(_ p: SharedPixels, at corner: Corner) -> String {
        let x = corner == .topLeft || corner == .bottomLeft ? p.width / 4 : p.width * 3 / 4
        let y = corner == .topLeft || corner == .topRight ? p.height / 4 : p.height * 3 / 4
        let px = p.base.load(fromByteOffset: y * p.pitch + x * 4, as: (UInt8, UInt8, UInt8, UInt8).self)
        switch (px.0 > 128, px.1 > 128, px.2 > 128) {
        case (true, false, false): return "red"
        case (false, true, false): return "green"
        case (false, false, true): return "blue"
        case (true, true, true): return "white"
        default: return "rgb(\(px.0),\(px.1),\(px.2))"
        }
    }
}
