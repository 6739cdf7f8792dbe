/// A part of a picture decoded at 1/`level` of its size: the pixels at
/// `x`, `y` of `width` x `height` in that smaller picture.
public struct DecodeRegion: Equatable, Sendable {
    public var level: Int
    public var x, y, width, height: Int

    public init(level: Int, x: Int, y: Int, width: Int, height: Int) {
        self.level = level
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
