import Foundation
import Testing

@testable import NoteVault

/// Several processes write one index: the watcher, a command that walks because the watcher
/// said git was busy, a server's own session. Each looks at the index and the files first and
/// writes afterwards, so another writer may change the index in between. What the late writer
/// writes must follow the index and the files as they are when it writes: it never removes a
/// note that is on disk again, never adds a second row for a note, and never writes through a
/// row number that now belongs to another note.
///
/// The writes of the "other process" run in ``NoteIndex/beforeWriting``, on a second
/// connection, at the one moment the race needs: after the first writer looked, before it writes.
@Suite("Two writers of one index")
struct ConcurrentWritersTests {
    /// How the first writer looks at the vault: the three ways the index is brought up to date.
    enum Look: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case walk, files, folder
        var testDescription: String { rawValue }

        func bringUpToDate(_ index: NoteIndex) throws {
            switch self {
            case .walk: try index.synchronize()
            case .files: try index.reconcile(files: [NotePath(trusted: "f/b.md"), NotePath(trusted: "f/c.md")])
            case .folder: try index.reconcile(folder: NotePath(trusted: "f"))
            }
        }
    }

    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.makeFolder("f")
        try sandbox.write("a.md", VaultSandbox.noteText(title: "Apple", body: "apple pie\n"))
        try sandbox.write("f/b.md", VaultSandbox.noteText(title: "Banana", body: "banana bread\n"))
    }

    /// Two connections on the vault's index, both up to date.
    private func twoWriters() throws -> (first: NoteIndex, other: NoteIndex) {
        let vault = try sandbox.vault()
        let first = try NoteIndex.open(vault)
        try first.synchronize()
        return (first, try NoteIndex.open(vault))
    }

    /// What the index says, as `path title` per note, sorted; duplicates kept.
    private func listed(_ index: NoteIndex) throws -> [String] {
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.includePendingExpiry = true
        return try index.list(filter, sort: NoteSort(key: .title)).map { "\($0.path) \($0.title)" }.sorted()
    }

    @Test("a note gone when the writer looked, and back (re-read by another writer) before it writes, is kept", arguments: Look.allCases)
    func removalFromAnOldLook(look: Look) throws {
        let (first, other) = try twoWriters()
        #expect(unlink(sandbox.path("f/b.md")) == 0)
        first.beforeWriting = {
            first.beforeWriting = nil
            try? sandbox.write("f/b.md", VaultSandbox.noteText(title: "Banana again", body: "banana split\n"))
            _ = try? other.reconcile(files: [NotePath(trusted: "f/b.md")])
        }

        try look.bringUpToDate(first)

        #expect(try listed(first) == ["a.md Apple", "f/b.md Banana again"])
        #expect(try first.isIntact(notes: 2))
        #expect(try first.found("split") == ["f/b.md"])
    }

    @Test("a note another writer removed and added again under a new row, while the writer read it, has one row", arguments: Look.allCases)
    func updateThroughAnOldRow(look: Look) throws {
        let (first, other) = try twoWriters()
        try sandbox.write("f/b.md", VaultSandbox.noteText(title: "Banana two", body: "banana cake\n"))
        first.beforeWriting = {
            first.beforeWriting = nil
            // The other writer sees the note go, then come back with a new note beside it: the
            // note's old row is gone, and the numbers are handed out again.
            _ = unlink(sandbox.path("f/b.md"))
            _ = try? other.reconcile(files: [NotePath(trusted: "f/b.md")])
            try? sandbox.write("f/c.md", VaultSandbox.noteText(title: "Cherry", body: "cherry jam\n"))
            _ = try? other.reconcile(files: [NotePath(trusted: "f/c.md")])
            try? sandbox.write("f/b.md", VaultSandbox.noteText(title: "Banana three", body: "banana fritter\n"))
            _ = try? other.reconcile(files: [NotePath(trusted: "f/b.md")])
        }

        try look.bringUpToDate(first)
        // Whatever the first writer saw of c.md, a last look brings it in; nothing else changes.
        try first.reconcile(files: [NotePath(trusted: "f/c.md")])

        #expect(try listed(first) == ["a.md Apple", "f/b.md Banana three", "f/c.md Cherry"])
        #expect(try first.isIntact(notes: 3))
        #expect(try first.found("fritter") == ["f/b.md"])
        #expect(try first.found("jam") == ["f/c.md"])
        #expect(try first.found("cake").isEmpty)
    }

    @Test("a removal from an old look never takes the row number another writer gave a different note", arguments: Look.allCases)
    func removalNeverTakesAnotherNotesRow(look: Look) throws {
        let (first, other) = try twoWriters()
        #expect(unlink(sandbox.path("f/b.md")) == 0)
        first.beforeWriting = {
            first.beforeWriting = nil
            // The other writer removes b.md too, then indexes a new note, which may be given
            // b.md's old row number.
            _ = try? other.reconcile(files: [NotePath(trusted: "f/b.md")])
            try? sandbox.write("d.md", VaultSandbox.noteText(title: "Date", body: "date loaf\n"))
            _ = try? other.reconcile(files: [NotePath(trusted: "d.md")])
        }

        try look.bringUpToDate(first)

        #expect(try listed(first) == ["a.md Apple", "d.md Date"])
        #expect(try first.isIntact(notes: 2))
        #expect(try first.found("loaf") == ["d.md"])
    }

    @Test("a note that cannot be looked at again for now (no descriptors left) keeps its entry and is reported, to be looked at later")
    func removalThatCannotBeCheckedIsReported() throws {
        let faulty = FaultyFileSystem()
        let vault = try sandbox.vault(fileSystem: faulty)
        let first = try NoteIndex.open(vault)
        try first.synchronize()
        #expect(unlink(sandbox.path("f/b.md")) == 0)
        first.beforeWriting = {
            first.beforeWriting = nil
            faulty.fail(.open, nth: faulty.count(.open) + 1, with: EMFILE)
        }

        let report = try first.reconcile(files: [NotePath(trusted: "f/b.md")])

        #expect(report.unreadable.map(\.path.description) == ["f/b.md"])
        #expect(report.removed == 0)
        #expect(try listed(first).contains("f/b.md Banana"))
        let later = try first.reconcile(files: [NotePath(trusted: "f/b.md")])
        #expect(later.removed == 1 && later.unreadable.isEmpty)
        #expect(try listed(first) == ["a.md Apple"])
    }

    @Test("a bulk build of an empty index keeps what another writer indexed while it built (it goes with the old file, so the files are looked at again)")
    func bulkBuildKeepsAnotherWritersNote() throws {
        try sandbox.makeFolder("many")
        let many = NoteIndex.bulkThreshold + 10
        for number in 0..<many {
            try sandbox.write("many/n\(number).md", VaultSandbox.noteText(title: "Note \(number)", body: "plain text\n"))
        }
        let vault = try sandbox.vault()
        let first = try NoteIndex.open(vault)
        let other = try NoteIndex.open(vault)
        first.beforeWriting = {
            first.beforeWriting = nil
            // The watcher, say, indexes a note written after the build's walk, into the file the
            // build is about to replace.
            try? sandbox.write("late.md", VaultSandbox.noteText(title: "Late", body: "late supper\n"))
            _ = try? other.reconcile(files: [NotePath(trusted: "late.md")])
        }

        let report = try first.synchronize()

        #expect(first.beforeWriting == nil, "the build did not reach the moment between its walk and its writes")
        #expect(try first.found("supper") == ["late.md"])
        #expect(try first.isIntact(notes: many + 3))
        #expect(report.added == many + 3)
    }
}
