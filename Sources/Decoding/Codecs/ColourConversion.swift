import CLCMS
import CSDL2
import CZlib
import PhotoFile

/// Converts decoded pixels from the colour space of their embedded ICC
/// profile (or of a HEIF's colour numbers, made a profile) to sRGB (what the screen is taken to be) with Little CMS, in
/// place, on the worker. A photo without a profile is sRGB already; a
/// profile that is not RGB (grey, CMYK) is left alone, as the decoders
/// already made RGB of it; a profile that cannot be read leaves the pixels
/// as they are, and says so (the app logs it once).
enum ColourConversion {
    /// The largest profile inflated from a PNG: far above any real one (a
    /// few KiB), small enough that a zlib bomb costs nothing.
    static let maximumProfileBytes = 4 << 20

    /// Converts `surface` (RGBA32) from `profile` to sRGB; nil when done or
    /// nothing was to be done, else why the pixels were left as they are.
    static func toSRGB(_ surface: UnsafeMutablePointer<SDL_Surface>, profile: EmbeddedProfile) -> String? {
        let source: cmsHPROFILE
        switch profile {
        case .icc(let bytes):
            guard let opened = open(bytes) else { return "its colour profile (\(bytes.count) bytes) cannot be read; shown without colour conversion" }
            source = opened
        case .deflated(let bytes):
            guard let inflated = inflate(bytes) else { return "its colour profile cannot be inflated; shown without colour conversion" }
            guard let opened = open(inflated) else { return "its colour profile (\(inflated.count) bytes) cannot be read; shown without colour conversion" }
            source = opened
        case .described(let description):
            guard !description.isSRGB else { return nil }
            guard let made = rgbProfile(description) else { return "its colour description cannot be made a profile; shown without colour conversion" }
            source = made
        }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData else { return nil }
        guard let srgb = cmsCreate_sRGBProfile() else { return "no sRGB profile; shown without colour conversion" }
        defer { cmsCloseProfile(srgb) }
        let rgba = trips_lcms_rgba8
        guard let transform = cmsCreateTransform(source, rgba, srgb, rgba, cmsUInt32Number(INTENT_PERCEPTUAL),
                                                 cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) else {
            return "its colour profile cannot be converted to sRGB; shown without colour conversion"
        }
        defer { cmsDeleteTransform(transform) }
        let w = cmsUInt32Number(surface.pointee.w), h = cmsUInt32Number(surface.pointee.h), pitch = cmsUInt32Number(surface.pointee.pitch)
        cmsDoTransformLineStride(transform, surface.pointee.pixels, surface.pointee.pixels, w, h, pitch, pitch, 0, 0)
        return nil
    }

    private static func open(_ icc: [UInt8]) -> cmsHPROFILE? {
        icc.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }

    /// Entries of the tabulated tone curve made from a description's transfer.
    static let curveEntries = 4096

    /// A matrix-shaper RGB profile from numbers: the primaries and white
    /// point, and the transfer (HDR tone mapped) as a tabulated tone curve
    /// for each channel.
    static func rgbProfile(_ d: ColourDescription) -> cmsHPROFILE? {
        var white = cmsCIExyY(x: d.white.x, y: d.white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: d.red.x, y: d.red.y, Y: 1), Green: cmsCIExyY(x: d.green.x, y: d.green.y, Y: 1),
                                        Blue: cmsCIExyY(x: d.blue.x, y: d.blue.y, Y: 1))
        let values = (0..<curveEntries).map { Float(d.light(Double($0) / Double(curveEntries - 1))) }
        guard let curve = cmsBuildTabulatedToneCurveFloat(nil, cmsUInt32Number(values.count), values) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return cmsCreateRGBProfile(&white, &primaries, &curves)
    }

    /// A zlib stream inflated, up to `maximumProfileBytes`; nil when damaged or larger.
    static func inflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: 64 << 10)
        var input = bytes
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            while status == Z_OK {
                if Int(stream.total_out) == out.count {
                    guard out.count < maximumProfileBytes else { status = Z_BUF_ERROR; return }
                    out += [UInt8](repeating: 0, count: out.count)
                }
                let done = Int(stream.total_out)
                status = out.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress! + done
                    stream.avail_out = uInt(outBuffer.count - done)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(out.prefix(Int(stream.total_out)))
    }

    /// Builds one transform before the worker is confined, so anything Little
    /// CMS sets up on first use (its plug-in tables, its context) is in place.
    static func warmUp() {
        guard let a = cmsCreate_sRGBProfile(), let b = cmsCreate_sRGBProfile() else { return }
        defer { cmsCloseProfile(a); cmsCloseProfile(b) }
        let rgba = trips_lcms_rgba8
        if let t = cmsCreateTransform(a, rgba, b, rgba, cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) {
            var pixel: [UInt8] = [10, 20, 30, 255]
            cmsDoTransform(t, pixel, &pixel, 1)
            cmsDeleteTransform(t)
        }
    }
}
