import ArgumentParser
import NoteVault

extension Enote {
    /// `enote restore NOTE --at REV`: bring back an old version as a new change.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "restore",
            abstract: "Bring back a note as it was at a revision, as a new change.",
            discussion: """
                Writes the note's text from REV over the current one (or brings a removed note \
                back), stamping `updated`. History is not rewritten: the next `enote sync` \
                commits the restored version on top. Refused while the note is open in an editor, \
                and while it has changes git has not committed (--force moves them to .trash/ first).

                Examples:
                  enote restore plan --at HEAD~2
                  enote restore old-idea.md --at 3f2c1a9
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Option(name: .customLong("at"), help: "The revision to bring back (see `enote log NOTE`).")
        var revision: String

        @Flag(help: "Restore even over changes git has not committed; they are moved to .trash/ first.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let history = try HistoryContext(globals, forWriting: true)
            let path = try history.notePath(note)
            let restored = try history.history.restore(path, at: revision, force: force)
            if let trashed = restored.trashed {
                history.context.note("Moved the uncommitted text of \(path) to .trash/\(trashed.trashedPath)")
            }
            if restored.changed {
                history.context.note("Restored \(path) as it was at \(revision); `enote sync` commits it")
                history.context.warn(restored.warnings)
            } else {
                history.context.note("\(path) is already as it was at \(revision)")
            }
        }
    }
}
