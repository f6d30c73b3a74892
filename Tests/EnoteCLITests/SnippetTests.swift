import NoteVault
import Testing

@testable import EnoteCLI

/// How a search snippet from the index (matches between `\u{2}` and `\u{3}`) is shown.
@Suite struct SnippetTests {
    static let marked = "first line\nsecond \u{2}match\u{3} here\r\nthird\u{1B}[31m"

    @Test("on a terminal: one line, matches in bold, control characters escaped")
    func terminalWithColour() {
        #expect(Snippet.terminal(Self.marked, bold: true) == "first line second \u{1B}[1mmatch\u{1B}[22m here\\r third\\e[31m")
    }

    @Test("without colour: the same line, no escape codes at all")
    func plain() {
        let shown = Snippet.terminal(Self.marked, bold: false)
        #expect(shown == "first line second match here\\r third\\e[31m")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("as HTML: escaped, matches in <mark>, one line")
    func html() {
        #expect(IndexedNote.htmlSnippet("a <b> & \u{2}c\u{3}\nd") == "a &lt;b&gt; &amp; <mark>c</mark> d")
    }
}
