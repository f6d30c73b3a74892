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

/// Snippets from the index mark matches with `\u{2}` … `\u{3}`; this shows them.
enum Snippet {
    /// Bold on a terminal with colour, `[match]`-free plain text otherwise; control characters
    /// escaped either way.
    static func terminal(_ snippet: String, bold: Bool) -> String {
        var flattened = ""
        flattened.unicodeScalars.append(contentsOf: snippet.unicodeScalars.lazy.map { $0 == "\n" ? " " : $0 })
        var out = ""
        for part in SafeText.escapedKeepingMarks(flattened) {
            switch part {
            case .text(let text): out += text
            case .open: out += bold ? "\u{1B}[1m" : ""
            case .close: out += bold ? "\u{1B}[22m" : ""
            }
        }
        return out
    }
}

extension SafeText {
    /// A piece of a marked snippet: escaped text, or the start or end of a match.
    enum Part {
        case text(String)
        case open
        case close
    }

    /// Splits a marked snippet into escaped text and match marks.
    static func escapedKeepingMarks(_ text: String) -> [Part] {
        var parts: [Part] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "\u{2}" || scalar == "\u{3}" {
                if !current.isEmpty { parts.append(.text(escaped(current))) }
                current = ""
                parts.append(scalar == "\u{2}" ? .open : .close)
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { parts.append(.text(escaped(current))) }
        return parts
    }
}
