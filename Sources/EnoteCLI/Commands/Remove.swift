import ArgumentParser
import NoteVault

extension Enote {
    /// `enote rm NOTE…`: move notes to the trash.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "rm",
            abstract: "Move notes to the trash (.trash/); `enote trash restore` brings them back.",
            discussion: """
                Examples:
                  enote rm grocery
                  enote rm old-idea work/draft
                """)

        @Argument(help: "The notes.", completion: NoteCompletion.notes)
        var notes: [String]

        @Flag(help: "Remove even if another editor (Emacs, vim) has the note open.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if notes.isEmpty { throw ValidationError(Localization.text("name at least one note to remove")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            var statuses: Set<Int32> = []
            for reference in notes {
                do {
                    let path = try context.resolve(reference, in: vault)
                    let entry = try vault.trash.move(path, reason: .removed, force: force)
                    context.note("Moved \(entry.originalPath) to the trash")
                } catch {
                    // Each note's failure is told; the others are still removed.
                    statuses.insert(ErrorReport.report(error))
                }
            }
            // The failures' own status when they agree (3 for a stopped sync), 1 otherwise.
            if let status = statuses.first { throw ExitCode(statuses.count == 1 ? status : 1) }
        }
    }
}
