import ArgumentParser
import Foundation
import NoteVault

/// What `enote search` does, from plain values: ``Enote/Search`` gets them from
/// swift-argument-parser, ``QuickSearch`` straight from the arguments of a plain search.
struct SearchRun: Equatable {
    /// The words of the query, as typed.
    var query: [String]
    /// The filters, as the library reads them.
    var filters = NoteFilterInput()
    /// `--limit`, when given.
    var limit: Int?
    /// `--json`.
    var json = false
    /// `--vault`, when given.
    var vault: String?
    /// `--no-pager`.
    var noPager: Bool
    /// `--exact`: by words alone, without meaning.
    var exact = false

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
        let limit = limit ?? 20
        let vault = try context.openVault()
        // The watcher (or, without one, this process) looks the meaning up while the vault is
        // synchronised and the words are ranked: a process lives for one search.
        let early = exact ? nil : MeaningLookup.started(for: parsed, limit: limit, in: vault)
        var filter = try FilterOptions.filter(filters, clock: context.clock)
        let index = try context.openIndex(vault)
        try filters.resolveNotes(&filter, vault: vault, index: index)
        let results = try index.search(parsed, filter: filter, limit: limit, exact: exact, early: early)
        Trace.mark("searched")
        defer { Trace.mark("printed") }
        for correction in results.corrections {
            context.note(correction.message)
        }
        if !results.matchesEveryWord {
            context.note(SearchResults.someWordsMessage)
        }
        let hits = results.ordered
        if json {
            Console.out(JSONPrinter.arrayText(hits, clock: context.clock))
            return
        }
        if hits.isEmpty {
            context.note("No notes match")
            return
        }
        let bold = context.terminal.usesColor
        let table = NoteTable(terminal: context.terminal)
        var output = ""
        for hit in hits {
            let swatch: String
            let title: String
            let place: String
            var snippet: String
            switch hit {
            case .note(let note):
                swatch = table.swatch(note.color)
                title = SafeText.escaped(note.title)
                place = SafeText.escaped(note.path.description)
                snippet = note.snippet.map { Snippet.terminal($0, bold: bold) } ?? SafeText.escaped(note.description)
                // Found in a picture or a PDF: say which (and the page) before its words.
                if let found = note.foundIn { snippet = SafeText.escaped(Localization.text(found.label)) + ": " + snippet }
            case .file(let file):
                // A PDF no note links: its name, where it is and the page the words are on.
                swatch = DisplayWidth.pad("", to: 2)
                title = SafeText.escaped(file.title)
                place = SafeText.escaped(Localization.text(file.place.label))
                snippet = file.snippet.map { Snippet.terminal($0, bold: bold) } ?? ""
            }
            output += "\(swatch)  \(bold ? "\u{1B}[1m\(title)\u{1B}[0m" : title)  \(place)\n"
            if !snippet.isEmpty {
                output += "    " + DisplayWidth.truncate(snippet, to: max(context.terminal.columns - 4, 20)) + "\n"
            }
        }
        context.page(output)
        if results.total > hits.count {
            context.note("\(count: results.total) notes match; showing \(hits.count) (--limit N for more)")
        }
    }
}

/// A plain `enote search` read straight from its arguments, without swift-argument-parser.
///
/// Searching is what a user does most, and with the watcher running a search costs about
/// 15 ms, of which swift-argument-parser's reflection takes 2.5 ms (it builds the metadata of
/// every option's property wrapper in a fresh process). This reads only the common form:
/// words, `--limit N`, `--json`, `--no-pager`, `--exact`, `--vault DIR` and `--lang L` (the language is
/// chosen before any parsing). Anything else (a filter, an excluded `-word`, `--`, `--help`, a
/// bad value) returns `nil`, and swift-argument-parser parses the command as usual, with its
/// messages. A test checks that both read the same values from the same arguments.
enum QuickSearch {
    /// The search the arguments ask for, when they are of the common form.
    static func parse(_ arguments: [String]) -> SearchRun? {
        guard arguments.first == "search" else { return nil }
        var run = SearchRun(query: [], vault: nil, noPager: false)
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--json":
                guard !run.json else { return nil }
                run.json = true
            case "--no-pager":
                guard !run.noPager else { return nil }
                run.noPager = true
            case "--exact":
                guard !run.exact else { return nil }
                run.exact = true
            case "--limit", "--vault", "--lang":
                index += 1
                guard index < arguments.count else { return nil }
                let value = arguments[index]
                switch argument {
                case "--limit":
                    guard run.limit == nil, let limit = Int(value), limit >= 1 else { return nil }
                    run.limit = limit
                case "--vault":
                    guard run.vault == nil, !value.hasPrefix("-") else { return nil }
                    run.vault = value
                default:
                    guard !value.hasPrefix("-") else { return nil }
                }
            default:
                guard !argument.hasPrefix("-"), !SearchRun.isBlank(argument) else { return nil }
                run.query.append(argument)
            }
            index += 1
        }
        return run.query.isEmpty ? nil : run
    }
}
