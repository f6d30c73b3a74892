import ArgumentParser
import NoteVault

extension Enote {
    /// `enote gallery`: photo notes and their pictures.
    struct Gallery: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "gallery",
            abstract: "List the notes that show pictures, with each picture's size and whether it exists.",
            discussion: """
                Examples:
                  enote gallery
                  enote gallery --json
                """)

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let index = try context.openIndex(vault)
            let entries = try index.gallery()
            if json {
                Console.out(JSONPrinter.arrayText(entries, clock: context.clock))
                return
            }
            if entries.isEmpty {
                context.note("No note shows a picture yet; add one with enote new TITLE --image FILE")
                return
            }
            for entry in entries {
                Console.out("\(SafeText.escaped(entry.title))  (\(SafeText.escaped(entry.note.description)))")
                for image in entry.images {
                    let place = SafeText.escaped(image.reference.path?.description ?? image.reference.source)
                    let detail: String
                    if !image.exists {
                        detail = image.reference.escapesVault ? Localization.text("outside the vault") : Localization.text("missing")
                    } else if let info = image.info, let width = info.width, let height = info.height {
                        detail = "\(info.format.rawValue.uppercased()) \(width)×\(height)"
                    } else {
                        detail = image.info?.format.rawValue.uppercased() ?? Localization.text("not a known picture format")
                    }
                    Console.out("    \(place)  \(detail)")
                }
            }
        }
    }
}
