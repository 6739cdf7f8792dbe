import Foundation
import TestSupport
import XCTest
@testable import PhotoFile

/// Clips' containers: files ffmpeg writes (MP4, MOV, WebM, MKV) give their
/// creation time, duration and size; boxes and elements built byte by
/// byte (both `mvhd` versions, a turned track, cut and huge sizes) give
/// theirs or a named problem; mutated headers never crash or hang.
final class ClipHeaderTests: XCTestCase {
    private var media = PhoneRoll(folder: "")

    override func setUpWithError() throws {
        media = PhoneRoll(folder: try temporaryFolder("trips-clip-header").path)
    }

    /// 2024-05-01T10:00:00Z.
    private let may1 = 1_714_557_600.0

    func testFilesFFmpegWritesInEveryContainer() throws {
        for name in ["clip.mp4", "clip.mov", "clip.m4v", "clip.mkv", "clip.webm"] {
            let path = try media.clip(name, seconds: 7, created: "2024-05-01T10:00:00Z")
            let clip = try ClipHeader.read(atPath: path).get()
            XCTAssertEqual(clip.container, name.hasSuffix("mkv") || name.hasSuffix("webm") ? .matroska : .isoMedia, name)
            XCTAssertEqual(clip.created, may1, name)
            XCTAssertEqual(clip.duration ?? 0, 7, accuracy: 0.05, name)
            XCTAssertEqual([clip.width, clip.height], [320, 240], name)
            // The photo header's check lets it through as a clip of that size.
            XCTAssertEqual(PhotoHeader.read(atPath: path), .success(PhotoHeader(format: .clip, width: 320, height: 240)), name)
            XCTAssertNil(PhotoFileCheck.problem(atPath: path), name)
        }
        // Without a creation time: none, not 1904 or 2001.
        let plain = try media.clip("plain.mp4", seconds: 2, width: 64, height: 48)
        XCTAssertEqual(try ClipHeader.read(atPath: plain).get().created, nil)
        let plainMKV = try media.clip("plain.mkv", seconds: 2, width: 64, height: 48)
        XCTAssertEqual(try ClipHeader.read(atPath: plainMKV).get().created, nil)
        XCTAssertEqual(try ClipHeader.read(atPath: plainMKV).get().duration ?? 0, 2, accuracy: 0.05)
    }

    // MARK: ISO boxes by hand

    private func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    private func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
    private func be64(_ v: Int) -> [UInt8] { be32(v >> 32) + be32(v) }
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + Array(type.utf8) + body }
    private let ftyp: [UInt8] = [0, 0, 0, 20] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("mp41".utf8)

    /// Seconds since 1904 of 2024-05-01T10:00:00Z.
    private var since1904: Int { Int(may1) + 2_082_844_800 }

    private func mvhd(version: Int, created: Int, scale: Int, duration: Int) -> [UInt8] {
        version == 1
            ? box("mvhd", [1, 0, 0, 0] + be64(created) + be64(created) + be32(scale) + be64(duration) + [UInt8](repeating: 0, count: 80))
            : box("mvhd", [0, 0, 0, 0] + be32(created) + be32(created) + be32(scale) + be32(duration) + [UInt8](repeating: 0, count: 80))
    }

    /// A track header of `width` x `height`, its matrix turning it a quarter when `turned`.
    private func tkhd(version: Int, width: Int, height: Int, turned: Bool = false) -> [UInt8] {
        let times = version == 1 ? [UInt8](repeating: 0, count: 16) + be32(1) + be32(0) + be64(10) : [UInt8](repeating: 0, count: 8) + be32(1) + be32(0) + be32(10)
        let one = 0x10000, minusOne = -0x10000 & 0xFFFF_FFFF
        let matrix = turned ? be32(0) + be32(one) + be32(0) + be32(minusOne) + be32(0) + be32(0) + be32(0) + be32(0) + be32(0x4000_0000)
            : be32(one) + be32(0) + be32(0) + be32(0) + be32(one) + be32(0) + be32(0) + be32(0) + be32(0x4000_0000)
        return box("tkhd", [UInt8(version), 0, 0, 3] + times + [UInt8](repeating: 0, count: 16) + matrix + be32(width << 16) + be32(height << 16))
    }

    private func trak(_ handler: String, _ tkhd: [UInt8]) -> [UInt8] {
        box("trak", tkhd + box("mdia", box("hdlr", [0, 0, 0, 0] + be32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))))
    }

    private func read(_ bytes: [UInt8]) -> Result<ClipHeader, PhotoProblem> {
        ClipHeader.read(length: bytes.count) { offset, count in Array(bytes[min(offset, bytes.count)..<min(bytes.count, offset + count)]) }
    }

    func testBothMovieHeaderVersionsATurnedTrackAndTheVideoTrackAmongOthers() throws {
        for version in [0, 1] {
            let moov = box("moov", mvhd(version: version, created: since1904, scale: 600, duration: 4200)
                + trak("soun", tkhd(version: version, width: 0, height: 0)) + trak("vide", tkhd(version: version, width: 1920, height: 1080, turned: true)))
            // The media first, as a phone writes it, with a 64-bit size.
            let mdat = be32(1) + Array("mdat".utf8) + be64(16 + 100) + [UInt8](repeating: 7, count: 100)
            let clip = try read(ftyp + mdat + moov).get()
            XCTAssertEqual(clip, ClipHeader(container: .isoMedia, created: may1, duration: 7, width: 1080, height: 1920), "version \(version)")
        }
        // Version 1's 64-bit times, past 2038.
        let late = Int(4_102_444_800.0 + 2_082_844_800) // 2100-01-01
        let clip = try read(ftyp + box("moov", mvhd(version: 1, created: late, scale: 1000, duration: 1500) + trak("vide", tkhd(version: 1, width: 64, height: 48)))).get()
        XCTAssertEqual(clip.created, 4_102_444_800)
        XCTAssertEqual(clip.duration, 1.5)
        // An unset time (0) and an all-ones duration are not known.
        let unset = try read(ftyp + box("moov", mvhd(version: 0, created: 0, scale: 1000, duration: 0xFFFF_FFFF) + trak("vide", tkhd(version: 0, width: 64, height: 48)))).get()
        XCTAssertNil(unset.created)
        XCTAssertNil(unset.duration)
    }

    func testCutHugeAndMissingBoxesAreNamed() {
        let whole = ftyp + box("moov", mvhd(version: 0, created: since1904, scale: 600, duration: 600) + trak("vide", tkhd(version: 0, width: 64, height: 48)))
        XCTAssertEqual(try read(whole).get().width, 64)
        // Cut anywhere inside moov: truncated, never a crash or a wrong size.
        for cut in stride(from: 21, to: whole.count - 1, by: 7) {
            XCTAssertEqual(read(Array(whole.prefix(cut))), .failure(.truncatedHeader(.clip)), "cut at \(cut)")
        }
        // Sizes past the file and past 4 GiB: the file ends before them.
        let huge = ftyp + be32(1) + Array("mdat".utf8) + be64(1 << 40) + [0, 0, 0, 0]
        XCTAssertEqual(read(huge), .failure(.truncatedHeader(.clip)))
        let absurd = ftyp + be32(1) + Array("mdat".utf8) + be64(Int(Int64.max)) + [0, 0, 0, 0]
        if case .failure(.damagedHeader(.clip, let why)) = read(absurd) { XCTAssertTrue(why.contains("mdat"), why) } else { XCTFail("\(read(absurd))") }
        // A box smaller than its own header, one running past its parent, no moov, no video.
        if case .failure(.damagedHeader(.clip, let why)) = read(ftyp + be32(3) + Array("free".utf8)) { XCTAssertTrue(why.contains("free box of 3 bytes"), why) } else { XCTFail() }
        let past = ftyp + box("moov", be32(500) + Array("trak".utf8) + [UInt8](repeating: 0, count: 20)) + box("free", [UInt8](repeating: 0, count: 600))
        if case .failure(.damagedHeader(.clip, let why)) = read(past) { XCTAssertTrue(why.contains("runs past its moov"), why) } else { XCTFail("\(read(past))") }
        XCTAssertEqual(read(ftyp + box("free", [])), .failure(.damagedHeader(.clip, "no moov box")))
        XCTAssertEqual(read(ftyp + box("moov", mvhd(version: 0, created: 0, scale: 1, duration: 1) + trak("soun", tkhd(version: 0, width: 0, height: 0)))),
                       .failure(.damagedHeader(.clip, "no video track with a size")))
        // 5,000 empty boxes: the walk gives up rather than loop on.
        let many = ftyp + (0..<5000).flatMap { _ in box("free", []) } + whole.dropFirst(ftyp.count)
        if case .failure(.damagedHeader(.clip, let why)) = read(many) { XCTAssertTrue(why.contains("more than 4096 boxes"), why) } else { XCTFail() }
    }

    func testRecognisedByTheBytesNotTheName() {
        let whole = ftyp + box("moov", mvhd(version: 0, created: 0, scale: 600, duration: 600) + trak("vide", tkhd(version: 0, width: 64, height: 48)))
        XCTAssertEqual(PhotoHeader.parse(whole), .success(PhotoHeader(format: .clip, width: 64, height: 48)))
        // QuickTime without ftyp, moov first.
        XCTAssertEqual(PhotoHeader.parse(Array(whole.dropFirst(ftyp.count))), .success(PhotoHeader(format: .clip, width: 64, height: 48)))
        // HEIC's brands stay photos; an audio brand is nothing Trips shows.
        let heic = [0, 0, 0, 20] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1".utf8)
        XCTAssertNotEqual(PhotoHeader.Format(signature: ByteWindow(heic, start: 0, end: heic.count)), .clip)
        let audio = [0, 0, 0, 16] + Array("ftypM4A ".utf8) + [0, 0, 0, 0]
        XCTAssertEqual(PhotoHeader.Format(signature: ByteWindow(audio, start: 0, end: audio.count)), .other)
        XCTAssertEqual(PhotoHeader.parse(Array(whole.prefix(30)), fileLength: whole.count), .failure(.headerBeyondReadLimit(.clip)))
    }

    // MARK: EBML by hand

    /// An element with a one-byte size (bodies under 127 bytes) or an eight-byte one.
    private func element(_ id: Int, _ body: [UInt8], longSize: Bool = false) -> [UInt8] {
        let idBytes = id > 0xFFFFFF ? be32(id) : id > 0xFFFF ? Array(be32(id).suffix(3)) : id > 0xFF ? be16(id) : [UInt8(id)]
        let size = longSize || body.count >= 127 ? [0x01] + Array(be64(body.count).suffix(7)) : [UInt8(0x80 | body.count)]
        return idBytes + size + body
    }

    private func matroska(docType: String = "webm", info: [UInt8], tracks: [UInt8], segmentSize: [UInt8]? = nil) -> [UInt8] {
        let ebml = element(0x1A45DFA3, element(0x4286, [1]) + element(0x4282, Array(docType.utf8)))
        let body = element(0x1549A966, info) + element(0x1654AE6B, tracks) + element(0x1F43B675, [UInt8](repeating: 0, count: 40))
        return ebml + (segmentSize.map { be32(0x18538067) + $0 + body } ?? element(0x18538067, body, longSize: true))
    }

    private func videoTrack(_ w: Int, _ h: Int) -> [UInt8] {
        element(0xAE, element(0xD7, [1]) + element(0x83, [1]) + element(0xE0, element(0xB0, be16(w)) + element(0xBA, be16(h))))
    }

    func testMatroskaInfoAndTracks() throws {
        let nsSince2001 = Int((may1 - 978_307_200) * 1e9)
        let info = element(0x2AD7B1, be32(1_000_000)) + element(0x4489, be64(Int(Double(7000).bitPattern))) + element(0x4461, be64(nsSince2001))
        let audio = element(0xAE, element(0x83, [2]) + element(0xE1, element(0xB5, be32(0))))
        let file = matroska(info: info, tracks: audio + videoTrack(1280, 720))
        XCTAssertEqual(try read(file).get(), ClipHeader(container: .matroska, created: may1, duration: 7, width: 1280, height: 720))
        // A 4-byte float duration with another scale; a Segment of unknown size.
        let small = element(0x2AD7B1, be32(10_000_000)) + element(0x4489, be32(Int(Float(250).bitPattern)))
        let unknown = matroska(info: small, tracks: videoTrack(64, 48), segmentSize: [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual(try read(unknown).get(), ClipHeader(container: .matroska, duration: 2.5, width: 64, height: 48))
        // Another EBML document is not a clip.
        XCTAssertEqual(read(matroska(docType: "subrip", info: info, tracks: videoTrack(1, 1))),
                       .failure(.damagedHeader(.clip, "an EBML file of type subrip, not WebM or Matroska")))
        // Cut inside Info or Tracks: truncated (the Segment says it goes on).
        for cut in stride(from: 45, to: file.count - 50, by: 5) {
            XCTAssertEqual(read(Array(file.prefix(cut))), .failure(.truncatedHeader(.clip)), "cut at \(cut)")
        }
        // A child longer than its parent, and a variable-length number of nine bytes.
        let lying = matroska(info: [0x44, 0x89, 0xC0] + be64(0), tracks: videoTrack(64, 48))
        if case .failure(.damagedHeader(.clip, let why)) = read(lying) { XCTAssertTrue(why.contains("runs past its parent"), why) } else { XCTFail("\(read(lying))") }
        let nine = matroska(info: [0x44, 0x89, 0x00, 0x01], tracks: videoTrack(64, 48))
        if case .failure(.damagedHeader(.clip, let why)) = read(nine) { XCTAssertTrue(why.contains("longer than 8 bytes"), why) } else { XCTFail("\(read(nine))") }
    }

    // MARK: Animations

    func testAnimatedGIFWebPAPNGAndJXLAreMarkedAndStillsAreNot() throws {
        let gif = try media.animatedGIF("a.gif", frames: 4)
        XCTAssertEqual(try PhotoHeader.read(atPath: gif).get().animation, .init(frames: 4))
        try media.run("convert", ["-size", "64x48", "xc:red", "still.gif"])
        XCTAssertNil(try PhotoHeader.read(atPath: media.folder + "/still.gif").get().animation)
        try media.run("gif2webp", ["-q", "50", "a.gif", "-o", "a.webp"])
        XCTAssertEqual(try PhotoHeader.read(atPath: media.folder + "/a.webp").get().animation, .init(frames: 4))
        try media.run("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", "a.gif", "-plays", "0", "-f", "apng", "a.png"])
        XCTAssertEqual(try PhotoHeader.read(atPath: media.folder + "/a.png").get().animation?.frames ?? 0, 4)
        try media.run("convert", ["-size", "64x48", "xc:blue", "still.png"])
        XCTAssertNil(try PhotoHeader.read(atPath: media.folder + "/still.png").get().animation)
        try media.run("cjxl", ["a.gif", "a.jxl"])
        XCTAssertEqual(try PhotoHeader.read(atPath: media.folder + "/a.jxl").get().animation, .init(frames: nil))
        try media.run("cjxl", ["still.png", "still.jxl"])
        XCTAssertNil(try PhotoHeader.read(atPath: media.folder + "/still.jxl").get().animation)
    }

    // MARK: Motion Photos

    func testAMotionPhotoNamesItsEmbeddedClip() throws {
        let made = try media.motionPhoto("PXL_1.MP.jpg", seconds: 3, created: "2024-05-01T10:00:00Z")
        let motion = try XCTUnwrap(MotionPhoto.read(atPath: made.path))
        XCTAssertEqual(motion.clipOffset, made.offset)
        XCTAssertEqual(motion.clipLength, made.length)
        XCTAssertEqual(motion.clip?.duration ?? 0, 3, accuracy: 0.05)
        XCTAssertEqual(motion.clip?.created, may1)
        // It is still a JPEG to the header check, with its own size.
        XCTAssertEqual(try PhotoHeader.read(atPath: made.path).get().format, .jpeg)
        // The directory form (Container:Item Length), as newer phones write it.
        let xmp = """
        <x:xmpmeta><rdf:RDF><rdf:Description GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1"><Container:Directory><rdf:Seq>
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg" Item:Length="0"/></rdf:li>
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="MotionPhoto" Item:Mime="video/mp4" Item:Length="5120"/></rdf:li>
        </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
        """
        XCTAssertEqual(MotionPhoto.clipLength(xmp: xmp), 5120)
        XCTAssertEqual(MotionPhoto.clipLength(xmp: "<GCamera:MicroVideo>1</GCamera:MicroVideo><GCamera:MicroVideoOffset>77</GCamera:MicroVideoOffset>"), 77)
        XCTAssertNil(MotionPhoto.clipLength(xmp: #"GCamera:MotionPhoto="0" GCamera:MicroVideoOffset="77""#))
        // A plain JPEG, and one whose XMP points at no MP4, are no Motion Photos.
        try media.run("convert", ["-size", "64x48", "xc:red", "plain.jpg"])
        XCTAssertNil(MotionPhoto.read(atPath: media.folder + "/plain.jpg"))
        try media.run("exiftool", ["-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoOffset=20", "plain.jpg"])
        XCTAssertNil(MotionPhoto.read(atPath: media.folder + "/plain.jpg"))
    }

    // MARK: Fuzz

    /// 3,000 seeded mutations each of an MP4, a MOV, a WebM and an MKV made
    /// by ffmpeg: every answer is a header with a sane size or a named
    /// problem, and no walk reads past the file or takes long.
    func testMutatedClipHeaders() throws {
        var rng = SplitMix64(seed: 0x636c_6970_7321)
        var answers: [String: Int] = [:]
        for name in ["f.mp4", "f.mov", "f.webm", "f.mkv"] {
            let path = try media.clip(name, seconds: 1, width: 96, height: 64, created: "2024-05-01T10:00:00Z")
            let real = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let start = Date()
            for _ in 0..<3000 {
                let bytes = PhotoMutator.mutate(real, using: &rng)
                var reads = 0
                let result = ClipHeader.read(length: bytes.count) { offset, count in
                    reads += 1
                    XCTAssert(offset >= 0 && count >= 0 && offset + count <= bytes.count, "read \(offset)+\(count) of \(bytes.count)")
                    return Array(bytes[min(offset, bytes.count)..<min(bytes.count, offset + count)])
                }
                XCTAssertLessThan(reads, 20_000)
                switch result {
                case .success(let clip):
                    XCTAssertTrue(clip.width > 0 && clip.height > 0)
                    answers["size", default: 0] += 1
                case .failure(let problem):
                    XCTAssertFalse(problem.description.isEmpty)
                    switch problem {
                    case .damagedHeader: answers["damagedHeader", default: 0] += 1
                    case .truncatedHeader: answers["truncatedHeader", default: 0] += 1
                    default: answers["other", default: 0] += 1
                    }
                }
                _ = PhotoHeader.parse(bytes)
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 30, name)
        }
        XCTAssertGreaterThan(answers["size"] ?? 0, 1000)
        XCTAssertGreaterThan(answers["damagedHeader"] ?? 0, 10)
        XCTAssertGreaterThan(answers["truncatedHeader"] ?? 0, 10)
    }

    /// 2,000 mutations each of an animated GIF, WebP and APNG's headers, and
    /// 500 of a Motion Photo through its file: a mark, when given, counts
    /// at least two frames; a Motion Photo's clip, when found, lies inside
    /// the file; nothing crashes.
    func testMutatedAnimationsAndMotionPhotos() throws {
        var rng = SplitMix64(seed: 0x616e_696d_21)
        try media.animatedGIF("m.gif", frames: 3)
        try media.run("gif2webp", ["-q", "50", "m.gif", "-o", "m.webp"])
        try media.run("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", "m.gif", "-plays", "0", "-f", "apng", "m.png"])
        var marked = 0
        for name in ["m.gif", "m.webp", "m.png"] {
            let real = [UInt8](try Data(contentsOf: URL(fileURLWithPath: media.folder + "/" + name)))
            XCTAssertNotNil(try PhotoHeader.parse(real).get().animation, name)
            for _ in 0..<2000 {
                guard case .success(let header) = PhotoHeader.parse(PhotoMutator.mutate(real, using: &rng)), let animation = header.animation else { continue }
                marked += 1
                XCTAssertGreaterThanOrEqual(animation.frames ?? 2, 2, name)
            }
        }
        XCTAssertGreaterThan(marked, 3000, "most mutations leave the mark")
        let made = try media.motionPhoto("mp.jpg", seconds: 1)
        let real = [UInt8](try Data(contentsOf: URL(fileURLWithPath: made.path)))
        var found = 0
        for i in 0..<500 {
            let path = media.folder + "/mutated-\(i).jpg"
            let bytes = PhotoMutator.mutate(real, using: &rng)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            if let motion = MotionPhoto.read(atPath: path) {
                found += 1
                XCTAssertTrue(motion.clipOffset > 0 && motion.clipOffset + motion.clipLength == bytes.count)
            }
            try FileManager.default.removeItem(atPath: path)
        }
        XCTAssertGreaterThan(found, 100)
    }
}
