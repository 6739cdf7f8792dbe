import Foundation

/// A colour space given as numbers rather than an ICC profile: a HEIF's
/// `nclx` colour box (ITU-T H.273's colour primaries and transfer
/// characteristics), as Android phones and cameras write it. The primaries
/// and white point are chromaticities; the transfer curve turns a coded
/// value (0...1) into light relative to the screen's white, which is what
/// a Little CMS tone curve is (`ColourConversion` builds the profile).
/// The matrix coefficients are not here: libheif already uses them to turn
/// YCbCr into RGB.
///
/// HDR (PQ, HLG) is tone mapped to what an sRGB screen can show:
/// - PQ: absolute light, BT.2408's reference white (203 cd/m²) taken as
///   the screen's white;
/// - HLG: scene light through the BT.2100 system gamma of 1.2 (a 1000 cd/m²
///   display), its reference white (a coded 0.75) taken as the screen's white;
/// - then light up to `knee` (0.75 of white) is kept as it is and light
///   above rolls off towards white as t / (1 + t) (Reinhard's curve on
///   the excess, the slope 1 where it starts), so highlights up to many
///   times white stay apart instead of clipping (1000 cd/m² of PQ is 0.99). Each channel is mapped on its own (simple,
///   and hue shifts only in the highlights).
public struct ColourDescription: Equatable, Sendable {
    /// A CIE 1931 xy chromaticity.
    public struct Chromaticity: Equatable, Sendable {
        public var x: Double, y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    public enum Transfer: Equatable, Sendable {
        /// IEC 61966-2-1's curve (13); BT.709's (1, 6, 14, 15) is taken as
        /// it too, as screens show such pictures (undone by the display's
        /// gamma rather than inverted exactly).
        case sRGB
        case gamma(Double)
        case linear
        /// SMPTE ST 2084 (16), tone mapped as above.
        case pq
        /// ARIB STD-B67 (18), tone mapped as above.
        case hlg
    }

    public var red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity
    public var transfer: Transfer

    public init(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity, transfer: Transfer) {
        (self.red, self.green, self.blue, self.white, self.transfer) = (red, green, blue, white, transfer)
    }

    /// The transfer of an H.273 code; unspecified or unknown codes are sRGB's.
    public static func transfer(code: Int) -> Transfer {
        switch code {
        case 4: return .gamma(2.2)
        case 5: return .gamma(2.8)
        case 8: return .linear
        case 16: return .pq
        case 18: return .hlg
        default: return .sRGB
        }
    }

    /// sRGB's own primaries (BT.709's) and D65 white.
    static let sRGBPrimaries = [Chromaticity(x: 0.64, y: 0.33), Chromaticity(x: 0.30, y: 0.60),
                                Chromaticity(x: 0.15, y: 0.06), Chromaticity(x: 0.3127, y: 0.3290)]

    /// True when the pixels are sRGB already: nothing to convert.
    public var isSRGB: Bool {
        transfer == .sRGB && zip([red, green, blue, white], Self.sRGBPrimaries).allSatisfy { abs($0.x - $1.x) < 0.001 && abs($0.y - $1.y) < 0.001 }
    }

    /// Where the HDR shoulder starts, relative to white.
    public static let knee = 0.75

    /// The light of a coded `value` (0...1), relative to the screen's white
    /// (1), tone mapped for HDR; never above 1, rising with `value`.
    public func light(_ value: Double) -> Double {
        let v = min(max(value, 0), 1)
        switch transfer {
        case .sRGB: return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        case .gamma(let g): return pow(v, g)
        case .linear: return v
        case .pq: return Self.shoulder(Self.pqNits(v) / 203)
        case .hlg: return Self.shoulder(pow(Self.hlgScene(v), 1.2) / pow(Self.hlgScene(0.75), 1.2))
        }
    }

    /// SMPTE ST 2084's EOTF: cd/m² of a coded value.
    static func pqNits(_ v: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(v, 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// ARIB STD-B67's inverse OETF: scene light (0...1) of a coded value.
    static func hlgScene(_ v: Double) -> Double {
        let a = 0.17883277, b = 0.28466892, c = 0.55991073
        return v <= 0.5 ? v * v / 3 : (exp((v - c) / a) + b) / 12
    }

    /// Light kept up to `knee`, then rolled off towards 1.
    static func shoulder(_ y: Double) -> Double {
        guard y > knee else { return max(y, 0) }
        let t = (y - knee) / (1 - knee)
        return knee + (1 - knee) * t / (1 + t)
    }
}
