import Foundation
import Testing

@testable import NoteVault

/// ``Vault/draft(_:)`` plans the note ``Vault/create(_:)`` writes: the same free name and the
/// same bytes, without writing anything.
@Suite("Vault.draft")
struct VaultDraftTests {
    @Test(
        "a draft has the path and bytes create then writes",
        arguments: [
            ([String](), "Grocery list", nil as String?, "grocery-list.md"),
            (["список-日本.md", "Список-日本-2.md"], "## Список 日本 😀", nil, "список-日本-3.md"),
            (["trips/храм.md"], "Храм", "trips", "trips/храм-2.md"),
        ])
    func draftMatchesCreate(existing: [String], title: String, folder: String?, expected: String) throws {
        let sandbox = try VaultSandbox()
        for path in existing { try sandbox.write(path, "# Taken\n") }
        let vault = try sandbox.vault()
        let new = NewNote(title: title, body: "Текст 😀\nおわり", folder: folder)
        let draft = try vault.draft(new)
        #expect(draft.path.description == expected)
        #expect(!sandbox.exists(expected), "a draft writes nothing")
        let note = try vault.create(new)
        #expect(note.path == draft.path)
        #expect(sandbox.bytes(expected) == draft.bytes)
    }

    @Test("a draft refuses what create refuses", arguments: ["", "two\nlines"])
    func refusesBadTitles(title: String) throws {
        let sandbox = try VaultSandbox()
        #expect(throws: VaultError.self) { try sandbox.vault().draft(NewNote(title: title, body: "text")) }
        #expect(throws: VaultError.self) { try sandbox.vault().draft(NewNote(title: "Title", body: " \n")) }
    }
}
