import ArgumentParser
import NoteVault

extension Enote {
    /// `enote edit NOTE`: edit in $VISUAL / $EDITOR with Done/Cancel.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "edit",
            abstract: "Edit a note in your editor ($VISUAL, else $EDITOR).",
            discussion: """
                The note opens as a temporary copy. Quit the editor normally after changing the \
                text to save it (Done) and stamp `updated`; quit with an error (vim: :cq) or \
                without changes to leave the note as it was (Cancel). Deleting all the text moves \
                the note to the trash. If the note changed on disk meanwhile, your text is saved \
                as a conflict copy beside it (exit status 3).

                Examples:
                  enote edit grocery
                  EDITOR="code --wait" enote edit work/plan
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Flag(help: "Edit even if another editor (Emacs, vim) has the note open.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let path = try context.resolve(note, in: vault)
            let command = try EditorCommand.forEditing(in: vault, environment: context.environment)
            let result = try vault.edit(path, with: EditorSession(command: command, environment: context.environment), force: force)
            try Self.report(result, path: path, context: context)
        }

        /// Says how an edit in the editor ended (`enote edit`, `enote today`), throwing when the
        /// note was not saved.
        static func report(_ result: EditResult, path: NotePath, context: CommandContext) throws {
            switch result {
            case .saved(let note, let warnings):
                context.warn(warnings)
                context.note("Saved \(note.path)")
            case .unchanged(let note):
                context.note("No changes; \(note.path) is as it was")
            case .cancelled(let status, let copy):
                guard let copy else { throw CommandFailure("The editor exited with status \(status); \(path) is as it was") }
                throw CommandFailure("The editor exited with status \(status); \(path) is as it was. Your edited text is kept in \(copy)")
            case .notSaved(let error, let copy):
                let message: LocalizedMessage =
                    copy.map { "\(error.message). Your edited text is kept in \($0)" }
                    ?? "\(error.message). Your edited text could not be kept either"
                throw CommandFailure(message, status: ErrorReport.status(of: error))
            case .trashed(let entry):
                context.note("All text was deleted, so \(entry.originalPath) was moved to the trash; `enote trash restore \(entry.trashedPath)` brings it back")
            }
        }
    }
}
