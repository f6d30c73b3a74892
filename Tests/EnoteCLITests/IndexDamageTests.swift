import Foundation
import GRDB
import Testing

/// RELIABILITY row 35 beyond a damaged header. Opening the index checks only what is cheap;
/// damaged pages deeper in the file are found by the first statement that reads them (every
/// command) or by `PRAGMA quick_check` (`enote index`, `enote doctor`, the start of `enote watch`).
/// Either way the index is moved aside and rebuilt with one line on stderr, the answer is
/// complete, and the notes are never touched. A lost last transaction is repaired by the next
/// command's synchronisation.
@Suite struct IndexDamageTests {
    static let rebuilding = "enote: the index is corrupt; rebuilding it from the notes (they are not touched)"

    /// A sample vault plus 300 notes, so that the index spans many pages; indexed and closed.
    /// Its expired note is left out, so that a watcher has nothing to destroy.
    static func indexedVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try FileManager.default.removeItem(at: vault.url("old-reminder.md"))
        for number in 0..<300 {
            try vault.write("bulk/note-\(number).md", "---\ntitle: Bulk \(number)\n---\nLine \(number) about gardens, kettles and the weather.\n")
        }
        let list = try vault.run("list")
        try #require(list.status == 0, "\(list)")
        return vault
    }

    /// What `list --json` says of every note, in a comparable form.
    static func listing(_ vault: TemporaryVault) throws -> [String] {
        try vault.listJSON().map { note in
            ["path", "title", "description", "color", "updated"].map { "\(note[$0] ?? "-")" }.joined(separator: "|")
        }
    }

    @Test(arguments: [["index"], ["doctor"], ["watch"]])
    func damagedPagesInTheMiddleAreFoundByAFullCheck(_ command: [String]) throws {
        // Given an index whose middle third of pages is overwritten
        let vault = try Self.indexedVault()
        let listed = try Self.listing(vault)
        let notes = try vault.tree()
        let database = DatabaseFile(vault.url(".enote/index.sqlite").path)
        let pages = try database.pageCount()
        try #require(pages >= 30, "the index is too small to damage its middle: \(pages) pages")
        try database.damage(pages: (pages / 3)..<(2 * pages / 3))

        // When a command that checks every page runs
        let stderr: String
        if command == ["watch"] {
            let watcher = try WatchProcess(vault)
            defer { watcher.kill() }
            try watcher.waitUntilWatching()
            #expect(watcher.signal(SIGTERM), "the watcher did not stop")  // and removes its socket
            stderr = watcher.stderr
        } else {
            let result = try vault.run(command)
            #expect(result.status == (command == ["doctor"] ? 1 : 0), "\(result)")  // the sample has problems for doctor
            stderr = result.stderr
        }

        // Then it said once that it rebuilt the index, kept the damaged file, and touched no note
        #expect(stderr.components(separatedBy: Self.rebuilding).count == 2, "\(stderr)")
        #expect(vault.exists(".enote/index.sqlite.corrupt"))
        // The text read from the sample's pictures is cached as it is read (`.enote/extracted/`).
        let after = try vault.tree().filter { $0.key != ".enote/watch.lock" && !$0.key.hasPrefix(".enote/extracted") }
        #expect(after == notes, "\(Set(after.keys).symmetricDifference(notes.keys))")
        #expect(try Self.listing(vault) == listed)
    }

    @Test(arguments: [("files", ["list", "--json"]), ("notes_fts_data", ["search", "--json", "kettles"])])
    func damageMetByAnyStatementRebuildsTheIndexOnce(table: String, command: [String]) throws {
        // Given an index whose table `table` has a damaged root page (the header is intact)
        let vault = try Self.indexedVault()
        let before = try vault.run(command)
        try #require(before.status == 0, "\(before)")
        let notes = try vault.tree()
        let database = DatabaseFile(vault.url(".enote/index.sqlite").path)
        let root = try database.rootPage(of: table)
        try #require(root > 1)
        try database.damage(pages: root..<(root + 1))

        // When an ordinary command reads it
        let after = try vault.run(command)

        // Then it rebuilt the index on the spot, with one line, and answered in full
        #expect(after.status == 0, "\(after)")
        #expect(after.stderr.components(separatedBy: Self.rebuilding).count == 2, "\(after)")
        #expect(try JSONOutput.array(after).count == JSONOutput.array(before).count)
        #expect(after.stdout == before.stdout)
        #expect(try vault.tree() == notes)
        let again = try vault.run(command)
        #expect(!again.stderr.contains("corrupt"), "\(again)")
    }

    @Test func aLostLastTransactionIsRepairedByTheNextCommand() throws {
        // Given an index, and a reader that keeps the last command from checkpointing its WAL
        let vault = try Self.indexedVault()
        let path = vault.url(".enote/index.sqlite").path
        var readOnly = Configuration()
        readOnly.readonly = true
        let reader = try DatabaseQueue(path: path, configuration: readOnly)
        _ = try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") }

        // When a note changes, a command writes that into the WAL, and the WAL is lost
        try vault.write("garden.md", "---\ntitle: Garden after the storm\n---\nThe greenhouse lost three panes.\n")
        let indexed = try vault.run("list")
        try #require(indexed.status == 0, "\(indexed)")
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        try #require(wal > 0, "the change never reached the WAL; the test would prove nothing")
        try FileManager.default.removeItem(atPath: path + "-wal")
        try reader.close()  // a read-only connection cannot checkpoint what it has not got
        #expect(try DatabaseFile(path).title(of: "garden.md") != "Garden after the storm", "the change survived in the database file")

        // Then the next command finds the change again, and the index equals a rebuild
        let list = try Self.listing(vault)
        #expect(list.contains { $0.hasPrefix("garden.md|Garden after the storm|") }, "\(list)")
        let search = try vault.run("search", "--json", "greenhouse")
        #expect(try JSONOutput.array(search).map { $0["path"] as? String } == ["garden.md"])
        try #require(try vault.run("index", "--rebuild").status == 0)
        #expect(try Self.listing(vault) == list)
    }
}

/// An index file looked at and damaged below SQLite.
struct DatabaseFile {
    let path: String

    init(_ path: String) { self.path = path }

    /// The page size from the header (bytes 16–17; 1 means 65 536).
    func pageSize() throws -> Int {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let header = try #require(try handle.read(upToCount: 100))
        let raw = Int(header[16]) << 8 | Int(header[17])
        return raw == 1 ? 65_536 : raw
    }

    /// How many pages the file holds.
    func pageCount() throws -> Int {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        return size / (try pageSize())
    }

    /// Overwrites whole pages (numbered from 1) with a byte no page starts with.
    func damage(pages: Range<Int>) throws {
        let size = try pageSize()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for page in pages {
            try handle.seek(toOffset: UInt64((page - 1) * size))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: size))
        }
        try handle.synchronize()
    }

    /// Opens the file as it is, without locks and without its WAL.
    private func snapshot() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: "file:\(path)?immutable=1", configuration: configuration)
    }

    /// The root page of a table.
    func rootPage(of table: String) throws -> Int {
        let queue = try snapshot()
        defer { try? queue.close() }
        return try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [table]) ?? 0
        }
    }

    /// The title the file holds for a note.
    func title(of note: String) throws -> String? {
        let queue = try snapshot()
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchOne(db, sql: "SELECT title FROM notes WHERE path = ?", arguments: [Data(note.utf8)])
        }
    }
}
