/// How many terminal columns text takes: East Asian wide and fullwidth characters (kanji, kana,
/// hangul, fullwidth forms) and emoji take two, combining marks none.
public enum DisplayWidth {
    /// The width of `text` in columns.
    public static func of(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text.utf8) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// Whether every byte is a printable ASCII character (one column each): most titles and
    /// snippets, measured without breaking them into characters.
    private static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The width of one character.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }) {
            return 2
        }
        return of(first)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        // Below the combining marks (U+0300) every character is one column but the soft hyphen,
        // a format character: no property lookup for Latin text (a test checks the rule below
        // agrees).
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        return byProperties(scalar)
    }

    /// The width of a scalar from its Unicode properties.
    static func byProperties(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// The East Asian wide and fullwidth blocks.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        if isPrintableASCII(text.utf8) {
            var result = text.utf8.prefix(width - 1)
            while result.last == UInt8(ascii: " ") { result.removeLast() }
            return String(decoding: result, as: UTF8.self) + "…"
        }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        // "not …" reads as a gap: the ellipsis goes right after the last word.
        while result.last?.isWhitespace == true { result.removeLast() }
        return result + "…"
    }

    /// `text` padded with spaces to `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
