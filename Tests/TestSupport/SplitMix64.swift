/// SplitMix64: a tiny seeded generator shared by the property, fuzz and
/// round-trip tests and the fuzz's generator, so any failing stream can be
/// made again from its seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
    /// Uniform in 0..<n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// Uniform in a..<b.
    public mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    /// Uniform in a...b, both included.
    public mutating func range(_ a: Int, _ b: Int) -> Int { a + below(b - a + 1) }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
