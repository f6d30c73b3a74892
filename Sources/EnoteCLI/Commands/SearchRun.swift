import ArgumentParser
import Foundation
import NoteVault

/// What `enote search` does, from plain values: ``Enote/Search`` gets them from
/// swift-argument-parser, ``QuickSearch`` straight from the arguments of a plain search.
struct SearchRun: Equatable {
    /// The words of the query, as typed.
    var query: [String]
    var filters: FilterValues
    /// `--vault`, when given.
    var vault: String?
    /// `--no-pager`.
    var noPager: Bool

    /// Whether a word of the query is only white space (Foundation's `whitespaces`), which
    /// searches for nothing. ASCII is decided without the character set: a word usually starts
    /// with a letter.
    static func isBlank(_ word: String) -> Bool {
        word.unicodeScalars.allSatisfy { $0.isASCII ? $0 == " " || $0 == "\t" : CharacterSet.whitespaces.contains($0) }
    }

    func run() throws {
        let context = CommandContext(vault: vault, noPager: noPager)
        let parsed: SearchQuery
        do throws(SearchQuery.QueryError) {
            parsed = try SearchQuery(parsing: query.joined(separator: " "))
        } catch {
            throw UsageError(error.message)
        }
        let vault = try context.openVault()
        var filter = try filters.filter(clock: context.clock)
        let index = try context.openIndex(vault)
        try filters.resolveNotes(&filter, context: context, vault: vault)
        let results = try index.search(parsed, filter: filter, limit: filters.limit ?? 20)
        Trace.mark("searched")
        defer { Trace.mark("printed") }
        if filters.json {
            let timeZone = context.clock.timeZone
            let now = context.clock.now()
            Console.out(NoteJSON.arrayText(results.notes, timeZone: timeZone, now: now))
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
