import Foundation
import GRDB
import Testing

@testable import NoteVault

/// `NoteIndex.synchronize`: between two calls, exactly what changed on disk is re-read, whatever
/// the file's times say.
///
/// Some situations depend on the file system clock's granularity (an edit within the same tick as
/// the indexing leaves every time unchanged). Those tests write the stored fingerprint rows
/// directly, so they never depend on how fast the test runs.
@Suite("NoteIndex.synchronize")
struct FreshnessTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("a.md", VaultSandbox.noteText(title: "Apple", body: "apple pie\n"))
        try sandbox.write("b.md", VaultSandbox.noteText(title: "Banana", body: "banana bread\n", extra: ["tags: [yellow]"]))
        try sandbox.write("c.md", VaultSandbox.noteText(title: "Cherry", body: "cherry jam\n"))
        try sandbox.write("d.md", "Durian\nno front matter here\n")
        try sandbox.setModified("d.md", to: day(-100))
    }

    /// The fingerprint and racy flag the index stored for `path`.
    private func stored(_ index: NoteIndex, _ path: String) throws -> (fingerprint: FileFingerprint, racy: Bool)? {
        try index.database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT size, mtime, ctime, inode, racy FROM files WHERE path = ?", arguments: [Data(path.utf8)]) else {
                return nil
            }
            let fingerprint = FileFingerprint(size: row[0], modified: row[1], changed: row[2], inode: UInt64(bitPattern: row[3]))
            let racy: Bool = row[4]
            return (fingerprint, racy)
        }
    }

    /// Marks every stored fingerprint as trustworthy, as if the files had been indexed long after
    /// they were written.
    private func settle(_ index: NoteIndex) throws {
        try index.execute("UPDATE files SET racy = 0")
    }

    private func updated(_ index: NoteIndex, _ path: String) throws -> Date? {
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.includePendingExpiry = true
        return try index.list(filter, sort: NoteSort(key: .title)).first { $0.path.description == path }?.updated
    }

    @Test func addedNoteIsIndexed() throws {
        let index = try sandbox.openIndex()
        try sandbox.write("e.md", "Elderberry\nelderberry syrup\n")

        let report = try index.synchronize()

        #expect((report.total, report.added, report.updated, report.removed) == (5, 1, 0, 0))
        #expect(try index.found("elderberry") == ["e.md"])
    }

    @Test func editedNoteIsReread() throws {
        let index = try sandbox.openIndex()
        try sandbox.write("a.md", VaultSandbox.noteText(title: "Apricot", body: "apricot tart, no apples at all\n"))

        let report = try index.synchronize()

        #expect((report.added, report.updated, report.removed) == (0, 1, 0))
        #expect(try index.found("apricot") == ["a.md"])
        #expect(try index.found("pie").isEmpty)
        #expect(try index.isIntact(notes: 4))
    }

    @Test func sameSizeEditWithItsModificationTimeRestoredIsFoundThroughCtime() throws {
        let index = try sandbox.openIndex()
        let before = try sandbox.status("a.md")
        // The index was written a second before the edit (and long after the file): its ctime is
        // older and nothing is racy.
        try index.execute("UPDATE files SET racy = 0, ctime = ctime - 1000000000")

        try sandbox.overwriteInPlace("a.md", VaultSandbox.noteText(title: "Apple", body: "apple tea\n"))
        try sandbox.setModified("a.md", nanoseconds: before.modified)
        let after = try sandbox.status("a.md")
        let indexed = try #require(try stored(index, "a.md")).fingerprint
        try #require(after.size == indexed.size && after.modified == indexed.modified && after.inode == indexed.inode)

        let report = try index.synchronize()

        #expect(report.updated == 1)
        #expect(try index.found("tea") == ["a.md"])
        #expect(try index.found("pie").isEmpty)
        #expect(try stored(index, "a.md")?.fingerprint.changed == after.changed)
    }

    @Test func replacedFileWithTheSameSizeAndTimesIsFoundThroughItsInode() throws {
        let index = try sandbox.openIndex()
        let before = try sandbox.status("a.md")
        try settle(index)

        try sandbox.write("a.md.new", VaultSandbox.noteText(title: "Apple", body: "apple tea\n"))
        try sandbox.setModified("a.md.new", nanoseconds: before.modified)
        #expect(rename(sandbox.path("a.md.new"), sandbox.path("a.md")) == 0)
        #expect(try sandbox.status("a.md").inode != before.inode)

        #expect(try index.synchronize().updated == 1)
        #expect(try index.found("tea") == ["a.md"])
    }

    /// An edit within the same clock tick as the indexing leaves size, times and inode as the
    /// index recorded them; the racy flag makes the next synchronisation compare the content.
    @Test func racyFileIsRehashedNextTime() throws {
        let index = try sandbox.openIndex()
        let before = try sandbox.status("a.md")
        try sandbox.overwriteInPlace("a.md", VaultSandbox.noteText(title: "Apple", body: "apple tea\n"))
        try sandbox.setModified("a.md", nanoseconds: before.modified)
        let now = try sandbox.status("a.md")
        try index.execute("UPDATE files SET racy = 0")
        try index.execute("UPDATE files SET ctime = ?, racy = 1 WHERE path = ?", [now.changed, Data("a.md".utf8)])
        try #require(try stored(index, "a.md")?.fingerprint == now.fingerprint)

        let report = try index.synchronize()

        #expect(report.updated == 1)
        #expect(try index.found("tea") == ["a.md"])
    }

    @Test func recentFileIsRacyAndRehashedWithoutCountingAsUpdated() throws {
        try sandbox.setModified("b.md", to: Date().addingTimeInterval(3_600))
        let index = try sandbox.openIndex()
        #expect(try stored(index, "b.md")?.racy == true, "a modification time in the future cannot be trusted")
        try index.execute("UPDATE files SET racy = 0 WHERE path != ?", [Data("b.md".utf8)])

        let report = try index.synchronize()

        #expect((report.rehashed, report.updated, report.added, report.removed) == (1, 0, 0, 0))
        #expect(try stored(index, "b.md")?.racy == true)
        #expect(try index.found("banana") == ["b.md"])
    }

    @Test func touchedFileWithTheSameBytesIsNotUpdated() throws {
        let index = try sandbox.openIndex()
        let updatedBefore = try #require(try updated(index, "d.md"))
        #expect(updatedBefore == day(-100), "no front matter: the file's time")
        try settle(index)
        try sandbox.setModified("d.md", to: day(-1))

        let report = try index.synchronize()

        #expect(report.updated == 0)
        #expect(report.rehashed == 1)
        #expect(try updated(index, "d.md") == updatedBefore, "a touch is not a change")
        #expect(try stored(index, "d.md")?.fingerprint.modified == (try sandbox.status("d.md")).modified)
        try settle(index)
        let next = try index.synchronize()
        #expect(!next.changedAnything && next.rehashed == 0, "the new times were recorded")
    }

    @Test func deletedNoteIsRemovedWithItsRows() throws {
        let index = try sandbox.openIndex()
        try FileManager.default.removeItem(atPath: sandbox.path("b.md"))

        let report = try index.synchronize()

        #expect((report.total, report.removed, report.added) == (3, 1, 0))
        #expect(try index.found("banana").isEmpty)
        #expect(try !index.listed().contains("b.md"))
        #expect(try index.listed { $0.fields = [("tags", "yellow")] }.isEmpty)
        #expect(try index.isIntact(notes: 3))
        #expect(
            try index.rowCounts()["fields"]
                == (try index.database.read { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM fields f JOIN notes n ON n.id = f.note_id")
                }), "no orphaned fields")
    }

    @Test func renamedNoteIsFoundAtItsNewPath() throws {
        let index = try sandbox.openIndex()
        try sandbox.makeFolder("fruit")
        #expect(rename(sandbox.path("c.md"), sandbox.path("fruit/cherry-tree.md")) == 0)

        let report = try index.synchronize()

        #expect((report.total, report.added, report.removed) == (4, 1, 1))
        #expect(try index.found("jam") == ["fruit/cherry-tree.md"])
        #expect(try index.found("tree") == ["fruit/cherry-tree.md"], "the file name is searchable")
        #expect(Set(try index.listed()) == ["a.md", "b.md", "d.md", "fruit/cherry-tree.md"])
        #expect(try index.isIntact(notes: 4))
    }

    @Test func anotherEditorsChangeIsDatedByTheFile() throws {
        let index = try sandbox.openIndex()
        #expect(try updated(index, "a.md") == ISO8601DateFormatter().date(from: "2020-01-01T00:00:00Z"))
        // The body changes, the front matter's `updated` does not: the file's time counts.
        try sandbox.write("a.md", VaultSandbox.noteText(title: "Apple", body: "apple crumble\n"))
        try sandbox.setModified("a.md", to: day(-2))
        try index.synchronize()
        #expect(try updated(index, "a.md") == day(-2))
        // enote stamps `updated`: its value counts, even when older than the file.
        try sandbox.write("a.md", "---\ntitle: Apple\nupdated: 2026-11-10T00:00:00Z\n---\napple crumble\n")
        try index.synchronize()
        #expect(try updated(index, "a.md") == ISO8601DateFormatter().date(from: "2026-11-10T00:00:00Z"))
    }

    // MARK: - Bulk build

    /// Everything the index stores about each note, by path, without row ids and racy flags
    /// (which depend on when the notes were read). The diagnostics' JSON is compared with its
    /// keys sorted: JSONEncoder writes them in no particular order.
    private func rows(_ index: NoteIndex) throws -> [[DatabaseValue]] {
        try index.database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT n.path, n.display_path, n.size, n.hash, n.title, n.title_key, n.description, n.color, n.destroy_at,
                        n.destroy_state, n.fm_updated, n.updated_at, n.created_at, n.order_key, n.tags, n.images, n.diagnostics,
                        n.has_error, n.editable, f.size, f.mtime, f.ctime, f.inode, t.title, t.body, t.name,
                        (SELECT group_concat(key || '=' || value, ';') FROM (SELECT key, value FROM fields WHERE note_id = n.id ORDER BY key, value))
                    FROM notes n JOIN files f ON f.note_id = n.id AND f.path = n.path JOIN notes_fts t ON t.rowid = n.id
                    ORDER BY n.path
                    """
            ).map { row in
                var values = Array(row.databaseValues)
                let diagnostics = try JSONSerialization.jsonObject(with: Data((String.fromDatabaseValue(values[16]) ?? "").utf8))
                values[16] = String(decoding: try JSONSerialization.data(withJSONObject: diagnostics, options: .sortedKeys), as: UTF8.self).databaseValue
                return values
            }
        }
    }

    private func inode(_ path: String) throws -> UInt64 {
        var raw = stat()
        guard lstat(path, &raw) == 0 else { throw SystemError("lstat", path: path) }
        return UInt64(raw.st_ino)
    }

    @Test func bulkBuildAndIncrementalSyncGiveTheSameRows() throws {
        // Four notes are indexed one by one; then enough arrive for a bulk build to be worth it.
        let incremental = try sandbox.openIndex()
        let count = NoteIndex.bulkThreshold + 20
        for number in 0..<(count - 4) {
            let text =
                switch number % 4 {
                case 0:
                    VaultSandbox.noteText(title: "Note \(number)", body: "Body \(number) with *Markdown*\n", extra: ["tags: [t\(number % 7)]", "color: red"])
                case 1: "Plain note \(number)\nsecond line 京都 \(number)\n"
                case 2:
                    VaultSandbox.noteText(title: "Список \(number)", body: "Ёлка\n", extra: ["destroy: 2026-12-0\(number % 9 + 1)", "status: x\(number % 5)"])
                default: "---\ntitle: [broken\n---\nbroken front matter \(number)\n"
                }
            try sandbox.write("bulk/\(number % 10)/n\(number).md", text)
        }
        let file = incremental.path
        let inodeBefore = try inode(file)
        let added = try incremental.synchronize()
        #expect(added.added == count - 4)
        #expect(try inode(file) == inodeBefore, "added to the current database")
        let expected = try rows(incremental)
        #expect(expected.count == count)
        let searches = try ["note", "京都", "елка", "broken", "-note"].map { try incremental.found($0, limit: 1_000) }
        try incremental.database.close()

        let bulk = try NoteIndex.rebuild(try sandbox.vault())
        let emptyInode = try inode(file)
        let built = try bulk.synchronize()

        #expect((built.total, built.added) == (count, count))
        #expect(try inode(file) != emptyInode, "built in a new file and swapped in")
        #expect(try rows(bulk) == expected)
        #expect(try ["note", "京都", "елка", "broken", "-note"].map { try bulk.found($0, limit: 1_000) }.map(Set.init) == searches.map(Set.init))
        #expect(try bulk.isIntact(notes: count))
        #expect(sandbox.names(in: ".enote").allSatisfy { !$0.contains(".build-") })

        // The swapped-in database takes the next changes as usual.
        try sandbox.write("a.md", VaultSandbox.noteText(title: "Apple", body: "apple sorbet\n"))
        #expect(try bulk.synchronize().updated == 1)
        #expect(try bulk.found("sorbet") == ["a.md"])
    }
}
