import Foundation
import TripsKit

/// A drop's folders and photos read off the loop's thread (the model's
/// `openAsked`): a dropped folder of thousands of photos is listed and its
/// capture times read while the window keeps drawing and answering. The
/// loop takes what was read and hands it to the model (`AppDriver.opened`).
final class DropReader {
    private let opener: PathOpener
    private let wake = RegisteredEvent()
    private let ready = Ready()

    /// What the reading threads finished, for the loop to take; guarded by its lock.
    private final class Ready: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Result<PathOpener.Opened, Error>] = []
        func add(_ item: Result<PathOpener.Opened, Error>) { lock.withLock { items.append(item) } }
        func take() -> [Result<PathOpener.Opened, Error>] { lock.withLock { defer { items.removeAll() }; return items } }
    }

    init(opener: PathOpener) {
        self.opener = opener
    }

    /// Starts reading `paths` (relative ones from the working directory).
    func read(_ paths: [String]) {
        let directory = FileManager.default.currentDirectoryPath
        let thread = Thread { [opener, ready, wake] in
            ready.add(Result { try opener.open(paths, from: directory) })
            wake.push()
        }
        thread.name = "trips-drop"
        thread.start()
    }

    /// On the loop's thread: what was read since last asked, in the order it finished.
    func take() -> [Result<PathOpener.Opened, Error>] { ready.take() }
}
