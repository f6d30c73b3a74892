import Foundation
import Testing

@testable import NoteVault

/// The size limit of a note (``NoteContent/maximumSize``) is checked where notes are written, so
/// no way into the vault writes a note that enote then refuses to read.
@Suite("DurableWriter: the note size limit")
struct DurableWriterSizeTests {
    let sandbox: VaultSandbox
    let limit = NoteContent.maximumSize

    init() throws {
        sandbox = try VaultSandbox()
    }

    @Test("a new note over the limit is refused and nothing is left behind")
    func createOverTheLimit() throws {
        let vault = try sandbox.vault()

        #expect(throws: VaultError.self) {
            try vault.create(NewNote(title: "Big", body: String(repeating: "a", count: limit)))
        }
        #expect(sandbox.names().filter { $0 != ".enote" }.isEmpty, "\(sandbox.names())")
    }

    @Test("a change that pushes a note over the limit is refused; the note is untouched")
    func replaceOverTheLimit() throws {
        let header = "---\ntitle: Full\n---\n"
        let text = header + String(repeating: "b", count: limit - header.utf8.count)
        try sandbox.write("full.md", text)
        let vault = try sandbox.vault()

        let error = try #require(throws: VaultError.self) {
            try vault.updateFrontMatter(of: NotePath(trusted: "full.md"), [.set(.color, "red")])
        }
        #expect(error.description.contains("10 MiB"), "\(error)")
        #expect(sandbox.bytes("full.md") == Array(text.utf8))
        #expect(sandbox.tempFiles().isEmpty)
    }

    @Test("the writer itself refuses a note over the limit, but not a picture")
    func writerChecksNotesOnly() throws {
        let vault = try sandbox.vault()
        let writer = sandbox.writer(vault)
        let big = [UInt8](repeating: 0x61, count: limit + 1)

        #expect(throws: DurableWriter.WriteError.self) { try writer.create(NotePath(trusted: "big.md"), with: big) }
        #expect(!sandbox.exists("big.md"))
        try writer.create(NotePath(trusted: "exact.md"), with: [UInt8](big.dropLast()))
        #expect(sandbox.exists("exact.md"))
        try writer.create(NotePath(trusted: "picture.png"), with: big)
        #expect(sandbox.exists("picture.png"))
    }
}
