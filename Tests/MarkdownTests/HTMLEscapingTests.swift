import Testing

@testable import Markdown

/// The one rule for text in HTML, which every page, export, snippet and heading id uses.
@Suite struct HTMLEscapingTests {
    @Test(
        "each character HTML gives a meaning is an entity; everything else, control characters included, is kept",
        arguments: [
            ("Tom & Jerry <3 \"quotes\" 'single'", "Tom &amp; Jerry &lt;3 &quot;quotes&quot; &#39;single&#39;"),
            ("tab\tline\ncr\r", "tab\tline\ncr\r"),
            ("bell\u{7} esc\u{1B} form feed\u{C}", "bell\u{7} esc\u{1B} form feed\u{C}"),
            ("Ёлка 日本語 🙂 é", "Ёлка 日本語 🙂 é"),
            ("&amp;", "&amp;amp;"),
            ("", ""),
        ])
    func escapes(text: String, escaped: String) {
        #expect(HTMLEscaping.escape(text) == escaped)
    }

    @Test("escaping byte by byte gives the same as the whole text")
    func byteByByte() {
        let text = "a<b>&\"c\" 'd' Ж 🙂\u{1}"
        var out: [UInt8] = []
        for byte in text.utf8 { HTMLEscaping.append(byte, to: &out) }
        #expect(String(decoding: out, as: UTF8.self) == HTMLEscaping.escape(text))
    }

    @Test("element content keeps its quotes; & < > are escaped as everywhere")
    func contentOnly() {
        var out: [UInt8] = []
        for byte in "\"a\" & 'b' <c>".utf8 { HTMLEscaping.appendContent(byte, to: &out) }
        #expect(String(decoding: out, as: UTF8.self) == "\"a\" &amp; 'b' &lt;c&gt;")
    }
}
