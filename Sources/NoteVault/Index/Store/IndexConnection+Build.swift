import Foundation
import GRDB

extension IndexConnection {
    /// Builds a whole index in a new file and swaps it in: tables without secondary indexes, no
    /// journal, no fsync and a large cache while `fill` writes the notes, the indexes created at
    /// the end, then an atomic rename. Readers of the old file are never disturbed, and a crash
    /// leaves only a stray `index.sqlite.build-PID` that the next build replaces.
    ///
    /// Another process may write the old file while this one builds (the watcher applying a
    /// note, a command's walk): the rename drops what it wrote. So right before the rename the
    /// old file's change position is compared with `seen`, the one the caller read before it
    /// looked at the files. A write that lands between that comparison and the rename is still
    /// lost (the watcher finds it again by its full compare once it sees the file replaced).
    ///
    /// - Returns: `nil` when the new file could not be written (a full disk), in which case the
    ///   index was moved into memory and the caller adds the notes there; otherwise whether
    ///   another writer changed the index, or replaced its file, after `seen` (then the caller
    ///   looks at the files again).
    func buildFresh(after seen: ChangePosition, _ fill: (inout IndexWriter) throws -> Void) throws(VaultError) -> Bool? {
        let buildPath = path + ".build-\(getpid())"
        try? FileManager.default.removeItem(atPath: buildPath)
        do {
            let queue = try DatabaseQueue(path: buildPath, configuration: Self.configuration(bulk: true))
            try queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    try IndexSchema.createTables(db)
                    var writer = try IndexStore(db).writer(bulk: true)
                    try fill(&writer)
                    try writer.finish()
                    try IndexSchema.createIndexes(db)
                    try IndexSchema.stampVersion(db)
                    return .commit
                }
                try IndexStore(db).useWriteAheadLog()
            }
            try queue.close()
            // An old file that cannot be read now (busy, damaged) counts as written: one more
            // walk rather than a build thrown away.
            let othersWrote = fileReplaced || (try? database.read { db in try IndexStore(db).changePosition() }) != seen
            try replaceDatabase(with: buildPath)
            return othersWrote
        } catch {
            try? FileManager.default.removeItem(atPath: buildPath)
            if case .cannotSave(let reason) = IndexError.Kind(error) {
                try moveToMemory(because: reason)
                return nil
            }
            throw .index("could not build the index (\(IndexError.describe(error))); the notes are untouched")
        }
    }
}
