/// What the watcher has heard about but not yet applied: the notes and folders events named,
/// and whether only a full reconcile will do.
///
/// Events are hints. A path is looked at only after its events have settled, and then by
/// `lstat`: a note that vanished for a moment while an editor saved it (vim's rename to
/// `note.md~`, `git checkout`'s delete and create) is found again and never dropped.
struct PendingChanges {
    /// Notes named by events, with the monotonic time of their last event.
    private(set) var files: [NotePath: Double] = [:]
    /// Notes being written (a `MODIFY` without its `CLOSE_WRITE` yet), with when it began.
    private(set) var writing: [NotePath: Double] = [:]
    /// Folders created, removed or moved, whose whole subtree must be looked at.
    private(set) var folders: Set<NotePath> = []
    /// Whether the event queue overflowed or a watch failed: only a full walk is sure.
    var needsFullReconcile = false
    /// The monotonic time of the last event.
    private(set) var lastEvent: Double = 0

    var isEmpty: Bool { files.isEmpty && folders.isEmpty && !needsFullReconcile }

    mutating func noteChanged(_ path: NotePath, at time: Double) {
        files[path] = time
        lastEvent = time
    }

    mutating func noteWriting(_ path: NotePath, at time: Double) {
        if writing[path] == nil { writing[path] = time }
        noteChanged(path, at: time)
    }

    mutating func noteClosed(_ path: NotePath, at time: Double) {
        writing[path] = nil
        noteChanged(path, at: time)
    }

    /// Puts back a note that was taken but had vanished when it was looked at, with the time of
    /// its last event, so that it is looked at again once it has settled.
    mutating func noteVanished(_ path: NotePath, at time: Double) {
        files[path] = max(files[path] ?? time, time)
        lastEvent = max(lastEvent, time)
    }

    mutating func folderChanged(_ path: NotePath, at time: Double) {
        folders.insert(path)
        lastEvent = time
    }

    /// When the pending changes may be applied: `settle` after the last event, later while a
    /// note is still being written (up to `maximumWrite`).
    func readyTime(settle: Double, maximumWrite: Double) -> Double? {
        guard !isEmpty else { return nil }
        let settled = lastEvent + settle
        let somethingNotBeingWritten = files.keys.contains { writing[$0] == nil } || !folders.isEmpty || needsFullReconcile
        if somethingNotBeingWritten { return settled }
        // Only notes being written: their CLOSE_WRITE will wake the loop; this is the limit.
        return max(settled, (writing.values.min() ?? lastEvent) + maximumWrite)
    }

    /// Takes the changes to apply now. A note still being written (a `MODIFY` without its
    /// `CLOSE_WRITE` yet) stays pending until `maximumWrite` has passed, unless
    /// `takeWriting` says otherwise for it (a catch-up: see ``VaultWatcher``). Vanished notes
    /// whose events have not settled stay too, so that a transient disappearance is never
    /// applied.
    mutating func take(
        now: Double, settle: Double, maximumWrite: Double, takeWriting: (NotePath) -> Bool = { _ in false }, exists: (NotePath) -> Bool
    ) -> (files: [NotePath], folders: [NotePath], full: Bool) {
        let full = needsFullReconcile
        needsFullReconcile = false
        let takenFolders = Array(folders)
        folders.removeAll()
        var taken: [NotePath] = []
        for (path, time) in files {
            if let started = writing[path], now - started < maximumWrite, !takeWriting(path) { continue }
            if now - time < settle, !exists(path) { continue }
            taken.append(path)
        }
        for path in taken {
            files[path] = nil
            writing[path] = nil
        }
        return (taken, takenFolders, full)
    }

    /// When the last of the notes left pending because they vanished moments ago will have
    /// settled, or `nil` when none is left (notes being written wait for their `CLOSE_WRITE`,
    /// not for this).
    func settledTime(settle: Double) -> Double? {
        files.filter { writing[$0.key] == nil }.values.max().map { $0 + settle }
    }

    /// Forgets everything (after a full reconcile).
    mutating func clear() {
        files.removeAll()
        writing.removeAll()
        folders.removeAll()
        needsFullReconcile = false
    }
}
