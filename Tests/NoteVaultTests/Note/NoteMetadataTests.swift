import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY rows 22–25: what the note's fields are when front matter is odd.
@Suite("NoteMetadata")
struct NoteMetadataTests {
    static func content(_ text: String, path: String = "note.md") -> NoteContent {
        NoteContent(bytes: Array(text.utf8), path: path)
    }

    // MARK: Row 22: no closing fence, letterhead, front matter only, empty file

    @Test(arguments: [
        ("---\ntitle: Plan\nBody\n", Diagnostic.Kind.frontMatterNotClosed, 1),
        ("\u{FEFF}---\r\ntitle: Plan\r\n", .frontMatterNotClosed, 1),
        ("---\nDear John,\nthanks for the call.\n---\nText\n", .frontMatterNotMapping, 2),
        ("---\n\n# comment\n- a list\n---\nText\n", .frontMatterNotMapping, 4),
        ("---\n  indented: x\n---\nText\n", .frontMatterNotMapping, 2),
    ])
    func noFrontMatterMeansTheWholeFileIsTheBody(_ text: String, _ kind: Diagnostic.Kind, _ line: Int) {
        let content = Self.content(text)
        let bom = text.hasPrefix("\u{FEFF}") ? 3 : 0
        #expect(content.frontMatter == .absent)
        #expect(content.bodyStart == bom)
        #expect(Array(content.bodyBytes) == Array(Array(text.utf8)[bom...]))
        #expect(content.metadata == NoteMetadata())
        #expect(content.diagnostics.map(\.kind) == [kind])
        #expect(content.diagnostics.first?.severity == .warning)
        #expect(content.diagnostics.first?.location == "note.md:\(line)")
        // A --- block enote does not read is never given a second block in front of it.
        #expect(content.isEditable == (kind == .frontMatterNotClosed))
        #expect(!content.body.lines.isEmpty)
    }

    @Test func letterheadIsSearchableAsBody() {
        let content = Self.content("---\nDear John,\n---\nThanks\n")
        #expect(content.body.plainText.contains("Dear John,"))
        #expect(content.body.plainText.contains("Thanks"))
    }

    @Test(arguments: ["---\ntitle: Plan\n---\n", "---\ntitle: Plan\n---", "---\n---\n", ""])
    func frontMatterOnlyAndEmptyNotesAreValid(_ text: String) {
        let content = Self.content(text)
        #expect(content.diagnostics.isEmpty)
        #expect(content.isEditable)
        #expect(content.body.lines.isEmpty)
        #expect(content.bodyText.isEmpty)
    }

    // MARK: Row 23: duplicate keys

    @Test func duplicateTitleUsesTheFirstAndWarnsWithBothLines() {
        let content = Self.content("---\ntitle: First\ncolor: red\ntitle: Second\n---\n")
        #expect(content.metadata.title == "First")
        #expect(content.headline.title == "First")
        let warning = content.diagnostics.first { $0.kind == .duplicateKey }
        #expect(warning?.severity == .warning)
        #expect(warning?.line == 4)
        #expect(warning?.message.english.contains("lines 2 and 4") == true)
        #expect(content.isEditable)
    }

    @Test(arguments: [
        ("---\ndestroy: 2020-01-01\ndestroy: 2020-01-02\n---\n", [2, 3]),
        ("---\ndestroy: 2020-01-01\ntitle: x\nexpires: 2020-01-01\n---\n", [2, 4]),
        ("---\nexpires: 2020-01-01\nexpires: nonsense\n---\n", [2, 3]),
    ])
    func duplicateDestroyIsAmbiguousAndNeverDestroys(_ text: String, _ lines: [Int]) {
        let content = Self.content(text)
        #expect(content.metadata.destroy == .ambiguous(lines: lines))
        #expect(content.metadata.destroy.validDate == nil)
        let warning = content.diagnostics.first { $0.kind == .duplicateKey }
        #expect(warning?.message.english.contains("lines \(lines[0]) and \(lines[1])") == true)
        #expect(warning?.message.english.contains("will not be destroyed") == true)
    }

    @Test func colorAndColourTogetherUseTheFirst() {
        let content = Self.content("---\ncolour: red\ncolor: blue\n---\n")
        #expect(content.metadata.color == .palette(.red))
        #expect(content.diagnostics.contains { $0.kind == .duplicateKey && $0.message.english.contains("lines 2 and 3") })
    }

    // MARK: Row 24: typed scalars stay literal

    @Test(arguments: ["yes", "NO", "1.10", "2024-01-01", "null", "~", "true", "0x1F", "1e3", "-1"])
    func typedLookingTitlesStayLiteral(_ title: String) {
        let content = Self.content("---\ntitle: \(title)\n---\nBody\n")
        #expect(content.metadata.title == title)
        #expect(content.headline.title == title)
        #expect(content.diagnostics.isEmpty)
    }

    @Test func anchorLikeTitleStaysLiteralWithAWarning() {
        let content = Self.content("---\ntitle: &x foo\n---\n")
        #expect(content.metadata.title == "&x foo")
        let warning = content.diagnostics.first
        #expect(warning?.kind == .invalidValue && warning?.location == "note.md:2:8")
        #expect(warning?.message.english.contains("quote") == true)
    }

    @Test(arguments: ["colour: #ff0000", "color: #FF0000", "colour: #ff0000   # brand"])
    func unquotedHexColourIsReadWithAWarning(_ line: String) {
        let content = Self.content("---\n\(line)\n---\n")
        #expect(content.metadata.color == .rgb(.init(red: 255, green: 0, blue: 0)))
        #expect(content.metadata.hasColor)
        #expect(content.frontMatter != .absent)
        #expect(content.diagnostics.count == 1)
        #expect(content.diagnostics.first?.severity == .warning)
        #expect(content.diagnostics.first?.message.english.contains("quotes") == true)
    }

    @Test(arguments: ["color: blurple", "color: hsb(400, 0%, 0%)", "color: [red, blue]", "colour: \"#12345\""])
    func invalidColourFallsBackToWhiteWithAWarning(_ line: String) {
        let content = Self.content("---\n\(line)\n---\n")
        #expect(content.metadata.color == .default)
        #expect(!content.metadata.hasColor)
        #expect(content.diagnostics.map(\.kind) == [.invalidValue])
        #expect(content.diagnostics.first?.line == 2)
    }

    // MARK: Row 25: invalid destroy dates

    @Test(arguments: [
        "destroy: 2024-13-45", "destroy: 01/06/2024", "destroy: tomorrow", "destroy:", "destroy: \"\"",
        "destroy: [2024-01-01, 2024-01-02]", "destroy:\n  - 2024-01-01", "destroy: 2024-02-30", "expires: 0000-00-00",
        "destroy: 1970-01-01T25:00",
    ])
    func invalidDestroyDateKeepsTheNote(_ line: String) {
        let content = Self.content("---\n\(line)\ntitle: x\n---\n")
        guard case .invalid = content.metadata.destroy else {
            Issue.record("expected invalid, got \(content.metadata.destroy)")
            return
        }
        #expect(content.metadata.destroy.validDate == nil)
        #expect(content.diagnostics.map(\.kind) == [.invalidValue])
        #expect(content.diagnostics.first?.line == 2)
        #expect(content.diagnostics.first?.message.english.contains("kept") == true)
    }

    @Test(arguments: [
        ("destroy: 2024-02-29", "2024-02-29"), ("expires: 2026-12-01 18:00", "2026-12-01T18:00:00"),
        ("destroy: \"2026-12-01T18:00:00+03:00\"", "2026-12-01T18:00:00+03:00"),
    ])
    func validDestroyDate(_ line: String, _ canonical: String) {
        let content = Self.content("---\n\(line)\n---\n")
        #expect(content.metadata.destroy.validDate?.description == canonical)
        #expect(content.diagnostics.isEmpty)
    }

    @Test func otherFields() {
        let content = Self.content("---\nupdated: 2026-11-22T10:47:00+03:00\ncreated: not a date\norder: -1.5\ntags: a, b c\nx-key: [1]\n---\n")
        #expect(content.metadata.updated?.description == "2026-11-22T10:47:00+03:00")
        #expect(content.metadata.created == nil)
        #expect(content.metadata.order == "-1.5")
        #expect(content.metadata.tags == ["a", "b", "c"])
        #expect(content.metadata.fields.map(\.key) == ["updated", "created", "order", "tags", "x-key"])
        #expect(content.diagnostics.map(\.line) == [3])
    }
}
