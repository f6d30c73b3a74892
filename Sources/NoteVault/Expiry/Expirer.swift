import Foundation

/// What one expiry pass did, note by note.
package struct ExpiryReport: Sendable {
    /// A note that was destroyed.
    package struct Expired: Sendable, Equatable {
        package var path: NotePath
        package var destroy: Date
        /// Where it went in `.trash/`, or `nil` when it was deleted.
        package var trashedAs: String?
    }

    /// A due note that was kept, and why.
    package struct Skipped: Sendable, Equatable {
        package var path: NotePath
        package var reason: LocalizedMessage
        /// Whether the cause may go away by itself, without any change to the vault (a move
        /// that failed on a full or read-only disk): worth trying again on the next pass.
        package var mayRetry = false

        package init(path: NotePath, reason: LocalizedMessage, mayRetry: Bool = false) {
            self.path = path
            self.reason = reason
            self.mayRetry = mayRetry
        }
    }

    /// Notes destroyed (or, for a dry run, that would be).
    package var expired: [Expired] = []
    /// Due notes kept this time; they are looked at again on the next pass.
    package var skipped: [Skipped] = []
    /// Why nothing at all was destroyed, when the whole pass was refused.
    package var refusal: LocalizedMessage?
    /// Due notes left alone because they became due only when the system clock jumped ahead
    /// (the watcher's check; `enote expire` does not hold notes back).
    package var heldBack: [NotePath] = []
    /// The next destroy date still ahead, for the watcher's timer.
    package var nextDestroy: Date?
}

/// Destroys notes whose destroy date has passed — the one irreversible thing enote does, so it
/// checks the most: the date must be valid and unambiguous and the note free of front matter
/// errors; no git operation may be in progress; no other editor may have the note open; the
/// note must not have changed since the decision; and a pass that would destroy many notes at
/// once (a clock that jumped years ahead) stops and asks. Notes go to `.trash/` unless the vault
/// config says `delete`, and even then only content git has committed is deleted outright.
package struct Expirer: Sendable {
    package let vault: Vault
    package let index: NoteIndex

    /// Notes more than this share of the vault, when more than `minimumForShare`, make a pass
    /// ask for confirmation.
    static let share = 0.5
    static let minimumForShare = 10

    package init(vault: Vault, index: NoteIndex) {
        self.vault = vault
        self.index = index
    }

    /// Runs one pass at `now`. Notes whose destroy key cannot be used (not a date, empty, a
    /// list, set twice) are never destroyed; each pass names them among the notes kept.
    /// - Parameters:
    ///   - dryRun: Only report what would be destroyed.
    ///   - force: Destroy even more notes than the cap allows (after the user confirmed).
    /// - Returns: What was destroyed, kept and why.
    package func run(dryRun: Bool = false, force: Bool = false) throws(VaultError) -> ExpiryReport {
        try run(dryRun: dryRun, force: force, unusableAmong: nil)
    }

    /// ``run(dryRun:force:)`` naming only some of the notes with an unusable destroy key.
    /// - Parameters:
    ///   - paths: The notes to look at for an unusable destroy key, or `nil` for all of them (a
    ///     scan of the index; the watcher names only the notes it has just indexed).
    ///   - holdBack: Whether a due note with this destroy date is left alone this time (it is
    ///     due only because the clock jumped ahead; see ``ClockJumpGuard``).
    func run(
        dryRun: Bool = false, force: Bool = false, unusableAmong paths: [NotePath]?, holdBack: (Date) -> Bool = { _ in false }
    ) throws(VaultError) -> ExpiryReport {
        var report = try pass(dryRun: dryRun, force: force, holdBack: holdBack)
        report.skipped += try unusableDestroyDates(among: paths)
        return report
    }

    private func pass(dryRun: Bool, force: Bool, holdBack: (Date) -> Bool) throws(VaultError) -> ExpiryReport {
        let now = vault.clock.now()
        var report = ExpiryReport()
        var due = try dueNotes(at: now)
        report.heldBack = due.filter { $0.destroy.map(holdBack) ?? false }.map(\.path)
        due.removeAll { $0.destroy.map(holdBack) ?? false }
        report.nextDestroy = try nextDestroy(after: now)
        guard !due.isEmpty else { return report }

        if let operation = GitState(vaultRoot: vault.root).operationInProgress {
            // The operation ends without touching these notes (a merge committed, a bisect
            // reset): whoever runs passes must look again later.
            report.skipped = due.map {
                ExpiryReport.Skipped(path: $0.path, reason: "\(operation); nothing is destroyed until it ends", mayRetry: true)
            }
            return report
        }
        let syncLedger = SyncLedger(vault: vault)
        switch syncLedger.condition {
        case .running:
            report.skipped = due.map {
                ExpiryReport.Skipped(path: $0.path, reason: "a sync is integrating changes; nothing is destroyed until it ends", mayRetry: true)
            }
            return report
        case .interrupted:
            // Its work tree may hold git's half-written files until the next sync undoes it.
            report.skipped = due.map {
                ExpiryReport.Skipped(
                    path: $0.path, reason: "a sync was interrupted before it finished; nothing is destroyed until the next sync undoes it", mayRetry: true)
            }
            return report
        case .none, .stopped:
            break
        }
        let brought = syncLedger.brought()
        due.removeAll { note in
            guard !brought.isEmpty, brought.contains(where: { $0.path == note.path.description }),
                let snapshot = try? vault.readWithSnapshot(note.path).snapshot,
                brought.contains(where: { $0.path == note.path.description && $0.hash == snapshot.hash.description })
            else { return false }
            report.skipped.append(
                ExpiryReport.Skipped(
                    path: note.path,
                    reason: """
                        it was changed on another machine and brought here by a sync after its destroy date had passed, so it is \
                        not destroyed: set a later destroy date, remove it, or delete the note by hand
                        """))
            return true
        }
        let ledger = ExpiryLedger(vault: vault)
        if !ledger.isEmpty {
            due.removeAll { note in
                guard let reason = cameBack(note.path, ledger: ledger) else { return false }
                report.skipped.append(ExpiryReport.Skipped(path: note.path, reason: reason))
                return true
            }
            guard !due.isEmpty else { return report }
        }
        let total = try index.count(NoteFilter(now: now).including(pending: true))
        let cap = vault.config.expiryCap
        if !force, due.count > cap || (due.count > Self.minimumForShare && Double(due.count) > Double(total) * Self.share) {
            report.refusal = LocalizedMessage(
                "\(due.count) of \(total) notes are past their destroy date at once (the cap is \(cap) per pass)", remedy: .expireBeyondCap)
            return report
        }

        let lock = try vault.lock()
        defer { lock.release() }
        let git = GitState(vaultRoot: vault.root)
        var removed: [NotePath] = []
        for note in due {
            switch check(note, now: now, holdBack: holdBack) {
            case .skip(let reason, let mayRetry):
                report.skipped.append(ExpiryReport.Skipped(path: note.path, reason: reason, mayRetry: mayRetry))
            case .expire(let snapshot, let date):
                if dryRun {
                    report.expired.append(ExpiryReport.Expired(path: note.path, destroy: date, trashedAs: nil))
                    continue
                }
                do throws(VaultError) {
                    let trashed = try destroy(note.path, snapshot: snapshot, git: git)
                    report.expired.append(ExpiryReport.Expired(path: note.path, destroy: date, trashedAs: trashed))
                    removed.append(note.path)
                } catch .system(let error) {
                    // A read-only vault, a full disk: the note stays as it was.
                    report.skipped.append(
                        ExpiryReport.Skipped(
                            path: note.path, reason: "it could not be destroyed (\(error.message)); it is kept and tried again later", mayRetry: true))
                } catch {
                    report.skipped.append(ExpiryReport.Skipped(path: note.path, reason: error.message, mayRetry: true))
                }
            }
        }
        let deleted = report.expired.filter { $0.trashedAs == nil && !dryRun }.map {
            AgentJournal.Destroyed(path: $0.path, until: vault.clock.now(), wasTrashed: false)
        }
        // The deleted notes are forgotten even when the index could not take their removal.
        defer { try? vault.forgetDestroyed(deleted, index: index) }
        if !removed.isEmpty { try index.reconcile(files: removed) }
        return report
    }

    /// A note the index says is past its destroy date.
    struct Due {
        var path: NotePath
        var destroy: Date?
    }

    /// The notes the index says are past their destroy date, soonest first. Only their path and
    /// date: a pass that refuses (the cap) or finds git busy reads nothing more, and the watcher
    /// runs a pass after every change.
    func dueNotes(at now: Date) throws(VaultError) -> [Due] {
        try index.read { store in try store.dueNotes(at: now) }.map { Due(path: $0.path, destroy: $0.destroy) }
    }

    /// The notes among `paths` (all when `nil`) whose destroy key is present but cannot be used,
    /// each with the reason read from the file.
    func unusableDestroyDates(among paths: [NotePath]?) throws(VaultError) -> [ExpiryReport.Skipped] {
        let found = try index.read { store in try store.unusableDestroyDates(among: paths) }
        return found.compactMap { path in
            guard let note = try? vault.read(path) else { return nil }
            let reason: LocalizedMessage
            switch note.content.metadata.destroy {
            case .ambiguous(let lines):
                reason = "its destroy date is set twice (lines \(lines.map(String.init).joined(separator: ", "))), so it is never destroyed"
            case .invalid(let text, let why) where text.isEmpty:
                reason = "its destroy date is not a valid date (\(why)), so it is never destroyed"
            case .invalid(let text, let why):
                reason = "its destroy date \"\(text)\" is not a valid date (\(why)), so it is never destroyed"
            default:
                return nil  // changed since it was indexed; the next pass looks again
            }
            return ExpiryReport.Skipped(path: path, reason: reason)
        }
    }

    /// The soonest destroy date after `now`, if any.
    package func nextDestroy(after now: Date) throws(VaultError) -> Date? {
        try index.read { store in try store.nextDestroy(after: now) }
    }

    /// Why a note is kept when it already expired with these very bytes (``ExpiryLedger``), or
    /// `nil` when it did not.
    private func cameBack(_ path: NotePath, ledger: ExpiryLedger) -> LocalizedMessage? {
        guard ledger.hasExpired(path), let snapshot = try? vault.readWithSnapshot(path).snapshot,
            let expiry = ledger.expiry(of: path, hash: snapshot.hash)
        else { return nil }
        return """
            it already expired on \(NoteDate.stamp(expiry.date, in: vault.clock.timeZone)) and came back unchanged \
            (checked out from git again, or restored from the trash), so it is not destroyed again: \
            remove its destroy date, or delete it by hand
            """
    }

    private enum Decision {
        case expire(FileSnapshot, Date)
        /// Kept, and why; `mayRetry` when the cause may pass without the note changing.
        case skip(LocalizedMessage, mayRetry: Bool = false)
    }

    /// Re-reads the note and checks every rule; the snapshot is what may be destroyed.
    private func check(_ note: Due, now: Date, holdBack: (Date) -> Bool) -> Decision {
        let read: (note: Note, snapshot: FileSnapshot)
        do {
            read = try vault.readWithSnapshot(note.path)
        } catch {
            return .skip("it could not be read again (\(error.message))", mayRetry: true)
        }
        let content = read.note.content
        if let problem = content.textProblem { return .skip("it is \(problem.message)") }
        if content.diagnostics.contains(where: { $0.severity == .error }) {
            return .skip(LocalizedMessage("its front matter has errors; fix them first", remedy: .showNote(path: note.path.description)))
        }
        guard let destroy = read.note.destroyDate(in: vault.clock.timeZone) else {
            switch content.metadata.destroy {
            case .ambiguous(let lines): return .skip("its destroy date is set twice (lines \(lines.map(String.init).joined(separator: ", ")))")
            case .invalid(let text, _): return .skip("its destroy date \"\(text)\" is not a valid date")
            default: return .skip("it no longer has a destroy date")
            }
        }
        guard destroy <= now else { return .skip("its destroy date moved to \(NoteDate.stamp(destroy, in: vault.clock.timeZone))") }
        if holdBack(destroy) {
            return .skip(
                LocalizedMessage(
                    "its destroy date \(NoteDate.stamp(destroy, in: vault.clock.timeZone)) has passed only because the system clock jumped ahead",
                    remedy: .expireIfClockIsRight))
        }
        if let holder = EditorLockDetector.holder(of: note.path, in: vault) {
            // A claim of `enote edit` goes without a change in the vault to look at again.
            return .skip("it is open in \(holder)", mayRetry: holder.editor == EditClaim.editorName)
        }
        return .expire(read.snapshot, destroy)
    }

    /// Moves the note to the trash (or deletes committed content when configured), if its
    /// bytes are still the ones checked.
    private func destroy(_ path: NotePath, snapshot: FileSnapshot, git: GitState) throws(VaultError) -> String? {
        // A program saving the note in place right now keeps it: expiry does not wait with the
        // vault held (the note is looked at again at the next pass), and a note about to be
        // deleted must not take the bytes the program is still writing with it.
        if vault.waitForWriters(of: path, patience: .zero) == .stillWriting { throw .write(.beingWritten(path)) }
        let current = try vault.readWithSnapshot(path).snapshot
        guard current.hash == snapshot.hash, current.bytes == snapshot.bytes else {
            throw .write(.conflict(path: path, conflictCopy: nil))
        }
        // git is asked for the blob HEAD has for this one file, and its bytes are compared with
        // the ones read (never `git status`, which an index flag can silence); a name that is not
        // UTF-8 cannot be passed on, and asking about its folder instead could mistake an
        // ignored note for committed content.
        if vault.config.expiry == .delete, let name = path.string, git.isCommitted(current.bytes, as: name, in: vault.root) {
            // Asked again after git's answer (milliseconds): only the instant between this look
            // and the unlink is left.
            guard vault.waitForWriters(of: path, patience: .zero) == .settled, (try? vault.readWithSnapshot(path).snapshot.hash) == current.hash else {
                throw .write(.beingWritten(path))
            }
            do {
                let folder = try vault.fileSystem.open(
                    path.parent?.bytes ?? Array(".".utf8), beneath: vault.rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
                defer { vault.fileSystem.close(folder) }
                try vault.fileSystem.unlink(path.fileNameBytes, in: folder, flags: 0)
                try vault.fileSystem.fsync(folder, path: path.parent?.description ?? ".")
            } catch {
                throw .system(error)
            }
            try vault.recordExpiredDeletion(path, hash: current.hash)
            return nil
        }
        return try vault.moveToTrashLocked(path, reason: .expired, hash: current.hash).trashedPath
    }
}

extension NoteFilter {
    /// This filter, showing or hiding notes past their destroy date.
    func including(pending: Bool) -> NoteFilter {
        var copy = self
        copy.includePendingExpiry = pending
        return copy
    }
}
