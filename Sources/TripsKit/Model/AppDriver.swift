import Foundation
import PhotoFile

/// The one door into the model. Every source hands it timestamped inputs:
/// the SDL translator's events, the Wayland touchpad's, a screen reader's
/// actions, the library follower's offers of new trips, a replay script. It
/// lets the model's time pass, writes what `--record` keeps, and hands on,
/// one way, what the model says happened (`AppEvent`) to the `happened` it
/// was made with: live, saving the order and following the photos; in a
/// replay, printing event lines.
public final class AppDriver {
    public let app: AppModel
    private var recorder: ReplayRecorder?
    private let happened: (AppEvent) -> Void

    /// `recorder` writes every input handled (`--record`); nil: none.
    public init(app: AppModel, recorder: ReplayRecorder? = nil, happened: @escaping (AppEvent) -> Void = { _ in }) {
        self.app = app
        self.recorder = recorder
        self.happened = happened
    }

    /// Lets the model's time pass to `seconds` on the loop's clock; true when
    /// what it shows changed in a way a running animation does not tell.
    @discardableResult
    public func advance(to seconds: Double) -> Bool {
        let changed = app.advance(to: seconds)
        handOn()
        return changed
    }

    /// `input`, which happened at `seconds`: recorded, then handled. The
    /// caller has let the time pass to it (`advance(to:)`) as it sees fit:
    /// a key the reader held back is handled late, at its own time.
    public func handle(_ input: InputEvent, at seconds: Double) {
        recorder?.record(input, atMilliseconds: seconds * 1000)
        app.handle(input)
        handOn()
    }

    /// A new list of trips (the watched folder changed, dates settled): taken
    /// now, or once the fingers lift. True when taken now. A recording never
    /// holds it: a replay has no folder to follow.
    @discardableResult
    public func offer(_ catalog: TripCatalog) -> Bool {
        let taken = app.offerCatalog(catalog)
        handOn()
        return taken
    }

    /// The platform's word on the photos the attract loop waits for
    /// (`AppModel.photosAwaited`); true when it is news. A recording never
    /// holds it: a replay's photos count as decoded at once.
    @discardableResult
    public func learn(_ readiness: PhotoReadiness) -> Bool {
        app.learn(readiness)
    }

    /// The decode workers' reading of the photo at `path` for the
    /// properties panel (`AppModel.propertiesAwaited`), its place named;
    /// true when the panel shows it now. A recording never holds it: a
    /// replay asks the workers again.
    @discardableResult
    public func learn(_ properties: PhotoProperties, place: String?, of path: String) -> Bool {
        app.learnProperties(properties, place: place, of: path)
    }

    /// How the platform's copy to the clipboard (the model's `copy` event)
    /// ended, for the toast. Not recorded: the replay's copy is its own.
    public func copyEnded(_ outcome: CopyOutcome) {
        app.copyEnded(outcome)
        handOn()
    }

    /// The platform's word that the clip `photo` has no sound (`M` turned
    /// it on): the model turns it off and says so. Not recorded: a replay
    /// asks the worker again.
    public func clipHasNoSound(photo: Int) {
        app.learnNoSound(photo: photo)
        handOn()
    }

    /// What a drop opened, read off the loop's thread (the model's
    /// `openAsked`). Not recorded: the drop was, and a replay reads it again.
    public func opened(_ result: Result<PathOpener.Opened, Error>) {
        app.opened(result)
        handOn()
    }

    private func handOn() {
        for event in app.takeEvents() { happened(event) }
    }
}
