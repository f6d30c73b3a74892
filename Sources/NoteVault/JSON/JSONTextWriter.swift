/// Writes JSON text, the one printer behind ``JSONTextEncoder``: members in the order written,
/// two-space indentation when pretty, empty containers as `[]` and `{}`, and every control
/// character escaped (also C1 controls and the line and paragraph separators), so output is
/// stable for scripts and safe to show.
package struct JSONTextWriter {
    /// The UTF-8 bytes written so far: appending bytes costs less than appending to a `String`,
    /// which matters when a search answer or a listing of 100,000 notes is written.
    package private(set) var bytes: [UInt8] = []
    package let pretty: Bool
    /// The members or elements written so far in each open container, innermost last.
    private var counts: [Int] = []

    package init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(4096)
    }

    /// The text written so far.
    package var output: String { String(decoding: bytes, as: UTF8.self) }

    /// How many containers are open.
    var depth: Int { counts.count }

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        counts.append(0)
    }

    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        counts.append(0)
    }

    /// Ends the innermost container: `}` or `]`, on a line of its own unless it is empty.
    mutating func end(object: Bool) {
        let written = counts.removeLast()
        if written > 0 { newline() }
        bytes.append(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Starts the next member of the innermost container, an object: its name and colon.
    mutating func key(_ name: String) {
        nextItem()
        Self.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// Starts the next element of the innermost container, an array.
    mutating func nextItem() {
        if counts[counts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        newline()
    }

    mutating func string(_ text: String) { Self.writeString(text, to: &bytes) }
    mutating func bool(_ value: Bool) { bytes += (value ? "true" : "false").utf8 }
    mutating func null() { bytes += "null".utf8 }

    /// A whole number, exactly (an `Int64` beyond 2^53 loses nothing, as it would as a Double).
    mutating func integer(_ value: some BinaryInteger) { bytes += String(value).utf8 }

    /// A number: integral values below 10^15 without a fraction, others as Swift prints a Double.
    mutating func number(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 { bytes += String(Int64(value)).utf8 } else { bytes += String(value).utf8 }
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<counts.count { bytes += [UInt8(ascii: " "), UInt8(ascii: " ")] }
    }

    /// `text` quoted and escaped, as UTF-8 appended to `output`. Text with nothing to escape
    /// (the common case) is appended in one piece.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            if utf8.contains(where: needsCare) {
                writeEscaped(utf8, to: &output)
            } else {
                output.append(contentsOf: utf8)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether a UTF-8 byte may begin something to escape: an ASCII control, DEL, `"`, `\`, or the
    /// lead byte of U+0080…U+009F (0xC2) or of U+2028 and U+2029 (0xE2).
    private static func needsCare(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// Escapes valid UTF-8 (a Swift string's): `"`, `\`, and as `\uXXXX` every control
    /// character, DEL, the C1 controls U+0080…U+009F and U+2028, U+2029; `\n`, `\r`, `\t` by name.
    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        while index < utf8.count {
            // The bytes that stand for themselves, copied as one run (most of any text).
            var run = index
            while run < utf8.count, !needsCare(utf8[run]) { run += 1 }
            if run > index {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<run]))
                index = run
                if index == utf8.count { break }
            }
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                writeUnicodeEscape(UInt32(byte), to: &output)
            case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                // U+0080…U+009F: C2 followed by the code point's own byte.
                writeUnicodeEscape(UInt32(utf8[index + 1]), to: &output)
                index += 1
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                writeUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
                index += 2
            default:
                output.append(byte)
            }
            index += 1
        }
    }

    /// How many bytes from the start of `utf8` (valid UTF-8) fit in `limit` bytes once escaped
    /// as ``writeEscaped(_:to:)`` escapes them (the quotes around a string not counted); an
    /// escape is never split. The one rule of how long an escaped text is, for a reader that
    /// pages a long text to a bound (the MCP `read` tool).
    package static func escapedPrefix(_ utf8: UnsafeBufferPointer<UInt8>, fitting limit: Int) -> Int {
        var index = 0
        var size = 0
        while index < utf8.count {
            let byte = utf8[index]
            var length = 1
            var cost = 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): cost = 2
            case 0..<0x20, 0x7F: cost = 6
            case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                (length, cost) = (2, 6)
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                (length, cost) = (3, 6)
            default: break
            }
            guard size + cost <= limit else { break }
            size += cost
            index += length
        }
        return index
    }

    /// `\u` and four lowercase hexadecimal digits.
    private static func writeUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        output += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { output.append(digits[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
