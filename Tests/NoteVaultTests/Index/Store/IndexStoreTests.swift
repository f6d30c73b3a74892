import Foundation
import GRDB
import Testing

@testable import NoteVault

/// The index's port/adapter line: every SQL statement in `Index/Store/`, every table of the
/// schema required of an index, and the connection's resources owned once and freed with it.
@Suite("Index store")
struct IndexStoreTests {
    /// The package's sources, found from this file.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Sources").standardized

    /// SQL statements as they start in a string literal.
    static let statement = try! NSRegularExpression(
        pattern: [
            #"SELECT\s"#, #"INSERT\s+(OR\s+\w+\s+)?INTO\b"#, #"UPDATE\s+\w+\s+SET\b"#, #"DELETE\s+FROM\b"#,
            #"CREATE\s+(VIRTUAL\s+)?(TABLE|INDEX)\b"#, #"DROP\s+TABLE\b"#, #"PRAGMA\s+\w"#,
        ].map { "\\b" + $0 }.joined(separator: "|"))

    /// The lines outside `allowed` folders that hold SQL, as `file:line`; comments are skipped.
    static func sqlLines(under root: URL, allowed: [String]) throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = String(file.standardized.path.dropFirst(root.path.count + 1))
            guard !allowed.contains(where: { relative.hasPrefix($0) }) else { continue }
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.hasPrefix("//") else { continue }
                if statement.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { found.append("\(relative):\(number + 1)") }
            }
        }
        return found
    }

    @Test("no SQL outside Index/Store (the benchmark's bare FTS5 baseline measures SQLite without enote)")
    func sqlOnlyInTheStore() throws {
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("NoteVault/Index/Store").path))
        let outside = try Self.sqlLines(under: Self.sources, allowed: ["NoteVault/Index/Store/", "enote-bench/BareFTSBaseline.swift"])
        #expect(outside == [])
        // The check itself finds statements: the store has plenty.
        #expect(try Self.sqlLines(under: Self.sources.appendingPathComponent("NoteVault/Index"), allowed: []).count > 20)
    }

    @Test("an index without any one of the schema's tables is rebuilt on open", arguments: IndexSchema.tables.map(\.name))
    func everyTableIsRequired(_ table: String) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("milk.md", VaultSandbox.noteText(title: "Milk", body: "Buy milk.\n"))
        let path = try {
            let index = try sandbox.openIndex()
            try index.database.close()
            return index.path
        }()
        let queue = try DatabaseQueue(path: path, configuration: IndexConnection.configuration())
        try queue.write { db in try db.execute(sql: "DROP TABLE \(table)") }
        try queue.close()

        let messages = Messages()
        let index = try NoteIndex.open(try sandbox.vault()) { messages.append($0) }
        try index.synchronize()
        #expect(messages.lines == ["enote: the index is incomplete; rebuilding it from the notes (they are not touched)"])
        #expect(try index.found("milk") == ["milk.md"])
        #expect(try index.isIntact(notes: 1))
    }

    @Test(
        "an index whose notes columns are not NoteColumns' is rebuilt on open",
        arguments: [
            ("ALTER TABLE notes DROP COLUMN editable", "the index is from an older version of enote"),
            ("ALTER TABLE notes ADD COLUMN word_count INTEGER", "the index is from a newer version of enote"),
            ("ALTER TABLE notes RENAME COLUMN editable TO writable", "the index is incomplete"),
        ])
    func columnsAreChecked(_ change: String, _ reason: String) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("milk.md", VaultSandbox.noteText(title: "Milk", body: "Buy milk.\n"))
        let path = try {
            let index = try sandbox.openIndex()
            try index.database.close()
            return index.path
        }()
        let queue = try DatabaseQueue(path: path, configuration: IndexConnection.configuration())
        try queue.write { db in try db.execute(sql: change) }
        try queue.close()

        let messages = Messages()
        let index = try NoteIndex.open(try sandbox.vault()) { messages.append($0) }
        try index.synchronize()
        #expect(messages.lines == ["enote: \(reason); rebuilding it from the notes (they are not touched)"])
        #expect(try index.found("milk") == ["milk.md"])
        #expect(try index.isIntact(notes: 1))
    }

    @Test("the rank counter and the connection are freed with the index, also after healing", arguments: [false, true])
    func resourcesFreedWithTheIndex(heal: Bool) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("milk.md", VaultSandbox.noteText(title: "Milk", body: "Buy milk.\n"))
        weak var counter: RankCounter?
        weak var connection: IndexConnection?
        try {
            let index = try sandbox.openIndex()
            #expect(try index.found("milk") == ["milk.md"])
            if heal {
                try index.connection.heal(reason: "the index is corrupt")
                #expect(try index.found("milk") == ["milk.md"])
            }
            counter = index.connection.rankCounter
            connection = index.connection
            #expect(counter != nil && connection != nil)
        }()
        #expect(connection == nil, "no cycle between the index and its connection")
        // GRDB lets go of a closed connection's setup (which holds the counter) on its own queue.
        let deadline = Date().addingTimeInterval(5)
        while counter != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(counter == nil, "the counter's deinit frees the memory enote_rank shares")
    }
}
