/// Makes untrusted text (titles, descriptions, snippets, file names) safe to print on a
/// terminal: control characters — ESC that starts colour, title and clipboard sequences (OSC 0,
/// OSC 8, OSC 52), BEL, C1 controls — are shown as visible escapes (`\e`, `\a`, `\u{9B}`)
/// instead of being obeyed.
public enum SafeText {
    /// `text` with every control character escaped; newlines and tabs too unless kept.
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if keepingNewlines, scalar == "\n" || scalar == "\t" {
                out.unicodeScalars.append(scalar)
                continue
            }
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": out += "\\e"
            case "\u{07}": out += "\\a"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
