import Foundation

/// Past an edge what a finger drags follows it less and less (UIKit's
/// rubber band: c·d·x / (d + c·x) with c = 0.55, d the dimension dragged
/// across): the strip past its ends, the big photo toward a missing page.
enum RubberBand {
    /// `raw` kept as it is from `lower` to `upper`, resisted beyond them.
    static func resisted(_ raw: CGFloat, lower: CGFloat, upper: CGFloat, dimension: CGFloat) -> CGFloat {
        let c: CGFloat = 0.55, d = max(1, dimension)
        if raw < lower { let x = lower - raw; return lower - c * d * x / (d + c * x) }
        if raw > upper { let x = raw - upper; return upper + c * d * x / (d + c * x) }
        return raw
    }
}
