/// How marking a task done or open ended; each task carries the revision of the note as it
/// now is (``NoteTask/noteRevision``).
public enum TaskChange: Sendable {
    /// The note was written; the task as it now reads.
    case changed(Note, NoteTask)
    /// The task already was as asked: nothing was written.
    case unchanged(Note, NoteTask)

    /// The task as it now reads, whether or not the note was written.
    public var task: NoteTask {
        switch self {
        case .changed(_, let task), .unchanged(_, let task): task
        }
    }
}

extension Vault {
    /// Marks the task on `line` of a note done or open again, changing the one byte between its
    /// brackets (and, when the vault's `task_done_date` is on, adding or removing `✅ DATE`) through
    /// the durable writer; every other byte of the file stays, and `updated` is not stamped.
    ///
    /// - Parameters:
    ///   - path: The note.
    ///   - line: The 1-based line of the task's marker.
    ///   - done: Done, or open again.
    ///   - revision: The revision the caller showed (a web page); when the note changed since,
    ///     nothing is written.
    ///   - force: Change the note even if another editor has it open.
    /// - Throws: ``VaultError``: the note is open in an editor (``VaultError/openElsewhere(path:holder:)``),
    ///   the line holds no task (``VaultError/taskNotFound(path:line:)``), the note changed since
    ///   `revision` or while it was written (a conflict, exit status 3), or the write failed. The
    ///   file is unchanged in every case.
    public func setTask(in path: NotePath, line: Int, done: Bool, revision: NoteRevision? = nil, force: Bool = false) throws(VaultError) -> TaskChange {
        try requireMarkdown(path)
        if !force, let holder = EditorLockDetector.holder(of: path, in: self) {
            throw .openElsewhere(path: path, holder: holder.description)
        }
        let lock = try lock()
        defer { lock.release() }
        let (note, snapshot) = try readWithSnapshot(path)
        if let revision, ContentHash(snapshot.bytes) != revision.hash {
            throw .write(.conflict(path: path, conflictCopy: nil))
        }
        guard var task = TaskExtractor.tasks(in: note.content, path: path).first(where: { $0.line == line }) else {
            throw .taskNotFound(path: path, line: line)
        }
        task.noteRevision = note.revision
        let stampDay = config.taskDoneDate ? CalendarDay(clock.now(), in: clock.timeZone) : nil
        let edits = task.toggleEdits(done: done, stampDay: stampDay)
        guard !edits.isEmpty else { return .unchanged(note, task) }
        do {
            try writer.replace(path, with: NoteTask.apply(edits, to: snapshot.bytes), expecting: snapshot)
        } catch {
            throw .write(error)
        }
        let written = try read(path)
        var now = TaskExtractor.tasks(in: written.content, path: path).first { $0.line == line } ?? task
        now.noteRevision = written.revision
        return .changed(written, now)
    }
}
