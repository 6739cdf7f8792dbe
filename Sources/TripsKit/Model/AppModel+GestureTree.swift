import Foundation

/// The gesture engine's hit-test tree, read from the same layout walk as
/// the scene and the accessibility elements.
extension AppModel {
    /// The hit-test tree for the next touch: what is on screen now. The
    /// attract loop has nothing to touch: a touch ends the loop before any
    /// gesture sees it.
    func rebuildTree() {
        engine.root = layoutWalk().gestureTree(window: size)
    }

    /// Where the Overview's Playground button is, at the title's end.
    var playgroundButtonFrame: CGRect {
        let t = layout.title
        return CGRect(x: t.maxX - 130, y: t.minY + 2, width: 130, height: 36)
    }
}
