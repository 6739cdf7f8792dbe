import Foundation
import PhotoLoading
import TripsKit

/// The photos the first frame shows start decoding as soon as the trips are
/// known, at the size asked for (a HiDPI screen asks again for larger), so
/// they decode while SDL sets up its video. A trips file is known at once; a
/// library is listed on its own thread, which asks for its first photos the
/// moment it has them (the app it lays them out with is thrown away; the
/// frame loop's own is made once the display is open). Before even that, a
/// library's first photos of last time start on a guess (`FirstPhotosGuess`).
public struct FirstPhotos: Sendable {
    let loader: PhotoLoader
    let pixelScale: Double
    /// Kept for the next start; nil for a replay, which keeps nothing.
    let guess: FirstPhotosGuess?
    let verbose: Bool
    let elapsed: @Sendable () -> Double
    let log: @Sendable (String) -> Void

    public init(loader: PhotoLoader, pixelScale: Double, guess: FirstPhotosGuess?, verbose: Bool,
                elapsed: @escaping @Sendable () -> Double, log: @escaping @Sendable (String) -> Void) {
        self.loader = loader
        self.pixelScale = pixelScale
        self.guess = guess
        self.verbose = verbose
        self.elapsed = elapsed
        self.log = log
    }

    /// Starts the first decodes of `catalog`'s trips in a window of
    /// `points`; returns the app made for trips known now (the frame loop's),
    /// or nil while a library is listed (its own thread then asks, through
    /// `makeApp`).
    public func start(_ catalog: LaunchCatalog, points: CGSize, makeApp: @escaping @Sendable (TripCatalog) -> AppModel) -> AppModel? {
        if let ready = catalog.ready {
            let app = makeApp(ready)
            ask(for: app)
            return app
        }
        if let library = catalog.library {
            if let guess { loader.guess(guess.load(refused: { log("trips: \($0)") }), thumbnailTarget: thumbnailTarget(OverviewLayout(size: points, itemCount: 1).photoSize)) }
            library.prepare { [self] in ask(for: makeApp($0)) }
        }
        return nil
    }

    /// Asks for what `app`'s first frame shows, and keeps it as the next guess.
    func ask(for app: AppModel) {
        let asked = loader.prefetch(app.scene().photoNumbers, photoPaths: app.catalog.allPhotoPaths,
                                    thumbnailTarget: thumbnailTarget(app.layout.photoSize))
        if verbose { log(String(format: "trips: first photos asked for after %.1f ms", elapsed() * 1000)) }
        do { try guess?.save(asked) } catch { log("trips: cannot keep the first photos for the next start: \(error)") }
    }

    private func thumbnailTarget(_ stripPhoto: CGSize) -> (width: Int, height: Int) {
        (Int((stripPhoto.width * pixelScale).rounded(.up)), Int((stripPhoto.height * pixelScale).rounded(.up)))
    }
}
