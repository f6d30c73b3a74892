import Foundation
import Testing

@testable import NoteVault

@Suite("NoteContent")
struct NoteContentTests {
    @Test func readsFrontMatterBodyAndHeadline() throws {
        let text = "\u{FEFF}---\r\ntitle: Plan\r\ncolour: blue\r\ntags: [home, weekly]\r\n---\r\n# Step one\r\nStep two\r\n"
        let content = NoteContent(bytes: Array(text.utf8), path: "work/plan.md")
        #expect(content.textProblem == nil)
        #expect(content.isEditable)
        #expect(content.diagnostics.isEmpty)
        #expect(content.bodyText == "# Step one\r\nStep two\r\n")
        #expect(content.bodyStart == text.utf8.count - content.bodyText.utf8.count)
        #expect(content.body.lines == ["Step one", "Step two"])
        #expect(content.metadata.title == "Plan")
        #expect(content.metadata.color == .palette(.blue))
        #expect(content.metadata.tags == ["home", "weekly"])
        #expect(content.headline == NoteHeadline(frontMatterTitle: "Plan", body: content.body, fileName: "plan.md", isEmptyFile: false))
        guard case .parsed = content.frontMatter else { Issue.record("not parsed"); return }
    }

    @Test func noFrontMatterBodyStartsAfterTheBOM() {
        let content = NoteContent(bytes: Array("\u{FEFF}Hello\n".utf8), path: "a.md")
        #expect(content.frontMatter == .absent)
        #expect(content.bodyStart == 3)
        #expect(content.bodyText == "Hello\n")
        #expect(content.isEditable)
    }

    // MARK: - Bytes that are not a text note (RELIABILITY row 29)

    @Test(arguments: [
        (Array("abc\u{0}def".utf8), 3),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] as [UInt8], 8),
        ([0x00] as [UInt8], 0),
        (Array("---\ntitle: x\n---\n".utf8) + [0], 17),
    ])
    func nulByteIsNotText(_ bytes: [UInt8], _ offset: Int) {
        let content = NoteContent(bytes: bytes, path: "pics/photo.md")
        #expect(content.textProblem == .notText(offset: offset))
        #expect(!content.isEditable)
        #expect(content.frontMatter == .absent)
        #expect(content.body.lines.isEmpty)
        #expect(content.headline.title == "photo")
        #expect(content.metadata == NoteMetadata())
        #expect(content.diagnostics.count == 1)
        #expect(content.diagnostics.first?.kind == .notText)
        #expect(content.diagnostics.first?.description == "warning: pics/photo.md: not text (a NUL byte at byte offset \(offset)); it is listed by name only")
    }

    static let invalidUTF8: [([UInt8], Int)] = [
        (Array("caf".utf8) + [0xE9] + Array(" au lait".utf8), 3),  // Latin-1 é
        (Array("na".utf8) + [0xEF, 0x76, 0x65], 2),  // Latin-1 ï
        (Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\n".utf8), 14),
        (Array("ok é ".utf8) + [0xFF], 6),
        ([0xC0, 0xAF], 0),  // overlong "/"
        ([0xC1, 0xBF], 0),
        ([0xE0, 0x80, 0xAF], 0),  // overlong, 3 bytes
        ([0xF0, 0x80, 0x80, 0xAF], 0),  // overlong, 4 bytes
        (Array("a".utf8) + [0xED, 0xA0, 0x80], 1),  // UTF-16 surrogate D800
        ([0xED, 0xBF, 0xBF], 0),  // surrogate DFFF
        ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0x80], 0),  // lone continuation byte
        (Array("ab".utf8) + [0xE2, 0x82], 2),  // truncated at the end
        (Array("ab".utf8) + [0xE2, 0x82, 0x41], 2),  // truncated in the middle
    ]

    @Test(arguments: invalidUTF8)
    func invalidUTF8IsReportedWithItsOffset(_ bytes: [UInt8], _ offset: Int) {
        // Swift's own decoder agrees that these bytes are not UTF-8.
        #expect(String(validating: bytes, as: UTF8.self) == nil)
        let content = NoteContent(bytes: bytes, path: "latin1.md")
        #expect(content.textProblem == .invalidUTF8(offset: offset))
        #expect(content.bytes == bytes)
        #expect(!content.isEditable)
        #expect(content.headline.title == "latin1")
        #expect(content.diagnostics.first?.message.english.contains("byte offset \(offset)") == true)
        #expect(NoteContent.invalidUTF8Offset(bytes) == offset)
    }

    @Test(arguments: ["", "plain ASCII", "héllo", "Ёлка", "日本語", "😀👩‍💻", "\u{10FFFF}\u{E000}\u{D7FF}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"])
    func validUTF8IsAccepted(_ text: String) {
        #expect(NoteContent.invalidUTF8Offset(Array(text.utf8)) == nil)
        #expect(NoteContent(bytes: Array(text.utf8), path: "n.md").textProblem == nil)
    }

    @Test func tooLargeIsListedByNameOnly() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: NoteContent.maximumSize + 1)
        let content = NoteContent(bytes: bytes, path: "big/huge.md")
        #expect(content.textProblem == .tooLarge(size: NoteContent.maximumSize + 1))
        #expect(!content.isEditable)
        #expect(content.headline.title == "huge")
        #expect(content.body.lines.isEmpty)
        #expect(content.diagnostics.map(\.kind) == [.tooLarge])
        #expect(content.diagnostics.first?.message.english.contains("larger than 10 MiB") == true)
    }

    @Test func exactlyTheMaximumSizeIsRead() {
        var bytes = Array("# Big\n\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: NoteContent.maximumSize - bytes.count)
        let content = NoteContent(bytes: bytes, path: "big.md")
        #expect(content.textProblem == nil)
        #expect(content.headline.title == "Big")
    }

    @Test func unreadableInitializerKeepsTheName() {
        let content = NoteContent(unreadable: .tooLarge(size: 200 * 1_048_576), path: "media/video.md", fileName: "video.md")
        #expect(content.headline.title == "video")
        #expect(content.bytes.isEmpty)
        #expect(!content.isEditable)
        #expect(content.diagnostics.first?.kind == .tooLarge)
    }

    @Test(arguments: [
        ("---\ntitle: Meeting: Q3\n---\nBody\n", false),
        ("---\ntitle: ok\n---\nBody\n", true),
        ("Body only\n", true),
        ("---\nno closing fence\n", true),
        ("", true),
    ])
    func editableOnlyWhenFrontMatterIsReadable(_ text: String, _ editable: Bool) {
        #expect(NoteContent(bytes: Array(text.utf8), path: "n.md").isEditable == editable)
    }

    @Test func diagnosticLocationAndDescription() {
        let full = Diagnostic(.error, .frontMatterSyntax, file: "a/b.md", line: 3, column: 16, message: "bad")
        #expect(full.location == "a/b.md:3:16")
        #expect(full.description == "error: a/b.md:3:16: bad")
        #expect(Diagnostic(.warning, .duplicateKey, file: "b.md", line: 4, message: "m").location == "b.md:4")
        #expect(Diagnostic(.warning, .notText, file: "b.md", column: 2, message: "m").location == "b.md")
    }
}
