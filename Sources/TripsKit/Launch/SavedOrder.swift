/// The order of trips the person made, as the app starts: the order read,
/// and the store each move is saved to (write then rename, never
/// half-written), or none when changes are not to be saved.
public struct SavedOrder: Sendable {
    public private(set) var store: OrderStore?
    public private(set) var order: [String] = []

    /// `--state FILE` names the store; without it the bundled or given trips
    /// are saved in the default place, and neither a replay nor a photo
    /// library (`--photos`, `trips PATH`) is saved. A damaged file is set
    /// aside and the default order used; one that cannot be read is left
    /// alone, and then nothing is saved over it. Each is said in one line.
    public init(stateFile: String?, replaying: Bool, library: Bool, environment: [String: String], log: (String) -> Void) {
        store = stateFile.map(OrderStore.init(path:))
            ?? (!replaying && !library ? OrderStore(path: OrderStore.defaultPath(environment: environment)) : nil)
        guard let store else { return }
        switch store.load() {
        case .missing: break
        case .loaded(let order): self.order = order
        case .corrupt(let reason, let setAside):
            log("trips: the saved order is damaged (\(reason)); it was kept as \(setAside) and the default order is used")
        case .unreadable(let reason):
            // Saving would replace a file we could not read: leave it alone.
            log("trips: the saved order cannot be read (\(reason)); using the default order, and changes to it will not be saved")
            self.store = nil
        }
    }
}
