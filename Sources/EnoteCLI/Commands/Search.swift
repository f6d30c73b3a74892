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
                Case and accents do not matter; Russian finds whole words; Japanese, Chinese, \
                Korean, Thai, Lao, Khmer and Myanmar any run of characters. Every filter of \
                `list` works here too. With the embedding model installed, notes near the \
                query in meaning are ranked with the matches by word; --exact searches by \
                words alone (so do quoted words and title:). The text read from the \
                pictures and PDFs a note shows is searched with it; a PDF no note links is \
                found on its own, with the page its words are on (a filter leaves it out).

                Examples:
                  enote search potatoes eggs
                  enote search '"next week"' -draft
                  enote search title:plan --color red
                  enote search 京都 --json
                """)

        @Argument(parsing: .allUnrecognized, help: "What to search for (-word excludes a word; no -- needed).")
        var query: [String]

        @Flag(help: "Search by words alone, without meaning search.")
        var exact = false

        @OptionGroup var filters: FilterOptions

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if query.allSatisfy(SearchRun.isBlank) {
                throw ValidationError(Localization.text("give something to search for, for example: enote search potatoes"))
            }
        }

        func run() throws {
            try SearchRun(query: query, filters: filters.input, limit: filters.limit, json: filters.json, vault: globals.vault, noPager: globals.noPager, exact: exact).run()
        }
    }
}
