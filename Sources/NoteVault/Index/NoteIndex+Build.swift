import Foundation

extension NoteIndex {
    /// Fewer new notes than this are simply added to the current database.
    static let bulkThreshold = 500

    /// Builds a whole index in a new file from these notes and swaps it in
    /// (``IndexConnection/buildFresh(after:_:)``), reading the files on another thread while it writes.
    ///
    /// - Parameter seen: The index's change position before the caller walked the files.
    /// - Returns: What was built, and whether another writer changed the index after `seen`
    ///   (its writes went with the old file: the caller looks at the files again); `nil` when
    ///   the file could not be written (a full disk), in which case the index was moved into
    ///   memory and the caller adds the notes there.
    func buildFresh(
        _ entries: [(path: NotePath, status: FileStatus)], after seen: ChangePosition, progress: ((SyncProgress) -> Void)?
    ) throws(VaultError) -> (report: SyncReport, othersWrote: Bool)? {
        let timeZone = vault.clock.timeZone
        let racyAfter = FileStatus.racyAfter()
        let vault = self.vault
        var report = SyncReport(total: entries.count)
        beforeWriting?()
        let built = try connection.buildFresh(after: seen) { writer in
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
        }
        guard let othersWrote = built else { return nil }
        return (report, othersWrote)
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
