import Foundation
import Testing

@testable import NoteVault

/// `Vault.save`: the Done of a form-based editor (the web pages). It saves only over the
/// revision the form started from; a note changed or deleted on disk meanwhile is kept, with
/// the typed text in a conflict copy beside it.
@Suite struct VaultSaveTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "work/plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Original body.\n", extra: ["color: blue"])

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("work/plan.md", original)
    }

    @Test("the body is replaced, the named keys change surgically, updated is stamped, other lines stay")
    func saves() throws {
        let vault = try sandbox.vault()
        let revision = try vault.read(path).revision
        let result = try vault.save(NoteEdit(body: "New body.\n", title: .set("Plan B"), color: .set(.palette(.red))), to: path, from: revision)
        guard case .saved(let note, _) = result else { Issue.record("\(result)"); return }
        let expected = original.replacingOccurrences(of: "Original body.", with: "New body.")
            .replacingOccurrences(of: "title: Plan", with: "title: Plan B").replacingOccurrences(of: "color: blue", with: "color: red")
            .replacingOccurrences(of: "updated: 2020-01-01T00:00:00Z", with: "updated: \(VaultSandbox.stamp)")
        #expect(sandbox.text("work/plan.md") == expected)
        #expect(note.title == "Plan B")
        #expect(note.revision != revision)
    }

    @Test("nothing changed: nothing written, not even updated")
    func unchanged() throws {
        let vault = try sandbox.vault()
        let note = try vault.read(path)
        let result = try vault.save(NoteEdit(body: note.content.bodyText), to: path, from: note.revision)
        guard case .unchanged = result else { Issue.record("\(result)"); return }
        #expect(sandbox.text("work/plan.md") == original)
    }

    @Test("a note changed on disk since the revision is not overwritten: the edit goes to a conflict copy beside it")
    func staleKeepsBoth() throws {
        let vault = try sandbox.vault()
        let revision = try vault.read(path).revision
        let theirs = original.replacingOccurrences(of: "Original body.", with: "Their body.")
        try sandbox.write("work/plan.md", theirs)
        #expect(throws: VaultError.self) {
            try vault.save(NoteEdit(body: "My body.\n", color: .set(.palette(.green))), to: path, from: revision)
        }
        do {
            _ = try vault.save(NoteEdit(body: "My body.\n"), to: path, from: revision)
        } catch {
            #expect(error.isConflictCopy)
            #expect(error.kind == .race)
        }
        #expect(sandbox.text("work/plan.md") == theirs)
        let copies = sandbox.names(in: "work").filter { $0.hasPrefix("plan.conflict-") }
        #expect(copies.count == 2)
        let texts = copies.compactMap { sandbox.text("work/" + $0) }
        #expect(texts.contains { $0.hasSuffix("My body.\n") && $0.contains("color: green") && $0.contains("Their") == false })
    }

    @Test("a note deleted while the form was open: the typed text is kept in its folder")
    func deletedMeanwhile() throws {
        let vault = try sandbox.vault()
        let revision = try vault.read(path).revision
        try FileManager.default.removeItem(atPath: sandbox.path("work/plan.md"))
        do {
            _ = try vault.save(NoteEdit(body: "Still mine.\n", title: .set("Plan")), to: path, from: revision)
            Issue.record("saved over a deleted note")
        } catch {
            #expect(error.isConflictCopy)
        }
        let copies = sandbox.names(in: "work").filter { $0.hasPrefix("plan.conflict-") }
        #expect(copies.count == 1)
        #expect(copies.first.flatMap { sandbox.text("work/" + $0) } == "---\ntitle: Plan\n---\nStill mine.\n")
    }

    @Test("a blank body moves the note to the trash (as deleting all text in enote edit does), only if unchanged")
    func blankTrashes() throws {
        let vault = try sandbox.vault()
        let note = try vault.read(path)
        try sandbox.write("work/plan.md", original + "more\n")
        #expect(throws: VaultError.self) { try vault.save(NoteEdit(body: " \n"), to: path, from: note.revision) }
        #expect(sandbox.exists("work/plan.md"))
        let current = try vault.read(path)
        let result = try vault.save(NoteEdit(body: "\n\n"), to: path, from: current.revision)
        guard case .trashed(let entry) = result else { Issue.record("\(result)"); return }
        #expect(entry.originalPath == "work/plan.md")
        #expect(!sandbox.exists("work/plan.md"))
    }

    @Test("a revision is 16 hexadecimal digits and reads back as written")
    func revisionText() throws {
        let revision = try sandbox.vault().read(path).revision
        #expect(NoteRevision(revision.description) == revision)
        #expect(NoteRevision("xyz") == nil)
        #expect(NoteRevision("") == nil)
    }
}
