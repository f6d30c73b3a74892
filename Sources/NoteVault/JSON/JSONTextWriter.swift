/// Writes JSON text, the one printer behind ``JSONTextEncoder``: members in the order written,
/// two-space indentation when pretty, empty containers as `[]` and `{}`, and every control
/// character escaped (also C1 controls and the line and paragraph separators), so output is
/// stable for scripts and safe to show.
package struct JSONTextWriter {
    package private(set) var output = ""
    package let pretty: Bool
    /// The members or elements written so far in each open container, innermost last.
    private var counts: [Int] = []

    package init(pretty: Bool) {
        self.pretty = pretty
    }

    /// How many containers are open.
    var depth: Int { counts.count }

    mutating func beginObject() {
        output += "{"
        counts.append(0)
    }

    mutating func beginArray() {
        output += "["
        counts.append(0)
    }

    /// Ends the innermost container: `}` or `]`, on a line of its own unless it is empty.
    mutating func end(object: Bool) {
        let written = counts.removeLast()
        if written > 0 { newline() }
        output += object ? "}" : "]"
    }

    /// Starts the next member of the innermost container, an object: its name and colon.
    mutating func key(_ name: String) {
        nextItem()
        Self.writeString(name, to: &output)
        output += pretty ? ": " : ":"
    }

    /// Starts the next element of the innermost container, an array.
    mutating func nextItem() {
        if counts[counts.count - 1] > 0 { output += "," }
        counts[counts.count - 1] += 1
        newline()
    }

    mutating func string(_ text: String) { Self.writeString(text, to: &output) }
    mutating func bool(_ value: Bool) { output += value ? "true" : "false" }
    mutating func null() { output += "null" }

    /// A number: integral values below 10^15 without a fraction, others as Swift prints a Double.
    mutating func number(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 { output += String(Int64(value)) } else { output += String(value) }
    }

    private mutating func newline() {
        guard pretty else { return }
        output += "\n"
        for _ in 0..<counts.count { output += "  " }
    }

    /// `text` quoted and escaped. Text with nothing to escape (the common case) is appended in one
    /// piece.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        if text.utf8.contains(where: needsCare) {
            writeEscaped(text, to: &output)
        } else {
            output += text
        }
        output += "\""
    }

    /// Whether a UTF-8 byte may begin something to escape: an ASCII control, DEL, `"`, `\`, or the
    /// lead byte of U+0080…U+009F (0xC2) or of U+2028 and U+2029 (0xE2).
    private static func needsCare(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    private static func writeEscaped(_ text: String, to output: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar == "\u{2028}" || scalar == "\u{2029}"
                {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
    }
}
