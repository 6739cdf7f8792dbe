/// The Overview's colours and type sizes, in one place so drawing and tests
/// agree on what "background" is.
public struct Theme: Equatable, Sendable {
    public var background = RGBA(17, 18, 20)
    public var title = RGBA(245, 245, 247)
    public var primaryText = RGBA(235, 235, 240)
    public var secondaryText = RGBA(152, 152, 160)
    public var separator = RGBA(44, 44, 48)
    public var placeholder = RGBA(58, 58, 64)
    public var focus = RGBA(10, 132, 255)
    public var square = RGBA(255, 159, 10)
    public var circleRest = RGBA(10, 132, 255)
    public var circleActive = RGBA(255, 59, 48)
    public var titleSize: Double = 28
    public var rowTextSize: Double = 17
    public var secondarySize: Double = 15

    public init() {}
    public static let standard = Theme()
}
