import Foundation

/// How big to decode a photo: no bigger than what is shown. A strip
/// thumbnail needs only the strip photo's pixels; the big photo at most the
/// screen's. JPEGs are decoded at the smallest of libjpeg's scales (n/8)
/// that still covers the target, straight from the DCT, instead of
/// decoding 12 megapixels and shrinking them.
public enum DecodePlan {
    /// What a decoded picture is for.
    public enum Use: Hashable, Sendable {
        /// The strip: a photo that covers `pixels` (aspect fill).
        case thumbnail
        /// The big photo: covers the window's pixels.
        case full
        /// A part of a zoomed big photo at a finer level (`DetailTiles`).
        case tile(DetailTiles.Tile)
        /// The whole photo at its own size, upright: what a zoomed photo
        /// that is not a JPEG has its detail tiles cut from (`DetailTiles`).
        case whole
        /// The JPEG's embedded EXIF thumbnail (`ExifThumbnail`), blurred up
        /// to cover the strip photo: shown at once, until the thumbnail or
        /// the full picture is decoded.
        case preview
    }

    /// The size that covers `target` with the picture's aspect, never
    /// larger than the picture itself (aspect fill needs both sides).
    public static func coverSize(image: (width: Int, height: Int), target: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard image.width > 0, image.height > 0, target.width > 0, target.height > 0 else { return image }
        let scale = max(Double(target.width) / Double(image.width), Double(target.height) / Double(image.height))
        guard scale < 1 else { return image }
        return (max(1, Int((Double(image.width) * scale).rounded(.up))), max(1, Int((Double(image.height) * scale).rounded(.up))))
    }

    /// libjpeg's scale (numerator over 8) for decoding an image of `image`
    /// pixels so that it still covers `target`: the smallest n/8 whose
    /// result is at least `target`'s cover size.
    public static func jpegScale(image: (width: Int, height: Int), target: (width: Int, height: Int)) -> Int {
        let cover = coverSize(image: image, target: target)
        for n in 1...8 {
            let w = (image.width * n + 7) / 8, h = (image.height * n + 7) / 8
            if w >= cover.width && h >= cover.height { return n }
        }
        return 8
    }
}
