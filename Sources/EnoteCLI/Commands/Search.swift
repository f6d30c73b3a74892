import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote search QUERY…`: full-text search.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "search",
            abstract: "Search titles and text; title matches first, then by relevance.",
            discussion: """
                Words are ANDed. "an exact phrase", prefix*, this OR that, -excluded, title:word. \
                Case and accents do not matter; Russian finds whole words, Japanese any run of \
                two or more characters. Every filter of `list` works here too.

                Examples:
                  enote search potatoes eggs
                  enote search '"next week"' -draft
                  enote search title:plan --color red
                  enote search 京都 --json
                """)

        @Argument(parsing: .allUnrecognized, help: "What to search for (-word excludes a word; no -- needed).")
        var query: [String]

        @OptionGroup var filters: FilterOptions

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if query.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw ValidationError(Localization.text("give something to search for, for example: enote search potatoes"))
            }
        }

        func run() throws {
            let context = CommandContext(globals)
            let parsed: SearchQuery
            do {
                parsed = try SearchQuery(parsing: query.joined(separator: " "))
            } catch {
                Console.err("enote: \(error)")
                throw ExitCode(2)
            }
            let vault = try context.openVault()
            let filter = try context.run { () throws(VaultError) in try filters.filter(clock: context.clock) }
            let index = try context.openIndex(vault)
            let results = try context.run { () throws(VaultError) in
                try index.search(parsed, filter: filter, limit: filters.limit ?? 20)
            }
            Trace.mark("searched")
            defer { Trace.mark("printed") }
            let timeZone = context.clock.timeZone
            let now = context.clock.now()
            if filters.json {
                Console.out(JSONValue.array(results.notes.map { NoteJSON.object($0, timeZone: timeZone, now: now) }).rendered())
                return
            }
            if results.notes.isEmpty {
                context.note("No notes match")
                return
            }
            let bold = context.terminal.usesColor
            var output = ""
            for note in results.notes {
                let table = NoteTable(terminal: context.terminal)
                let title = SafeText.escaped(note.title)
                output += "\(table.swatch(note.color))  \(bold ? "\u{1B}[1m\(title)\u{1B}[0m" : title)  \(SafeText.escaped(note.path.description))\n"
                let snippet = note.snippet.map { Snippet.terminal($0, bold: bold) } ?? SafeText.escaped(note.description)
                if !snippet.isEmpty {
                    output += "    " + DisplayWidth.truncate(snippet, to: max(context.terminal.columns - 4, 20)) + "\n"
                }
            }
            context.page(output)
            if results.total > results.notes.count {
                context.note("\(count: results.total) notes match; showing \(results.notes.count) (--limit N for more)")
            }
        }
    }
}
