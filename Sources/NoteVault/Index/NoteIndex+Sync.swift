import Foundation

/// What a synchronisation changed.
public struct SyncReport: Sendable, Equatable {
    /// Notes found on disk.
    public var total = 0
    public var added = 0
    public var updated = 0
    public var removed = 0
    /// Files read to compare their hash because their times were too recent to trust.
    public var rehashed = 0
    /// Problems found while walking (symbolic links, unreadable folders).
    public var warnings: [Diagnostic] = []
    /// Each note added, updated or removed (not filled for a bulk build: after one, only what
    /// a second walk changed, when another writer raced the build).
    public var changes: [Change] = []
    /// Notes and folders that could not be read for a cause that passes (no descriptors left:
    /// EMFILE, ENFILE; no memory): their entries in the index were left as they were, and
    /// reading them again later brings them up to date.
    public var unreadable: [Unreadable] = []

    /// A note or folder that could not be read for now.
    public struct Unreadable: Sendable, Equatable {
        public var path: NotePath
        /// Whether it is a folder (then every note below it waits).
        public var isFolder: Bool
        public var error: SystemError
    }

    /// One change to the index.
    public struct Change: Sendable, Equatable {
        /// Whether the note came, changed or went.
        public enum Kind: String, Sendable { case added, updated, removed }
        public var kind: Kind
        public var path: NotePath
    }

    /// Whether anything in the index changed.
    public var changedAnything: Bool { added + updated + removed > 0 }

    /// Adds what a second look at the files changed (after a bulk build that another writer
    /// raced): its counts, changes and notes left unread; its total and warnings replace these.
    mutating func absorb(_ second: SyncReport) {
        total = second.total
        added += second.added
        updated += second.updated
        removed += second.removed
        rehashed += second.rehashed
        warnings = second.warnings
        changes += second.changes
        unreadable = second.unreadable
    }
}

/// Progress of a long synchronisation, for a progress bar.
public struct SyncProgress: Sendable {
    /// Notes read so far.
    public var done: Int
    /// Notes to read in all.
    public var total: Int
}

extension NoteIndex {
    /// Brings the index up to date with the files: walks the vault with `fstatat`, compares each
    /// file's size, mtime, ctime and inode with the index, re-reads only what differs (and, for
    /// files changed too recently to trust their times, compares a hash), and applies every change
    /// in one transaction.
    /// - Parameter progress: Called now and then while files are read.
    @discardableResult
    func synchronize(progress: ((SyncProgress) -> Void)? = nil) throws(VaultError) -> SyncReport {
        let (table, position) = try read { store in (try store.fingerprints(), try store.changePosition()) }
        let walker = DirectoryWalker(policy: vault.notePathPolicy)
        // Two lanes walk half the folders each; each keeps its own list of changes.
        let (lanes, summary) = walker.visitInParallel(root: vault.rootDescriptor, makeLane: { WalkLane() }) { lane, path, status in
            lane.total += 1
            if let position = table.find(path) {
                lane.seen.append(position)
                let entry = table.entries[position]
                if entry.fingerprint == status.fingerprint && !entry.racy { return }
                lane.work.append(SyncItem(path: NotePath(bytes: Array(path)), status: status, indexed: entry))
            } else {
                lane.work.append(SyncItem(path: NotePath(bytes: Array(path)), status: status, indexed: nil))
            }
        }
        var seen = [Bool](repeating: false, count: table.count)
        for lane in lanes { for position in lane.seen { seen[position] = true } }
        let work = lanes.flatMap(\.work)
        let total = lanes.reduce(0) { $0 + $1.total }
        if table.count == 0, work.count >= Self.bulkThreshold, unsavedReason == nil,
            case let (built, othersWrote)? = try buildFresh(work.map { ($0.path, $0.status) }, after: position, progress: progress)
        {
            var report = built
            report.warnings = summary.warnings
            // What another writer put in the old file meanwhile went with it: the files tell.
            // The second walk starts from the built table, so it builds nothing again (unless
            // the build wrote no note at all and another writer raced it once more).
            if othersWrote { report.absorb(try synchronize(progress: progress)) }
            return report
        }
        // A folder that could not be opened for now keeps its notes: they were not seen, not gone.
        let waiting = summary.unreadableFolders.filter { $0.error.isTransient }
        for folder in waiting {
            for position in table.positions(under: folder.path) { seen[position] = true }
        }
        let removed = seen.indices.filter { !seen[$0] }.map { table.path(at: $0) }
        var said = summary
        said.unreadableFolders.removeAll { $0.error.isTransient }
        var report = SyncReport(total: total, warnings: said.warnings)
        report.unreadable = waiting.map { SyncReport.Unreadable(path: $0.path, isFolder: true, error: $0.error) }
        return try apply(work, removed: removed, report: report, progress: progress)
    }

    /// Brings only these files up to date: each is re-read if it changed, added if new, and
    /// removed from the index if it is gone (or is no longer a note). The watcher calls this with
    /// the paths its events named.
    @discardableResult
    func reconcile(files paths: [NotePath]) throws(VaultError) -> SyncReport {
        try reconcile(files: paths, keepingMissing: { _ in false })
    }

    /// ``reconcile(files:)``, leaving the entry of a missing file in place when `keepingMissing`
    /// says so: the watcher's notes that vanished too recently to be gone for good (an editor's
    /// save in progress).
    func reconcile(files paths: [NotePath], keepingMissing: (NotePath) -> Bool) throws(VaultError) -> SyncReport {
        let policy = vault.notePathPolicy
        var work: [SyncItem] = []
        var removed: [NotePath] = []
        let indexed = try read { store in try Self.indexedEntries(for: paths, store) }
        var unreadable: [SyncReport.Unreadable] = []
        for path in Set(paths) {
            let status: FileStatus?
            do {
                status = try vault.fileStatus(path)
            } catch .system(let error) where error.isTransient {
                unreadable.append(SyncReport.Unreadable(path: path, isFolder: false, error: error))
                continue
            } catch {
                status = nil
            }
            if let status, policy.isNote(path, kind: status.kind) {
                if let entry = indexed[path], entry.fingerprint == status.fingerprint, !entry.racy { continue }
                work.append(SyncItem(path: path, status: status, indexed: indexed[path]))
            } else if indexed[path] != nil {
                if status == nil, keepingMissing(path) { continue }
                removed.append(path)
            }
        }
        var report = SyncReport(total: work.count)
        report.unreadable = unreadable
        return try apply(work, removed: removed, report: report, progress: nil)
    }

    /// Brings one folder's subtree up to date (a folder created, moved in, moved out or removed).
    @discardableResult
    func reconcile(folder: NotePath) throws(VaultError) -> SyncReport {
        let table = try read { store in try store.fingerprints() }
        let range = table.positions(under: folder)
        var seen = Set<Int>()
        var work: [SyncItem] = []
        var summary = DirectoryWalker.Summary()
        let policy = vault.notePathPolicy
        // A folder the policy does not enter holds no notes: whatever the index has below it goes.
        var descriptor: Int32?
        if policy.admitsFolder(folder) {
            var isFolder = false
            do throws(VaultError) {
                isFolder = try vault.fileStatus(folder).kind == .directory
            } catch .system(let error) where error.isTransient {
                return SyncReport(unreadable: [SyncReport.Unreadable(path: folder, isFolder: true, error: error)])
            } catch {}
            if isFolder {
                do throws(SystemError) {
                    descriptor = try vault.fileSystem.open(folder.bytes, beneath: vault.rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
                } catch where error.isTransient {
                    return SyncReport(unreadable: [SyncReport.Unreadable(path: folder, isFolder: true, error: error)])
                } catch {}
            }
        }
        if let descriptor {
            defer { vault.fileSystem.close(descriptor) }
            summary = DirectoryWalker(policy: policy, base: folder).visit(root: descriptor) { relative, status in
                let path = folder.appending(Array(relative))
                path.bytes.withUnsafeBufferPointer { bytes in
                    if let position = table.find(bytes) {
                        seen.insert(position)
                        let entry = table.entries[position]
                        if entry.fingerprint == status.fingerprint && !entry.racy { return }
                        work.append(SyncItem(path: path, status: status, indexed: entry))
                    } else {
                        work.append(SyncItem(path: path, status: status, indexed: nil))
                    }
                }
            }
        }
        let waiting = summary.unreadableFolders.filter { $0.error.isTransient }
        for below in waiting { seen.formUnion(table.positions(under: below.path)) }
        let removed = range.filter { !seen.contains($0) }.map { table.path(at: $0) }
        summary.unreadableFolders.removeAll { $0.error.isTransient }
        var report = SyncReport(total: work.count, warnings: summary.warnings)
        report.unreadable = waiting.map { SyncReport.Unreadable(path: $0.path, isFolder: true, error: $0.error) }
        return try apply(work, removed: removed, report: report, progress: nil)
    }

    /// The index's entries for some paths.
    private static func indexedEntries(for paths: [NotePath], _ store: IndexStore) throws -> [NotePath: FingerprintTable.Entry] {
        let lookup = try store.fileLookup()
        var result: [NotePath: FingerprintTable.Entry] = [:]
        for path in paths {
            if let entry = try lookup.entry(for: path) { result[path] = entry }
        }
        return result
    }

    /// Writes the changes found by a walk or a reconcile in one transaction, reading the
    /// changed files on another thread while it writes.
    ///
    /// What the walk saw may be old by the time it writes: another process (the watcher, a
    /// server, a command that walked because git was busy) may have written the index in
    /// between, removing a note and adding it again under a new row number, or giving a removed
    /// note's number to a different note. So inside the transaction, which no other writer can
    /// enter, every path is looked up again: a note is written through the row its path has now,
    /// and a note to remove is looked at on disk again, removed only if it is still gone (read
    /// again if it came back) and only through its own row.
    private func apply(
        _ work: [SyncItem], removed: [NotePath], report initial: SyncReport, progress: ((SyncProgress) -> Void)?
    ) throws(VaultError) -> SyncReport {
        beforeWriting?()
        guard !work.isEmpty || !removed.isEmpty else { return initial }
        let timeZone = vault.clock.timeZone
        let racyAfter = FileStatus.racyAfter()
        let vault = self.vault
        // The transaction may run again (the database was busy, or had to move into memory), so
        // it starts its report afresh each time.
        let outcome = try connection.write { store -> SyncReport in
            var report = initial
            let (items, gone, unreadable) = try Self.current(work, removed: removed, vault: vault, store)
            report.unreadable += unreadable
            report.removed = gone.count
            report.changes = gone.map { SyncReport.Change(kind: .removed, path: $0.path) }
            var writer = try store.writer()
            for note in gone { try writer.delete(id: note.id, path: note.path) }
            var done = 0
            try BatchPipeline.run(
                items, batchSize: 128,
                transform: { item -> SyncOutcome in
                    Self.read(item, vault: vault, timeZone: timeZone, racyAfter: racyAfter)
                },
                consume: { outcomes in
                    for outcome in outcomes {
                        switch outcome {
                        case .vanished: break
                        case .unreadable(let path, let error):
                            report.unreadable.append(SyncReport.Unreadable(path: path, isFolder: false, error: error))
                        case .sameContent(let id, let path, let fingerprint, let racy):
                            try writer.refreshFingerprint(id: id, path: path, fingerprint: fingerprint, racy: racy)
                            report.rehashed += 1
                        case .record(let record, let existing):
                            if let existing {
                                try writer.update(id: existing.id, with: record, previous: existing)
                                report.updated += 1
                                report.changes.append(SyncReport.Change(kind: .updated, path: record.path))
                            } else {
                                try writer.insert(record)
                                report.added += 1
                                report.changes.append(SyncReport.Change(kind: .added, path: record.path))
                            }
                        }
                    }
                    done += outcomes.count
                    progress?(SyncProgress(done: done, total: items.count))
                })
            try writer.finish()
            return report
        }
        switch outcome {
        case .written(let report):
            return report
        case .rebuilt(let report):
            // The database was damaged: it was rebuilt from every note instead.
            return report
        }
    }

    /// The work and the removals as the index and the files stand inside the writing
    /// transaction (see ``apply(_:removed:report:progress:)``): each note to write with the row
    /// its path has now and what an update needs to know about it (hash, `updated` text and
    /// time); each note to remove with its own row, unless another process removed it already
    /// (nothing to do) or it is on disk again (then it is read like the rest of the work).
    private static func current(
        _ work: [SyncItem], removed: [NotePath], vault: Vault, _ store: IndexStore
    ) throws -> (work: [SyncItem], gone: [(id: Int64, path: NotePath)], unreadable: [SyncReport.Unreadable]) {
        let files = try store.fileLookup()
        let notes = try store.contentLookup()
        let policy = vault.notePathPolicy
        var items = work
        var gone: [(id: Int64, path: NotePath)] = []
        var unreadable: [SyncReport.Unreadable] = []
        for path in removed {
            guard let entry = try files.entry(for: path) else { continue }
            do throws(VaultError) {
                let status = try vault.fileStatus(path)
                if policy.isNote(path, kind: status.kind) {
                    items.append(SyncItem(path: path, status: status, indexed: nil))
                    continue
                }
            } catch .system(let error) where error.isTransient {
                // Cannot look for now: the entry stays and is reported, as for any note that
                // cannot be read, so that it is looked at again (the watcher retries these).
                unreadable.append(SyncReport.Unreadable(path: path, isFolder: false, error: error))
                continue
            } catch {}
            gone.append((entry.id, path))
        }
        for position in items.indices {
            let indexed = try files.entry(for: items[position].path)
            items[position].indexed = indexed
            items[position].existing = try indexed.flatMap { try notes.fingerprint(of: $0.id) }
        }
        return (items, gone, unreadable)
    }

    /// Reads one changed file off the database thread.
    private static func read(_ item: SyncItem, vault: Vault, timeZone: TimeZone, racyAfter: Int64) -> SyncOutcome {
        let snapshot: FileSnapshot?
        let status: FileStatus
        do {
            let read = try vault.fileSystem.readFile(item.path.bytes, beneath: vault.rootDescriptor, limit: NoteContent.maximumSize)
            snapshot = read
            status = read.status
        } catch let error where error.code == EFBIG {
            snapshot = nil
            status = item.status
        } catch let error where error.isTransient {
            return .unreadable(item.path, error)
        } catch {
            return .vanished
        }
        if let existing = item.existing, let snapshot, Int64(snapshot.bytes.count) == existing.size,
            snapshot.hash == existing.hash
        {
            let racy = status.modified >= racyAfter || status.changed >= racyAfter
            return .sameContent(id: existing.id, path: item.path, fingerprint: status.fingerprint, racy: racy)
        }
        let record = IndexRecord(path: item.path, status: status, bytes: snapshot?.bytes, timeZone: timeZone, racyAfter: racyAfter)
        return .record(record, existing: item.existing)
    }
}

/// One walking thread's findings.
private struct WalkLane {
    var work: [SyncItem] = []
    var seen: [Int] = []
    var total = 0
}

private struct SyncItem: Sendable {
    var path: NotePath
    var status: FileStatus
    var indexed: FingerprintTable.Entry?
    var existing: IndexedFingerprint?
}

private enum SyncOutcome: Sendable {
    /// The file disappeared between the walk and the read; the next walk removes it.
    case vanished
    /// The file could not be read for now (``SystemError/isTransient``); its entry stays.
    case unreadable(NotePath, SystemError)
    /// Only the times changed: the bytes hash the same.
    case sameContent(id: Int64, path: NotePath, fingerprint: FileFingerprint, racy: Bool)
    /// New or changed content.
    case record(IndexRecord, existing: IndexedFingerprint?)
}
