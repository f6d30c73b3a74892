import Foundation

/// What the watcher says as it works: one line per indexed change, each vault warning once, a
/// summary after a walk of the whole vault, all in the user's language through the log the
/// watcher was given.
extension VaultWatcher {
    /// Logs the warnings not logged before.
    func warnOnce(_ warnings: [Diagnostic]) {
        for warning in warnings where reported.insert(warning).inserted {
            options.log(warning.description)
        }
    }

    /// One line per change.
    func log(_ report: SyncReport, reason: WalkReason?) {
        for change in report.changes {
            switch change.kind {
            case .added: say("indexed \(change.path) (new)")
            case .updated: say("indexed \(change.path)")
            case .removed: say("removed \(change.path) from the index")
            }
        }
        warnOnce(report.warnings)
        switch reason {
        case .start where report.changedAnything:
            say("at start: \(report.added) added, \(report.updated) updated, \(report.removed) removed")
        case .fullReconcile:
            say("full reconcile: \(report.added) added, \(report.updated) updated, \(report.removed) removed")
        case .start, nil:
            break
        }
    }

    /// Why the whole vault was walked, for the summary line of a walk.
    enum WalkReason {
        case start, fullReconcile
    }

    /// The line a watcher logs once it watches: the vault, its folders and its notes.
    static func watchingMessage(root: String, folders: Int, notes: Int) -> LocalizedMessage {
        let folderCount: LocalizedMessage = "\(count: folders) folders"
        let noteCount: LocalizedMessage = "\(count: notes) notes"
        return "watching \(root) (\(folderCount), \(noteCount))"
    }

    /// Logs one line in the user's language.
    func say(_ message: LocalizedMessage) {
        options.log(message.text)
    }

    /// Logs one line that says something went wrong and is being dealt with, and hands it to
    /// ``Options/trouble`` too (a server shows only those).
    func sayTrouble(_ message: LocalizedMessage) {
        say(message)
        options.trouble(message.text)
    }
}
