import ArgumentParser
import NoteVault

extension Enote {
    /// `enote log NOTE`: the note's commits.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "log",
            abstract: "Show a note's history in git: its commits and what each changed.",
            discussion: """
                Follows the note across renames. Each commit shows its hash, date, author and \
                message, then which front matter fields changed and how many body lines were \
                added and removed. A note removed from the vault is named by its path.

                Examples:
                  enote log plan
                  enote log plan --json
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Flag(help: "Print JSON: one object per commit.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let history = try HistoryContext(globals)
            let path = try history.notePath(note)
            let entries = try history.history.log(path)
            if json {
                Console.out(JSONPrinter.arrayText(entries, clock: history.context.clock))
                return
            }
            var text = ""
            for entry in entries {
                text += "\(entry.commit.prefix(10))  \(entry.date)  \(SafeText.escaped(entry.author))  \(SafeText.escaped(entry.subject))\n"
                text += "    " + Self.summary(entry).text + "\n"
            }
            history.context.page(text)
        }

        /// `title, tags; body +2 -1` in words.
        static func summary(_ entry: NoteHistory.Entry) -> LocalizedMessage {
            let fields = entry.fields.joined(separator: ", ")
            let body = "+\(entry.linesAdded) -\(entry.linesRemoved)"
            switch entry.change {
            case .added: return "added as \(entry.path)"
            case .removed: return "removed"
            case .renamed: return "renamed from \(entry.previousPath ?? "?") to \(entry.path); fields: \(fields.isEmpty ? "-" : fields); body lines \(body)"
            case .changed: return "fields: \(fields.isEmpty ? "-" : fields); body lines \(body)"
            }
        }
    }
}
