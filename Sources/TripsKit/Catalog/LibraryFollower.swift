/// Keeps a live app's trips in step with its photo library: the dates read
/// in the background once they settle, and photos added to or removed from
/// the folder, without a restart. Asked once a turn of the frame loop; a new
/// list waits in the model for the fingers to lift (`offerCatalog`).
public final class LibraryFollower {
    let library: LibraryLoader
    /// Whether the folder changed since last asked (its watcher).
    let folderChanged: () -> Bool
    /// Photos still being copied in, which join no trip until they are whole.
    let beingWritten: () -> Set<String>
    /// Forgets the photos that failed and have changed since, so a bad
    /// photo replaced under the same name is tried again; true when any was.
    let forgetChangedFailures: () -> Bool
    let verbose: Bool
    let log: (String) -> Void
    /// Whether the folder could not be read last time (a drive unplugged):
    /// one line when it goes, one when it is back, none between.
    private var unreadable = false

    public init(library: LibraryLoader, folderChanged: @escaping () -> Bool, beingWritten: @escaping () -> Set<String> = { [] },
                forgetChangedFailures: @escaping () -> Bool, verbose: Bool, log: @escaping (String) -> Void) {
        self.library = library
        self.folderChanged = folderChanged
        self.beingWritten = beingWritten
        self.forgetChangedFailures = forgetChangedFailures
        self.verbose = verbose
        self.log = log
    }

    /// Offers the model, through its driver, what changed; true when it
    /// shows something new. A folder that cannot be read now keeps what the
    /// app has, with a line.
    public func changes(for driver: AppDriver) -> Bool {
        var changed = false
        if let settled = library.takeSettled() { changed = driver.offer(settled) }
        if folderChanged() {
            changed = forgetChangedFailures() || changed
            do {
                let updated = try library.reload(excluding: beingWritten())
                if unreadable {
                    unreadable = false
                    log("trips: \(library.folder) can be read again")
                } else if verbose {
                    log("trips: \(library.folder) changed: \(updated.allPhotoPaths.count) photos")
                }
                changed = driver.offer(updated) || changed
            } catch {
                if !unreadable { log("trips: \(error); still showing the photos it had") }
                unreadable = true
            }
        }
        return changed
    }
}
