/// What changed between two trees, as the AT-SPI events a screen reader
/// follows without polling; in the order they are sent.
public enum AccessibleEvent: Equatable, Sendable {
    /// `object:children-changed:add/remove` on the frame, with the child's index.
    case childAdded(key: String, index: Int)
    case childRemoved(key: String, index: Int)
    /// `object:property-change:accessible-name` / `-description`, with the new string.
    case nameChanged(key: String, name: String)
    case descriptionChanged(key: String, description: String)
    /// `object:state-changed:focused`, 0 on the old node, then 1 on the new.
    case focusChanged(key: String, focused: Bool)
    /// `window:activate` / `window:deactivate` with the frame's ACTIVE state.
    case windowActivated(Bool)

    /// The events that take a reader from `old` to `new` (nil: nothing was
    /// published yet, so only what a reader must hear now: the window's
    /// state and the focus).
    public static func changes(from old: AccessibleTree?, to new: AccessibleTree) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        let oldNodes = old?.nodes ?? []
        let newKeys = Set(new.nodes.map(\.key)), oldKeys = Set(oldNodes.map(\.key))
        if old != nil {
            // Removed from the end first, so each index is right when it is sent.
            for (index, node) in oldNodes.enumerated().reversed() where !newKeys.contains(node.key) {
                events.append(.childRemoved(key: node.key, index: index))
            }
            for (index, node) in new.nodes.enumerated() where !oldKeys.contains(node.key) {
                events.append(.childAdded(key: node.key, index: index))
            }
            let before = Dictionary(oldNodes.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for node in new.nodes {
                guard let was = before[node.key] else { continue }
                if was.name != node.name { events.append(.nameChanged(key: node.key, name: node.name)) }
                if was.description != node.description { events.append(.descriptionChanged(key: node.key, description: node.description)) }
            }
        }
        if old?.active != new.active && (old != nil || new.active) { events.append(.windowActivated(new.active)) }
        let focusBefore = old?.focusedKey, focusNow = new.focusedKey
        if focusBefore != focusNow {
            // A node that went away lost the focus with it (its removal says
            // so): an event on it would send a reader to a dead object.
            if let focusBefore, newKeys.contains(focusBefore) { events.append(.focusChanged(key: focusBefore, focused: false)) }
            if let focusNow { events.append(.focusChanged(key: focusNow, focused: true)) }
        }
        return events
    }
}
