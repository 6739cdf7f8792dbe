import Decoding
import Foundation
import PhotoFile

/// A turn Trips keeps for a photo (its file cannot hold it without loss:
/// TripsKit's `KeptTurns`) applied to what a worker decoded of it, on the
/// loader's thread: the picture turned into new shared pixels, its full
/// size turned with it, and no PNG for the shared thumbnail cache (other
/// viewers read that cache, and for them the file is not turned).
enum KeptTurnPixels {
    static func turned(_ result: Result<DecoderProcess.Decoded, DecodeFailure>, quarters: Int) -> Result<DecoderProcess.Decoded, DecodeFailure> {
        let turn: [ExifOrientation] = [.up, .right, .down, .left]
        let transform = turn[((quarters % 4) + 4) % 4].transform
        guard case .success(var decoded) = result, transform.quarterTurns != 0 else { return result }
        let from = decoded.pixels
        let size = PixelOrientation.turnedSize(transform, width: from.width, height: from.height)
        guard let to = SharedPixels.create(width: size.width, height: size.height) else {
            return .failure(.decode("no shared memory for its turned pixels"))
        }
        PixelOrientation.apply(transform, from: from.base.assumingMemoryBound(to: UInt32.self), width: from.width, height: from.height,
                               pitch: from.width, to: to.base.assumingMemoryBound(to: UInt32.self), pitch: size.width)
        decoded.pixels = to
        if transform.quarterTurns % 2 == 1 { (decoded.fullWidth, decoded.fullHeight) = (decoded.fullHeight, decoded.fullWidth) }
        decoded.thumbnailPNG = nil
        return .success(decoded)
    }
}
