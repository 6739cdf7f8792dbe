/// The order of trips the person made, as the app starts: the order read,
/// and the store each move is saved to (write then rename, never
/// half-written), or none when changes are not to be saved.
public struct SavedOrder: Sendable {
    /// What the app shows, which says where its order is kept.
    public enum Opened: Equatable, Sendable {
        /// The bundled trips or a `--trips` file.
        case trips
        /// A photo library's folder.
        case library(String)
        /// Photos given one by one.
        case photos
    }

    public private(set) var store: OrderStore?
    public private(set) var order: [String] = []

    /// `--state FILE` names the store; without it the bundled or given trips
    /// are saved in the default place, a photo library (`--photos DIR`,
    /// `trips DIR`) in a file of its own, keyed by its folder, and neither
    /// a replay nor photos opened one by one are saved. A damaged file is
    /// set aside and the default order used; one that cannot be read is
    /// left alone, and then nothing is saved over it. Each is said in one line.
    public init(stateFile: String?, replaying: Bool, opened: Opened, environment: [String: String], log: (String) -> Void) {
        let path: String? = switch opened {
        case .trips: OrderStore.defaultPath(environment: environment)
        case .library(let folder): OrderStore.defaultPath(library: folder, environment: environment)
        case .photos: nil
        }
        store = stateFile.map(OrderStore.init(path:)) ?? (replaying ? nil : path.map(OrderStore.init(path:)))
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
