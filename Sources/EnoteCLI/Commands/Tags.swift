import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote tags`: every tag of the vault with how many notes have it.
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "tags",
            abstract: "List every tag with how many notes have it, most used first.",
            discussion: """
                Tags come from front matter (`tags: [a, b]` or `tags: a`) and from the text \
                (`#tag`, nested `#area/topic`); case does not matter. `enote list --tag T` \
                lists a tag's notes, and those of the tags nested under it.

                Examples:
                  enote tags
                  enote tags --json
                """)

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let index = try context.openIndex(vault)
            let tags = try index.tags()
            if json {
                Console.out(JSONPrinter.arrayText(tags, clock: context.clock))
                return
            }
            if tags.isEmpty {
                context.note("No tags yet")
                return
            }
            let width = String(tags.map(\.count).max() ?? 0).count
            var output = ""
            for tag in tags {
                let count = String(tag.count)
                output += String(repeating: " ", count: width - count.count) + count + "  " + SafeText.escaped(tag.name) + "\n"
            }
            context.page(output)
        }
    }
}
