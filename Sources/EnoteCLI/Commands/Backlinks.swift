import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote backlinks NOTE`: the links that lead to a note, each with the line that links.
    struct Backlinks: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "backlinks",
            abstract: "List the links that lead to a note, each with the line that links.",
            discussion: """
                Each line shows the linking note, the line and column of the link, and the text \
                of that line. Links are resolved as `enote links` resolves them (wikilinks by \
                path, name or alias; Markdown links by relative path). Answered from the index.

                Examples:
                  enote backlinks plan
                  enote backlinks work/plan --json
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let (vault, path, index) = try context.openNote(note)
            let links = try index.backlinks(to: path)
            let lines = vault.lines(of: links)
            if json {
                Console.out(JSONPrinter.arrayText(zip(links, lines).map { QuotedLink(link: $0, text: $1) }, clock: context.clock))
                return
            }
            if links.isEmpty {
                context.note("No notes link to \(path.description)")
                return
            }
            var output = ""
            for (link, line) in zip(links, lines) {
                let place = "\(SafeText.escaped(link.source.description)):\(link.link.place.line):\(link.link.place.utf16Column)"
                output += "\(place)  \(SafeText.escaped((line ?? "").trimmingCharacters(in: .whitespaces)))\n"
            }
            context.page(output)
        }
    }
}
