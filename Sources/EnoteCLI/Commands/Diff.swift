import ArgumentParser
import NoteVault

extension Enote {
    /// `enote diff NOTE [REV]`: the note's changes since a revision.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "diff",
            abstract: "Show how a note changed since a revision (by default, since its last commit).",
            discussion: """
                Prints git's unified diff of the note between REV (default HEAD, the last commit) \
                and the vault as it is now. `enote log NOTE` lists the revisions.

                Examples:
                  enote diff plan
                  enote diff plan HEAD~3
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Argument(help: "The revision to compare with (a commit, a branch, HEAD~2).")
        var revision: String?

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let history = try HistoryContext(globals)
            let path = try history.notePath(note)
            Console.outBytes(try history.history.diff(path, since: revision))
        }
    }
}
