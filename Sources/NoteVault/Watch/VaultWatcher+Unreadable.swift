import Foundation

/// Notes and folders the watcher could not read for a cause that passes: the process had no
/// descriptor left (EMFILE, as a flood of connections to `enote serve` can cause), or the system
/// none (ENFILE). The index keeps their last version, the log names each once, and they are read
/// again every ``VaultWatcher/Options/unreadableRetryInterval`` until they can be; so a note
/// changed meanwhile is indexed, for the watcher's pages and for every command that trusts it.
extension VaultWatcher {
    /// Keeps what `report` could not read to be read again, and names what is new in the log.
    /// - Parameter covering: What the step read (`nil`: the whole vault); of those, the ones it
    ///   could read now are no longer waiting.
    func keepUnreadable(_ report: SyncReport, covering: [NotePath]?) {
        let failed = Set(report.unreadable.map(\.path))
        let covered = covering.map(Set.init)
        unreadableSaid = unreadableSaid.filter { path in failed.contains(path) || !(covered?.contains(path) ?? true) }
        guard !report.unreadable.isEmpty else { return }
        let interval = String(format: "%g", options.unreadableRetryInterval)
        for item in report.unreadable {
            unreadable[item.path] = item.isFolder
            if unreadableSaid.insert(item.path).inserted {
                let name = item.path.bytes.isEmpty ? vault.root : item.path.description
                let line: LocalizedMessage = "could not read \(name) (\(item.error.reasonMessage)); trying again every \(interval) s"
                sayTrouble(line)
            }
        }
        if unreadableRetryAt == nil { unreadableRetryAt = monotonicSeconds() + options.unreadableRetryInterval }
    }

    /// Hands what waits to be read again back to the pending changes once it is due.
    func retryUnreadableIfDue(now: Double) {
        guard let due = unreadableRetryAt, now >= due else { return }
        unreadableRetryAt = nil
        for (path, isFolder) in unreadable {
            if path.bytes.isEmpty {
                pending.needsFullReconcile = true
            } else if isFolder {
                pending.folderChanged(path, at: now - options.settle)
            } else {
                pending.noteChanged(path, at: now - options.settle)
            }
        }
        unreadable = [:]
    }
}
