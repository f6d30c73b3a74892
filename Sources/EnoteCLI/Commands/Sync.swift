import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote sync`: commit, fetch, rebase, push.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "sync",
            abstract: "Commit the vault's changes, bring in the other machines' and push (git).",
            discussion: """
                Commits the notes, attachments and .enote/config and templates (never the index \
                or .trash/) with a message that says what changed and on which machine, fetches \
                the branch's upstream, rebases onto it and pushes. A push the remote rejected \
                because it moved on is integrated and tried again.

                Refused while a git merge or rebase is in progress, while a note is open in an \
                editor, and without an upstream. Offline, the local commit is kept and goes up \
                with the next sync. When both sides changed the same lines of a note, the sync \
                stops: `enote sync --status` names the notes; edit them, then \
                `enote sync --continue`, or `enote sync --abort` (refused, naming the files, \
                while something was changed since the sync stopped). A sync that was \
                interrupted (killed, a power cut) is undone by the next `enote sync`, \
                `--continue` or `--abort`, which say so; every committed change is kept.

                Exit status: 0 synced, 1 refused or failed, 3 stopped on a conflict.

                Examples:
                  enote sync
                  enote sync --status
                  enote sync --continue
                """)

        @Flag(help: "Explain where the sync stands: which notes are in conflict and what to do.")
        var status = false

        @Flag(name: .customLong("continue"), help: "Finish a sync stopped on a conflict, once the notes are fixed.")
        var continueSync = false

        @Flag(help: "Undo a sync stopped on a conflict (your changes stay committed here).")
        var abort = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if [status, continueSync, abort].filter({ $0 }).count > 1 {
                throw ValidationError(Localization.text("choose one of --status, --continue and --abort"))
            }
        }

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: !status)
            var sync = VaultSync(vault: vault)
            sync.afterStep = { step in TestPause.pause(if: "ENOTE_TEST_PAUSE_SYNC_AT", is: step) }
            if status {
                for line in try sync.status().lines { Console.out(SafeText.escaped(line.text, keepingNewlines: true)) }
                return
            }
            if abort {
                let report = try sync.abort()
                if let recovery = report.recovery {
                    Self.tell(recovery, context: context)
                } else {
                    context.note("The sync was undone; your changes are committed here as before. Run `enote sync` again when ready")
                }
                return
            }
            // Said first, so that it is said even when the sync that follows stops.
            let recovery = try sync.recoverInterruptedSync()
            if let recovery {
                Self.tell(recovery, context: context)
                // A resolution kept in a copy is shown before a sync commits it.
                if !recovery.resolutionCopies.isEmpty {
                    context.note("Look at it, then run `enote sync` again")
                    return
                }
            }
            // After an interrupted sync is undone, finishing it is syncing again.
            let report = continueSync && recovery == nil ? try sync.continueSync() : try sync.sync()
            Self.tell(report, context: context)
        }

        /// How many notes brought in by a sync are named before the rest are counted.
        static let namedNotes = 10

        /// What the sync did, on stderr.
        static func tell(_ report: VaultSyncReport, context: CommandContext) {
            if let recovery = report.recovery { tell(recovery, context: context) }
            if let commit = report.commit { context.note("Committed \(commit.hash): \(commit.subject)") }
            for path in report.keptRemovals {
                context.note("\(path) was removed on one side and changed on the other: it is kept, with the change")
            }
            // A line a person can read: the first few notes, then how many more.
            let shown = report.broughtNotes.prefix(Self.namedNotes).joined(separator: ", ")
            if report.broughtNotes.count > Self.namedNotes {
                context.note("Brought in changes to: \(shown) and \(report.broughtNotes.count - Self.namedNotes) more")
            } else if !report.broughtNotes.isEmpty {
                context.note("Brought in changes to: \(shown)")
            }
            if report.rejectedPushes > 0 {
                context.note("The remote moved on during the sync; integrated its changes and pushed again")
            }
            context.note(report.pushed ? "Synced; pushed to the remote" : "Synced; nothing to push")
        }

        /// What undoing an interrupted sync did, on stderr.
        static func tell(_ recovery: SyncRecovery, context: CommandContext) {
            let process = recovery.pid.map { String($0) } ?? "?"
            if let commit = recovery.restoredTo {
                context.note(
                    "An earlier sync was interrupted (process \(process) is no longer running); what it left half done was undone, and the branch is back at your commit \(commit)"
                )
            } else {
                context.note("An earlier sync was interrupted (process \(process) is no longer running); what git left behind was cleared")
            }
            if !recovery.keptFiles.isEmpty {
                context.note("Kept as they are (they differ from that commit and go into the next commit): \(recovery.keptFiles.joined(separator: ", "))")
            }
            for copy in recovery.resolutionCopies {
                context.note("What you had resolved before the interruption is kept in \(copy)")
            }
        }
    }
}
