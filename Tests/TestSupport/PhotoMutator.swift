/// Seeded mutations of a valid image file, the naive kind that found the
/// decoder crashes in Tests/e2e/fuzz-regressions/: a few bytes changed, set
/// to boundary values, a run zeroed or repeated, or the file cut short.
/// Shared by the decode fuzz test and the longer fuzz of `make bench`.
public enum PhotoMutator {
    public static func mutate(_ bytes: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        guard out.count > 8 else { return out }
        for _ in 0..<rng.range(1, 4) {
            // Mostly past the signature, so the decoder (not the header check) meets it.
            let position = rng.chance(85) ? rng.range(min(16, out.count - 1), out.count - 1) : rng.below(out.count)
            switch rng.below(6) {
            case 0: out[position] ^= UInt8(1 << rng.below(8))
            case 1: out[position] = [0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE][rng.below(6)]
            case 2: out[position] = UInt8(truncatingIfNeeded: rng.next())
            case 3:
                let end = min(out.count, position + rng.range(1, 64))
                for i in position..<end { out[i] = 0 }
            case 4:
                let end = min(out.count, position + rng.range(1, 256))
                out.insert(contentsOf: out[position..<end], at: position)
            default:
                if rng.chance(30) { out.removeSubrange(max(8, position)...) }
            }
            if out.count <= 8 { break }
        }
        return out
    }
}
