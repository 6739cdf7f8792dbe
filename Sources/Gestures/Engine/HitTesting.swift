import Foundation

/// Identifies one attachment across rebuilt trees: the node's id and the
/// attachment's position among the node's modifiers.
struct AttachmentKey: Hashable {
    let node: String
    let index: Int
}

/// An attachment under a touch, with what its recognizer needs to know.
struct HitEntry {
    let key: AttachmentKey
    let attachment: Attachment
    let toLocal: Transform2D
    let size: CGSize
    let namedSpaces: [(String, Transform2D)]

    var simultaneous: Bool { attachment.kind == .simultaneous }

    func context(_ configuration: GestureEngine.Configuration) -> _GestureContext {
        _GestureContext(toLocal: toLocal, size: size, namedSpaces: namedSpaces, configuration: configuration)
    }
}

enum HitTester {
    private struct PathNode {
        let node: GestureNode
        let toLocal: Transform2D
        /// Modifiers from this index on apply: 0 when the touch is on what
        /// the node (or a child) draws, after the first content shape that
        /// contains it otherwise.
        let firstModifier: Int
    }

    /// The attachments under `point` (window points), in precedence order:
    /// inner views before their containers, a node's earlier attachments
    /// before its later ones, high-priority attachments first, masks applied.
    static func entries(in root: GestureNode, at point: CGPoint) -> [HitEntry] {
        var path: [PathNode] = []
        _ = visit(root, .identity, point, &path)
        var named: [(String, Transform2D)] = []
        var namedFor = [[(String, Transform2D)]](repeating: [], count: path.count)
        for k in stride(from: path.count - 1, through: 0, by: -1) {
            if let name = path[k].node.coordinateSpaceName { named.insert((name, path[k].toLocal), at: 0) }
            namedFor[k] = named
        }
        var entries: [HitEntry] = []
        for (k, element) in path.enumerated() {
            let node = element.node
            for (i, a) in node.attachments where i >= element.firstModifier {
                if !a.mask.contains(.subviews) { entries.removeAll() }
                guard a.mask.contains(.gesture) else { continue }
                // A drag inside claims its area (rule 19); a nested scroll
                // view does not: the two pans compete by axis.
                if a.kind == .scrollPan && entries.contains(where: {
                    $0.attachment.traits.startsDragImmediately && $0.attachment.kind != .scrollPan
                }) {
                    continue
                }
                let e = HitEntry(key: AttachmentKey(node: node.id, index: i), attachment: a, toLocal: element.toLocal,
                                 size: node.frame.size, namedSpaces: namedFor[k])
                if a.kind == .highPriority { entries.insert(e, at: 0) } else { entries.append(e) }
            }
        }
        return entries
    }

    /// Post-order: a hit node is appended after its hit descendants.
    private static func visit(_ node: GestureNode, _ parent: Transform2D, _ point: CGPoint, _ path: inout [PathNode]) -> Bool {
        guard node.allowsHitTesting else { return false }
        let toLocal = node.fromParent.concatenating(after: parent)
        let local = toLocal.apply(point)
        var childHit = false
        // Later children draw on top.
        for child in node.children.reversed() where visit(child, toLocal, point, &path) {
            childHit = true
            break
        }
        var first = -1
        if childHit || node.shape?.contains(local, in: node.frame.size) == true {
            first = 0
        } else {
            for (i, shape) in node.contentShapes where shape.contains(local, in: node.frame.size) {
                first = i + 1
                break
            }
        }
        guard first >= 0 else { return false }
        path.append(PathNode(node: node, toLocal: toLocal, firstModifier: first))
        return true
    }
}
