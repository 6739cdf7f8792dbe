import CGexiv2
import CLCMS
import Foundation
import PhotoFile

/// The properties panel's fields, read on the worker from a photo's bytes:
/// its size and format from its header (`PhotoHeader`), its colour
/// profile's own description (Little CMS), and its EXIF through exiv2
/// (gexiv2's `open_buf`: from memory, never a path). Whatever cannot be
/// read is left out; a file exiv2 refuses still has its header's fields.
enum PropertiesReading {
    static func read(_ bytes: UnsafeRawBufferPointer, fileBytes: Int) -> PhotoProperties {
        var properties = PhotoProperties()
        properties.fileBytes = fileBytes
        if case .success(let header) = PhotoHeader.read(bytes: bytes) {
            properties.format = header.format.name
            let size = header.displaySize
            if size.width > 0 && size.height > 0 { (properties.width, properties.height) = size }
            properties.colourProfile = EmbeddedProfile.find(in: bytes, format: header.format).flatMap(describe)
        }
        readExif(bytes, into: &properties)
        return properties
    }

    private static func readExif(_ bytes: UnsafeRawBufferPointer, into properties: inout PhotoProperties) {
        guard let base = bytes.baseAddress, !bytes.isEmpty, let metadata = gexiv2_metadata_new() else { return }
        defer { g_object_unref(metadata) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_buf(metadata, base.assumingMemoryBound(to: guint8.self), glong(bytes.count), &error) != 0 else {
            if let error { g_error_free(error) }
            return
        }
        func tag(_ name: String) -> String? {
            var error: UnsafeMutablePointer<GError>?
            let value = gexiv2_metadata_try_get_tag_string(metadata, name, &error)
            if let error { g_error_free(error) }
            guard let value else { return nil }
            defer { g_free(value) }
            let text = String(cString: value).replacingOccurrences(of: "\0", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : String(text.prefix(PhotoProperties.maximumTextLength))
        }
        properties.make = tag("Exif.Image.Make")
        properties.model = tag("Exif.Image.Model")
        properties.lens = tag("Exif.Photo.LensModel")
        properties.captured = tag("Exif.Photo.DateTimeOriginal") ?? tag("Exif.Image.DateTime")
        properties.exposureTime = tag("Exif.Photo.ExposureTime")
        properties.fNumber = tag("Exif.Photo.FNumber")
        properties.focalLength = tag("Exif.Photo.FocalLength")
        properties.iso = tag("Exif.Photo.ISOSpeedRatings").flatMap { Int($0.split(separator: " ").first ?? "") }
        properties.focalLength35 = tag("Exif.Photo.FocalLengthIn35mmFilm").flatMap { Int($0) }
        var latitude = 0.0, longitude = 0.0
        if gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, &error) != 0,
           gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, &error) != 0,
           latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 {
            (properties.latitude, properties.longitude) = (latitude, longitude)
        }
        if let error { g_error_free(error) }
    }

    /// The profile's own description ("sRGB IEC61966-2.1", "Display P3").
    private static func describe(_ profile: EmbeddedProfile) -> String? {
        let icc: [UInt8]
        switch profile {
        case .icc(let bytes): icc = bytes
        case .deflated(let bytes):
            guard let inflated = ColourConversion.inflate(bytes) else { return nil }
            icc = inflated
        case .described(let description): return description.isSRGB ? "sRGB" : nil
        }
        guard let opened = icc.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(opened) }
        var text = [CChar](repeating: 0, count: 256)
        let n = cmsGetProfileInfoASCII(opened, cmsInfoDescription, "en", "US", &text, cmsUInt32Number(text.count))
        guard n > 0 else { return nil }
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : String(name.prefix(PhotoProperties.maximumTextLength))
    }

    /// exiv2's first use, before confinement: its tables, no log lines on
    /// the worker's stderr (/dev/null anyway), and its first error, whose
    /// message binds exiv2's gettext domain: that looks up the process's
    /// path (readlink of /proc/self/exe) and the catalogue, which the
    /// sandbox forbids. Bytes of no known format make that error.
    static func warmUp() {
        _ = gexiv2_initialize()
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        let unknown = [UInt8](repeating: 0x5A, count: 64)
        var properties = PhotoProperties()
        unknown.withUnsafeBytes { readExif($0, into: &properties) }
    }
}
