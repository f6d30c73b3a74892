import Foundation

/// A note's colour: a palette name, an exact `"#RRGGBB"`, or a custom `hsb(H, S%, B%)`.
///
/// A custom colour keeps its three HSB components exactly as chosen, because converting HSB to
/// RGB loses information: `hsb(288, 0%, 100%)` is white but remembers its hue,
/// `hsb(360, 80%, 100%)` stays distinct from `hsb(0, 80%, 100%)`, and `hsb(72, 30%, 0%)` is black
/// that remembers hue and saturation, so a colour picker reopens where the user left it.
///
/// For example:
///
/// ```swift
/// let color = try NoteColor(parsing: "hsb(288, 0%, 100%)")
/// color.description   // "hsb(288, 0%, 100%)"
/// color.rgb           // RGB(red: 255, green: 255, blue: 255)
/// ```
public enum NoteColor: Hashable, Sendable, CustomStringConvertible {
    case palette(Palette)
    case rgb(RGB)
    case hsb(HSB)

    /// The colours every note app offers; `white` is the default.
    public enum Palette: String, CaseIterable, Sendable {
        case white, red, orange, yellow, green, blue, purple, pink, gray

        /// The palette colour on screen.
        public var rgb: RGB {
            switch self {
            case .white: RGB(red: 255, green: 255, blue: 255)
            case .red: RGB(red: 255, green: 59, blue: 48)
            case .orange: RGB(red: 255, green: 149, blue: 0)
            case .yellow: RGB(red: 255, green: 204, blue: 0)
            case .green: RGB(red: 52, green: 199, blue: 89)
            case .blue: RGB(red: 0, green: 122, blue: 255)
            case .purple: RGB(red: 175, green: 82, blue: 222)
            case .pink: RGB(red: 255, green: 45, blue: 85)
            case .gray: RGB(red: 142, green: 142, blue: 147)
            }
        }
    }

    /// An 8-bit sRGB colour.
    public struct RGB: Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb` in lowercase.
        public var description: String {
            "#"
                + [red, green, blue].map { byte in
                    let digits = String(byte, radix: 16)
                    return byte < 16 ? "0" + digits : digits
                }.joined()
        }
    }

    /// A colour as hue (degrees, 0–360), saturation and brightness (percent, 0–100).
    public struct HSB: Hashable, Sendable {
        public var hue: Double
        public var saturation: Double
        public var brightness: Double

        public init(hue: Double, saturation: Double, brightness: Double) {
            self.hue = hue
            self.saturation = saturation
            self.brightness = brightness
        }

        /// The sRGB colour on screen (this direction loses information; the HSB value is kept).
        public var rgb: RGB {
            let s = saturation / 100
            let v = brightness / 100
            let h = (hue.truncatingRemainder(dividingBy: 360)) / 60
            let sector = Int(h.rounded(.down))
            let f = h - Double(sector)
            let p = v * (1 - s)
            let q = v * (1 - s * f)
            let t = v * (1 - s * (1 - f))
            let (r, g, b): (Double, Double, Double)
            switch sector {
            case 0: (r, g, b) = (v, t, p)
            case 1: (r, g, b) = (q, v, p)
            case 2: (r, g, b) = (p, v, t)
            case 3: (r, g, b) = (p, q, v)
            case 4: (r, g, b) = (t, p, v)
            default: (r, g, b) = (v, p, q)
            }
            func byte(_ x: Double) -> UInt8 { UInt8((min(max(x, 0), 1) * 255).rounded()) }
            return RGB(red: byte(r), green: byte(g), blue: byte(b))
        }
    }

    /// Why a colour was refused.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var text: String
        public var reason: LocalizedMessage
        public var description: String { message.text }
        /// What is wrong with the text, as a sentence.
        public var message: LocalizedMessage { "\"\(text)\" is not a colour: \(reason)" }
    }

    /// The forms a user may write, for messages.
    public static let acceptedForms: LocalizedMessage =
        "use one of \(Palette.allCases.map(\.rawValue).joined(separator: ", ")), \"#RRGGBB\", or hsb(H, S%, B%)"

    /// The colour of a note without a `color` key.
    public static let `default` = NoteColor.palette(.white)

    /// Parses a colour as written in front matter or on the command line.
    public init(parsing text: String) throws(ParseError) {
        let trimmed = text.trimmedWhitespace()
        let lower = trimmed.lowercased()
        if let palette = Palette(rawValue: lower) ?? (lower == "grey" ? .gray : nil) {
            self = .palette(palette)
        } else if lower.hasPrefix("#") {
            self = .rgb(try Self.parseHex(trimmed))
        } else if lower.hasPrefix("hsb(") || lower.hasPrefix("hsb (") {
            self = .hsb(try Self.parseHSB(trimmed))
        } else {
            throw ParseError(text: text, reason: Self.acceptedForms)
        }
    }

    /// The colour on screen.
    public var rgb: RGB {
        switch self {
        case .palette(let palette): palette.rgb
        case .rgb(let rgb): rgb
        case .hsb(let hsb): hsb.rgb
        }
    }

    /// The canonical text enote writes: `red`, `#ff3b30`, `hsb(288, 0%, 100%)`.
    public var description: String {
        switch self {
        case .palette(let palette): palette.rawValue
        case .rgb(let rgb): rgb.description
        case .hsb(let hsb):
            "hsb(\(Self.format(hsb.hue)), \(Self.format(hsb.saturation))%, \(Self.format(hsb.brightness))%)"
        }
    }

    // MARK: - Parsing

    private static func parseHex(_ text: String) throws(ParseError) -> RGB {
        let digits = Array(text.dropFirst().utf8)
        guard digits.count == 6, digits.allSatisfy(isHexDigit), let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw ParseError(text: text, reason: "write an exact colour as \"#RRGGBB\" with six hexadecimal digits")
        }
        return RGB(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    private static func parseHSB(_ text: String) throws(ParseError) -> HSB {
        let usage: LocalizedMessage = "write a custom colour as hsb(H, S%, B%) with H in 0–360 and S, B in 0–100"
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            throw ParseError(text: text, reason: usage)
        }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3,
            let hue = number(parts[0], percent: false),
            let saturation = number(parts[1], percent: true),
            let brightness = number(parts[2], percent: true)
        else { throw ParseError(text: text, reason: usage) }
        guard (0...360).contains(hue) else { throw ParseError(text: text, reason: "hue \(format(hue)) is outside 0–360") }
        guard (0...100).contains(saturation), (0...100).contains(brightness) else {
            throw ParseError(text: text, reason: "saturation and brightness must be within 0%–100%")
        }
        return HSB(hue: hue, saturation: saturation, brightness: brightness)
    }

    /// A plain decimal with at most six decimal places (`12`, `12.5`); `%` optional for S and B.
    private static func number(_ text: String, percent: Bool) -> Double? {
        var text = Substring(text)
        if percent, text.hasSuffix("%") { text = text.dropLast() }
        if !percent, text.hasSuffix("°") { text = text.dropLast() }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty,
            pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            pieces.count == 1 || (1...6).contains(pieces[1].count)
        else { return nil }
        return Double(text)
    }

    /// Shortest decimal text for a component: `288`, `12.5`.
    package static func format(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(value)
        if text.contains("e") {
            text = String(Int((value * 1_000_000).rounded()))
            text = String(repeating: "0", count: max(0, 7 - text.count)) + text
            text.insert(".", at: text.index(text.endIndex, offsetBy: -6))
            while text.hasSuffix("0") { text.removeLast() }
        }
        return text
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
