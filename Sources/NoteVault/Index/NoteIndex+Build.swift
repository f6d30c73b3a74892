import Foundation
import GRDB

extension NoteIndex {
    /// Fewer new notes than this are simply added to the current database.
    static let bulkThreshold = 500

    /// Builds a whole index in a new file and swaps it in: tables without secondary indexes, no
    /// journal, no fsync and a large cache while filling them, the indexes created at the end,
    /// then an atomic rename. Readers of the old file are never disturbed, and a crash leaves
    /// only a stray `index.sqlite.build-PID` that the next build replaces.
    ///
    /// - Returns: What was built; `nil` when the file could not be written (a full disk), in
    ///   which case the index was moved into memory and the caller adds the notes there.
    func buildFresh(_ entries: [(path: NotePath, status: FileStatus)], progress: ((SyncProgress) -> Void)?) throws(VaultError) -> SyncReport? {
        let buildPath = path + ".build-\(getpid())"
        try? FileManager.default.removeItem(atPath: buildPath)
        let timeZone = vault.clock.timeZone
        let racyAfter = Int64((Date().timeIntervalSince1970 - 2) * 1_000_000_000)
        let vault = self.vault
        var report = SyncReport(total: entries.count)
        do {
            let queue = try DatabaseQueue(path: buildPath, configuration: Self.configuration(bulk: true))
            try queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    try IndexSchema.createTables(db)
                    var writer = try IndexWriter(db, bulk: true)
                    var done = 0
                    try BatchPipeline.run(
                        entries, batchSize: 256,
                        transform: { entry -> IndexRecord? in
                            Self.record(for: entry.path, status: entry.status, vault: vault, timeZone: timeZone, racyAfter: racyAfter)
                        },
                        consume: { records in
                            for record in records {
                                guard let record else { continue }
                                try writer.insert(record)
                                report.added += 1
                            }
                            done += records.count
                            progress?(SyncProgress(done: done, total: entries.count))
                        })
                    try writer.finish()
                    try IndexSchema.createIndexes(db)
                    try db.execute(sql: "PRAGMA user_version = \(IndexSchema.version)")
                    return .commit
                }
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            try queue.close()
            try replaceDatabase(with: buildPath)
        } catch {
            try? FileManager.default.removeItem(atPath: buildPath)
            if case .cannotSave(let reason) = IndexError.Kind(error) {
                try moveToMemory(because: reason)
                return nil
            }
            throw .invalidInput("could not build the index (\(IndexError.describe(error))); the notes are untouched")
        }
        return report
    }

    /// Reads one note for the index; `nil` when it vanished since the walk.
    static func record(for path: NotePath, status: FileStatus, vault: Vault, timeZone: TimeZone, racyAfter: Int64) -> IndexRecord? {
        do {
            let snapshot = try vault.fileSystem.readFile(path.bytes, beneath: vault.rootDescriptor, limit: NoteContent.maximumSize)
            return IndexRecord(path: path, status: snapshot.status, bytes: snapshot.bytes, timeZone: timeZone, racyAfter: racyAfter)
        } catch let error where error.code == EFBIG {
            return IndexRecord(path: path, status: status, bytes: nil, timeZone: timeZone, racyAfter: racyAfter)
        } catch {
            return nil
        }
    }
}
