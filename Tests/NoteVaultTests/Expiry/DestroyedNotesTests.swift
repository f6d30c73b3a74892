import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 178: a note deleted from the trash leaves no trace in any file under the
/// vault, and the index's change record still tells every reader what it must know.
@Suite("Destroyed notes leave no trace")
struct DestroyedNotesTests {
    let sandbox: VaultSandbox
    static let sentinel = "qzvorbexword"

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("keep.md", VaultSandbox.noteText(title: "Keep", body: "Potatoes and eggs.\n"))
        try sandbox.write("secret.md", VaultSandbox.noteText(title: "Secret \(Self.sentinel)", body: "The \(Self.sentinel) code is 4471.\n"))
    }

    /// The files under the vault, `.enote/` included, whose raw bytes hold the sentinel.
    private func holders() -> [String] {
        let root = URL(fileURLWithPath: sandbox.root)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true, let data = try? Data(contentsOf: url) else { continue }
            if data.range(of: Data(Self.sentinel.utf8)) != nil { found.append(url.path) }
        }
        return found
    }

    @Test("emptying the trash: nothing on disk holds the note's words; the index still answers")
    func emptyTrashLeavesNoTrace() throws {
        let index = try sandbox.openIndex()
        #expect(try index.search(SearchQuery(parsing: Self.sentinel), filter: NoteFilter(now: Date()), limit: 10).notes.count == 1)
        let vault = index.vault
        try vault.trash.move(NotePath(trusted: "secret.md"), reason: .removed)
        _ = try index.reconcile(files: [NotePath(trusted: "secret.md")])
        #expect(!holders().isEmpty, "the trash still holds it")

        #expect(try vault.trash.empty(index: index) == 1)

        #expect(holders() == [])
        #expect(try index.search(SearchQuery(parsing: "potatoes"), filter: NoteFilter(now: Date()), limit: 10).notes.map(\.path) == [NotePath(trusted: "keep.md")])
    }

    @Test("a reader behind the destroyed note's changes is told to look at everything; one caught up, that nothing changed")
    func changeRecordAfterForgetting() throws {
        let index = try sandbox.openIndex()
        let behind = try index.changeToken()
        try FileManager.default.removeItem(atPath: sandbox.path("secret.md"))
        _ = try index.reconcile(files: [NotePath(trusted: "secret.md")])
        let caughtUp = try index.changeToken()
        #expect(try index.changes(since: behind).changes == .notes([NotePath(trusted: "secret.md")]))

        try index.forget([NotePath(trusted: "secret.md")])

        #expect(try index.changes(since: behind).changes == .everything)
        #expect(try index.changes(since: caughtUp).changes == .none)
        #expect(try index.changeToken() == caughtUp, "the record's position never goes back")
        try sandbox.write("later.md", VaultSandbox.noteText(title: "Later"))
        _ = try index.reconcile(files: [NotePath(trusted: "later.md")])
        #expect(try index.changes(since: caughtUp).changes == .notes([NotePath(trusted: "later.md")]))
    }

    @Test("forgetting keeps the vocabulary of the notes that remain: other forms, beginnings and slips still find them")
    func vocabularyOfOtherNotesKept() throws {
        try sandbox.write("garden.md", VaultSandbox.noteText(title: "Garden", body: "The tomatoes ripen slowly in autumn.\n"))
        let index = try sandbox.openIndex()
        try FileManager.default.removeItem(atPath: sandbox.path("secret.md"))
        _ = try index.reconcile(files: [NotePath(trusted: "secret.md")])

        try index.forget([NotePath(trusted: "secret.md")])

        let now = Date()
        // A slip ("tomatos") is corrected only from the vocabulary's words.
        let slip = try index.search(SearchQuery(parsing: "tomatos"), filter: NoteFilter(now: now), limit: 10)
        #expect(slip.notes.map(\.path) == [NotePath(trusted: "garden.md")], "\(slip.corrections)")
        // The last word as a beginning ("ripe" of "ripen") is finished from the vocabulary too.
        let beginning = try index.search(SearchQuery(parsing: "autumn rip"), filter: NoteFilter(now: now), limit: 10)
        #expect(beginning.notes.map(\.path) == [NotePath(trusted: "garden.md")])
        #expect(try index.search(SearchQuery(parsing: Self.sentinel), filter: NoteFilter(now: now), limit: 10).notes.isEmpty)
    }
}
