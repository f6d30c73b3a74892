import Foundation

extension NoteColor {
    /// The colour as hue, saturation and brightness, for a picker to start from: a custom
    /// colour's own three numbers exactly as written (`hsb(288, 0%, 100%)` keeps its hue 288,
    /// which no RGB value could give back), a palette or `#RRGGBB` colour converted from RGB.
    public var components: HSB {
        switch self {
        case .hsb(let hsb): return hsb
        case .palette, .rgb: return Self.components(of: rgb)
        }
    }

    /// A custom colour from a picker's three numbers as text (hue in degrees 0–360, saturation
    /// and brightness in percent 0–100, each a plain decimal), checked as `hsb(H, S%, B%)` is.
    /// - Throws: ``ParseError`` for a number that is missing, malformed or out of range.
    public init(hue: String, saturation: String, brightness: String) throws(ParseError) {
        let parts = [hue, saturation, brightness].map { $0.trimmingCharacters(in: .whitespaces) }
        try self.init(parsing: "hsb(\(parts[0]), \(parts[1])%, \(parts[2])%)")
        guard case .hsb = self else { throw ParseError(text: parts.joined(separator: ", "), reason: Self.acceptedForms) }
    }

    /// Hue, saturation and brightness of an RGB colour (hue 0 where it is undefined: greys).
    static func components(of rgb: RGB) -> HSB {
        let r = Double(rgb.red) / 255
        let g = Double(rgb.green) / 255
        let b = Double(rgb.blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let delta = high - low
        var hue = 0.0
        if delta > 0 {
            if high == r {
                hue = 60 * ((g - b) / delta).truncatingRemainder(dividingBy: 6)
            } else if high == g {
                hue = 60 * ((b - r) / delta + 2)
            } else {
                hue = 60 * ((r - g) / delta + 4)
            }
            if hue < 0 { hue += 360 }
        }
        let saturation = high == 0 ? 0 : delta / high * 100
        return HSB(hue: hue.rounded(), saturation: saturation.rounded(), brightness: (high * 100).rounded())
    }
}
