/// The one rule for putting text into HTML: `&`, `<`, `>`, `"` and `'` become entities, which is
/// safe in element content and in quoted attribute values alike, and a C0 control character
/// other than tab, line feed and carriage return (which HTML does not allow) becomes U+FFFD.
///
/// Everything enote writes as HTML escapes text through it: the web pages, `enote export
/// --html`, search snippets and the heading ids of rendered notes.
package enum HTMLEscaping {
    /// `text`, escaped.
    package static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 { append(byte, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one byte of UTF-8 text to `out`, escaped. Every character replaced is ASCII, so
    /// text can be escaped a byte at a time and the bytes of other characters copied as they are.
    @inline(__always)
    package static func append(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out += "&amp;".utf8
        case UInt8(ascii: "<"): out += "&lt;".utf8
        case UInt8(ascii: ">"): out += "&gt;".utf8
        case UInt8(ascii: "\""): out += "&quot;".utf8
        case UInt8(ascii: "'"): out += "&#39;".utf8
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): out.append(byte)
        case 0..<0x20: out += "\u{FFFD}".utf8
        default: out.append(byte)
        }
    }
}
