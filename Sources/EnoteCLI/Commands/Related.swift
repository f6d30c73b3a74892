import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote related NOTE`: the notes about the same thing, each with why.
    struct Related: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "related",
            abstract: "List the notes related to a note, each with why.",
            discussion: """
                Related notes are the notes it links to and that link to it, the notes that \
                share its rarer tags, and, once `enote index` has embedded the vault for \
                meaning search, the notes nearest it in meaning, fused into one ranking. Each \
                line shows the note, then why and its opening line. Answered from the index.

                Examples:
                  enote related anemometer
                  enote related work/plan --limit 5 --json
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Option(help: "How many notes to show (default 10).")
        var limit: Int = 10

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            guard limit > 0 else { throw ValidationError(Localization.text("--limit must be 1 or more")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            let (_, path, index) = try context.openNote(note)
            let related = try index.related(to: path, limit: limit)
            if json {
                Console.out(JSONPrinter.arrayText(related, clock: context.clock))
                return
            }
            if related.isEmpty {
                context.note("No notes are related to \(path.description)")
                return
            }
            let bold = context.terminal.usesColor
            let table = NoteTable(terminal: context.terminal)
            var output = ""
            for item in related {
                let title = SafeText.escaped(item.note.title)
                output += "\(table.swatch(item.note.color))  \(bold ? "\u{1B}[1m\(title)\u{1B}[0m" : title)  \(SafeText.escaped(item.note.path.description))\n"
                var why = item.reasonText
                if !item.note.description.isEmpty { why += " — " + item.note.description }
                output += "    " + DisplayWidth.truncate(SafeText.escaped(why), to: max(context.terminal.columns - 4, 20)) + "\n"
            }
            context.page(output)
        }
    }
}
