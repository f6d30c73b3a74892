import Foundation

/// A plain `enote search` read straight from its arguments, without swift-argument-parser.
///
/// Searching is what a user does most, and with the watcher running a search costs about
/// 15 ms, of which swift-argument-parser's reflection takes 2.5 ms (it builds the metadata of
/// every option's property wrapper in a fresh process). This reads only the common form:
/// words, `--limit N`, `--json`, `--no-pager`, `--vault DIR` and `--lang L` (the language is
/// chosen before any parsing). Anything else (a filter, an excluded `-word`, `--`, `--help`, a
/// bad value) returns `nil`, and swift-argument-parser parses the command as usual, with its
/// messages. A test checks that both read the same values from the same arguments.
enum QuickSearch {
    /// The search the arguments ask for, when they are of the common form.
    static func parse(_ arguments: [String]) -> SearchRun? {
        guard arguments.first == "search" else { return nil }
        var run = SearchRun(query: [], filters: FilterValues(), vault: nil, noPager: false)
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--json":
                guard !run.filters.json else { return nil }
                run.filters.json = true
            case "--no-pager":
                guard !run.noPager else { return nil }
                run.noPager = true
            case "--limit", "--vault", "--lang":
                index += 1
                guard index < arguments.count else { return nil }
                let value = arguments[index]
                switch argument {
                case "--limit":
                    guard run.filters.limit == nil, let limit = Int(value), limit >= 1 else { return nil }
                    run.filters.limit = limit
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
