import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote links NOTE`: the links written in a note, each with where it leads.
    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "links",
            abstract: "List the links written in a note and where each leads; dead ones are marked.",
            discussion: """
                Each line shows where the link is written (line:column), how it is written, and \
                the note or file it leads to, `dead` when nothing answers to it, or the notes \
                that share its name when it is ambiguous. Answered from the index.

                Examples:
                  enote links plan
                  enote links work/plan --json
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let (_, path, index) = try context.openNote(note)
            let links = try index.links(from: path)
            if json {
                Console.out(JSONPrinter.arrayText(links, clock: context.clock))
                return
            }
            if links.isEmpty {
                context.note("No links")
                return
            }
            var output = ""
            for link in links {
                let place = "\(link.link.place.line):\(link.link.place.utf16Column)"
                output += "\(place)  \(SafeText.escaped(link.link.destination))  \(Self.describe(link.resolution))\n"
            }
            context.page(output)
            let dead = links.count(where: \.isDead)
            if dead > 0 { context.note("\(count: dead) dead links") }
        }
    }
}

extension Enote.Links {
    /// Where a link leads, for a table: `→ path`, `dead`, `external`, `ambiguous: a, b`.
    static func describe(_ resolution: LinkResolution) -> String {
        switch resolution {
        case .resolved(let path): "→ " + SafeText.escaped(path)
        case .dead: Localization.text("dead")
        case .external: Localization.text("external")
        case .ambiguous(let paths): Localization.text("ambiguous:") + " " + SafeText.escaped(paths.joined(separator: ", "))
        }
    }
}
