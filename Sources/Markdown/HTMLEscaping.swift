/// The one rule for putting text into HTML: `&`, `<` and `>` become entities everywhere, and `"`
/// and `'` too where the text may stand in a quoted attribute value. Nothing else changes: a
/// control character a note holds (an escape from pasted terminal output, a form feed) stays,
/// so that text shown in a form and saved again comes back byte for byte.
///
/// Everything enote writes as HTML escapes text through it: the web pages, `enote export
/// --html`, search snippets and the heading ids of rendered notes.
package enum HTMLEscaping {
    /// `text`, escaped for element content and quoted attribute values alike.
    package static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 { append(byte, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one byte of UTF-8 text to `out`, escaped for element content and quoted attribute
    /// values alike. Every character replaced is ASCII, so text can be escaped a byte at a time
    /// and the bytes of other characters copied as they are.
    @inline(__always)
    package static func append(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out += "&quot;".utf8
        case UInt8(ascii: "'"): out += "&#39;".utf8
        default: appendContent(byte, to: &out)
        }
    }

    /// Appends one byte of UTF-8 text to `out`, escaped for element content only (`& < >`): a
    /// search snippet, whose JSON form keeps its quotes as they are.
    @inline(__always)
    package static func appendContent(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out += "&amp;".utf8
        case UInt8(ascii: "<"): out += "&lt;".utf8
        case UInt8(ascii: ">"): out += "&gt;".utf8
        default: out.append(byte)
        }
    }
}
