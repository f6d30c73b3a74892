import Foundation

/// Writes front matter values as valid YAML that every reader (Obsidian, zk, Hugo, Jekyll, PyYAML)
/// reads back as the same string.
///
/// A value is written plain when that is unambiguous, and double-quoted otherwise: values that
/// YAML would read as another type (`yes`, `NO`, `1.10`, `null`, `2024-01-01`), that start with an
/// indicator (`#ff0000`, `[draft]`, `*x*`, `&a`), or that contain `": "` or `" #"`.
///
/// For example:
///
/// ```swift
/// YAMLWriter.scalar("Grocery list")   // Grocery list
/// YAMLWriter.scalar("#ff0000")        // "#ff0000"
/// YAMLWriter.scalar("Meeting: Q3")    // "Meeting: Q3"
/// YAMLWriter.flowList(["home", "a,b"]) // [home, "a,b"]
/// ```
package enum YAMLWriter {
    /// How a value should be read back.
    package enum Intent: Sendable {
        /// As a string, whatever it looks like.
        case string
        /// As written: a timestamp such as `2026-11-22T10:47:00+03:00` may stay plain.
        case timestamp
    }

    /// The YAML text for one scalar value.
    package static func scalar(_ value: String, intent: Intent = .string) -> String {
        canBePlain(value, inFlow: false, intent: intent) ? value : doubleQuoted(value)
    }

    /// A flow sequence: `[a, "b, c"]`.
    package static func flowList(_ items: [String]) -> String {
        "[" + items.map { canBePlain($0, inFlow: true, intent: .string) ? $0 : doubleQuoted($0) }.joined(separator: ", ") + "]"
    }

    /// A double-quoted scalar with YAML escapes.
    package static func doubleQuoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}": out += "\\0"
            case "\u{1B}": out += "\\e"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            case "\u{FEFF}": out += "\\uFEFF"
            default:
                if !isPrintable(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let width = scalar.value <= 0xFF ? 2 : 4
                    out += (width == 2 ? "\\x" : "\\u") + String(repeating: "0", count: max(0, width - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether `value` reads back as the same string when written without quotes.
    static func canBePlain(_ value: String, inFlow: Bool, intent: Intent) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        if first == " " || first == "\t" || last == " " || last == "\t" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if last == ":" { return false }
        if value.unicodeScalars.contains(where: { !isPrintable($0) || $0 == "\u{FEFF}" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return false
        }
        if value.contains(": ") || value.contains(" #") { return false }
        if inFlow, value.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        if intent == .string, resolvesToNonString(value) { return false }
        return true
    }

    /// Whether `scalar` may stand unescaped in what enote writes: YAML's `c-printable` set
    /// without tab, line breaks and NEL (U+0085, a line break to YAML 1.1). U+FFFE and U+FFFF
    /// are not printable, so they are escaped too.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Whether a YAML 1.1 or 1.2 reader would type this plain scalar as null, bool, number or
    /// timestamp.
    static func resolvesToNonString(_ value: String) -> Bool {
        let lower = value.lowercased()
        let special: Set<String> = [
            "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n",
            ".inf", "+.inf", "-.inf", ".nan", "<<", "=",
        ]
        if special.contains(lower) { return true }
        let scalars = Array(value.unicodeScalars)
        // Numbers: an optional sign, then digits, dots, underscores, exponent, or 0x/0o/0b.
        var body = scalars[...]
        if let sign = body.first, sign == "+" || sign == "-" { body = body.dropFirst() }
        if body.isEmpty { return false }
        let numberish = body.allSatisfy { "0123456789._eExXoObBabcdefABCDEF:+-".unicodeScalars.contains($0) }
        if numberish, body.contains(where: { ("0"..."9").contains($0) }) {
            let text = String(String.UnicodeScalarView(body))
            if text.hasPrefix("0x") || text.hasPrefix("0o") || text.hasPrefix("0b") { return true }
            if Double(text.replacingOccurrences(of: "_", with: "")) != nil { return true }
            if text.allSatisfy({ $0.isASCIIDigit || $0 == ":" || $0 == "_" || $0 == "." }) { return true }  // sexagesimal, 1.10.2
        }
        // Dates and timestamps: 2024-01-01…
        if scalars.count >= 10, scalars[0...3].allSatisfy({ ("0"..."9").contains($0) }), scalars[4] == "-" {
            return true
        }
        return false
    }
}
