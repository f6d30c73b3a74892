import Foundation
import GRDB
import NoteVault

/// The reference for "full index" speed: the same files' text inserted into a bare FTS5 table
/// (unicode61, diacritics removed) in one transaction, reading the files the same way.
enum BareFTSBaseline {
    static func seconds(vault: String) throws -> Double {
        let database = NSTemporaryDirectory() + "enote-bench-baseline-\(getpid()).sqlite"
        try? FileManager.default.removeItem(atPath: database)
        defer { try? FileManager.default.removeItem(atPath: database) }
        let start = Timing.now()
        let root = open(vault, O_RDONLY | O_DIRECTORY)
        defer { close(root) }
        let files = DirectoryWalker().walk(root: root).notes
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
            let insert = try db.makeStatement(sql: "INSERT INTO t (body) VALUES (?)")
            let fileSystem = SystemFileSystem()
            for file in files {
                let snapshot = try fileSystem.readFile(file.path.bytes, beneath: root)
                try insert.execute(arguments: [String(decoding: snapshot.bytes, as: UTF8.self)])
            }
        }
        return Timing.now() - start
    }
}
