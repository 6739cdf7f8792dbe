import Foundation

/// One accessible element: what a screen reader says and where it is.
public struct AccessibilityElement: Equatable, Sendable {
    /// Which element this is, the same from frame to frame: its
    /// `ElementID`'s printed form ("title", "strip:lisbon", "big-photo",
    /// "button:playground"), the focus's name when it is focused, so a
    /// screen reader's bridge follows an element and knows the focused one.
    public var id: String
    public var label: String
    public var value: String
    public var traits: [String]
    public var frame: CGRect
    /// A number the element stands for, where it has one (the big photo's
    /// zoom): what a reader's Value interface reads. Not in snapshots,
    /// whose `value` says it in words.
    public var range: Range?

    /// The current number, its bounds and the step a key moves it by.
    public struct Range: Equatable, Sendable {
        public var current: Double
        public var minimum: Double
        public var maximum: Double
        public var step: Double

        public init(current: Double, minimum: Double, maximum: Double, step: Double) {
            (self.current, self.minimum, self.maximum, self.step) = (current, minimum, maximum, step)
        }
    }

    public init(id: String, label: String, value: String, traits: [String], frame: CGRect, range: Range? = nil) {
        self.id = id
        self.label = label
        self.value = value
        self.traits = traits
        self.frame = frame
        self.range = range
    }
}
