import Foundation
import Testing

/// RELIABILITY row 11: a command that must update the index while another process holds a long
/// write transaction on it waits for it (busy timeout, then retries), and never shows
/// "database is locked"; the index stays consistent.
@Suite struct IndexBusyTests {
    @Test func aCommandWaitsForAnotherProcesssLongIndexTransaction() throws {
        // Given an index, and a note changed since, so the next command must write the index
        let vault = try TemporaryVault()
        try #require(try vault.run("list").status == 0)
        try vault.write("garden.md", try vault.text("garden.md") + "\nWritten while the index was held.\n")

        // When another connection holds a write transaction for 2.5 s while `set` runs
        let holder = try IndexWriteHolder(path: vault.url(".enote/index.sqlite").path, holdFor: 2.5)
        defer { holder.finish() }
        let set = try vault.run("set", "garden", "--color", "blue")
        let setFinished = Date()

        // Then `set` waited for it and succeeded, without a word about locks
        #expect(set.status == 0, "\(set)")
        for word in ["locked", "busy", "rebuild"] {
            #expect(!set.stderr.contains(word), "\(set)")
        }
        let released = try #require(holder.releasedAt, "the other transaction never committed")
        #expect(released <= setFinished, "set finished before the other transaction let go; the test proved nothing")

        // And the index is consistent: it finds the change and equals a rebuild from the notes
        let search = try vault.run("search", "--json", "held")
        #expect(search.status == 0, "\(search)")
        #expect(try JSONOutput.array(search).map { $0["path"] as? String } == ["garden.md"])
        let listed = try vault.listJSON().map(Self.summary)
        try #require(try vault.run("index", "--rebuild").status == 0)
        #expect(try vault.listJSON().map(Self.summary) == listed)
        #expect(try vault.listJSON().first { $0["path"] as? String == "garden.md" }?["color"] as? String == "blue")
    }

    /// What `list --json` says of a note, in a comparable form.
    static func summary(_ note: [String: Any]) -> String {
        ["path", "title", "description", "color", "updated"].map { "\(note[$0] ?? "-")" }.joined(separator: "|")
    }
}
