import Foundation

/// A ``NoteQuery`` compiled for the index: the part of it the library's ``NoteFilter`` can do
/// in SQL (narrowing only: every row is still checked against the whole condition), and what
/// the runner must work out once before the rows (front matter keys to read, links to resolve,
/// words to search).
struct QueryPlan {
    /// The notes to read: the source's folder, tags and links, and conditions such as
    /// `status = "draft"` pushed down.
    var filter: NoteFilter
    /// A source the filter cannot say alone (`#a or #b`, `not "archive"`): the runner works out
    /// its notes as a set.
    var source: QuerySource?
    /// The condition every row is checked against, with enote's `text contains "words"`
    /// rewritten as `search("words")`.
    var condition: QueryExpression?
    /// The front matter keys the query names, lowercased.
    var fieldKeys: Set<String> = []
    /// The `file.*` names the query names, lowercased (`outlinks`, `mtime`).
    var fileNames: Set<String> = []
    /// The `[[link]]` texts to resolve.
    var linkTexts: Set<String> = []
    /// The words of each `search(…)`.
    var searchTexts: Set<String> = []

    init(_ query: NoteQuery, now: Date) {
        filter = NoteFilter(now: now)
        condition = query.condition.map { Self.rewritingTextSearch($0, language: query.language) }
        if let source = query.source, !Self.push(source, into: &filter) {
            filter = NoteFilter(now: now)
            self.source = source
        }
        if let condition, query.view != .tasks { Self.pushConditions(condition, into: &filter) }
        var expressions: [QueryExpression] = [condition].compactMap { $0 } + query.sort.map(\.expression) + [query.groupBy].compactMap { $0 }
        switch query.view {
        case .list(let expression): expressions += [expression].compactMap { $0 }
        case .table(let columns): expressions += columns.map(\.expression)
        case .board(let key): fieldKeys.insert(key.lowercased())
        case .calendar(let key): if let key { collect(.field(key.split(separator: ".").map(String.init))) }
        case .tasks: break
        }
        for expression in expressions { collect(expression) }
        if let source = query.source { collect(source) }
    }

    /// The columns of a note the query never looks at, left unread: pictures, diagnostics and
    /// Markdown link destinations always (`file.outlinks` is read from the links table, see
    /// ``needsOutlinks``), the description unless it names it.
    var unreadColumns: Set<String> {
        var omitted: Set<String> = ["images", "diagnostics", "links"]
        if !fieldKeys.contains("description") { omitted.insert("description") }
        return omitted
    }

    /// Whether the query names `file.outlinks` (or `file` itself).
    var needsOutlinks: Bool { !fileNames.isDisjoint(with: ["outlinks", "*"]) }

    /// A source of positive atoms joined by `and` (at most one folder and one link each way)
    /// as the filter's own conditions; `false` when it needs sets.
    private static func push(_ source: QuerySource, into filter: inout NoteFilter) -> Bool {
        switch source {
        case .tag(let tag):
            filter.tags.append(tag)
            return true
        case .and(let left, let right):
            return push(left, into: &filter) && push(right, into: &filter)
        default:
            return false
        }
    }

    /// `key = "text"` at the top of the condition, for a front matter key, as the filter's
    /// `--where`: the same comparison without case, done by the index.
    private static func pushConditions(_ condition: QueryExpression, into filter: inout NoteFilter) {
        switch condition {
        case .binary(.and, let left, let right):
            pushConditions(left, into: &filter)
            pushConditions(right, into: &filter)
        case .binary(.equal, .field(let path), .literal(.text(let text))) where path.count == 1:
            let key = path[0].lowercased()
            // Digits compare as numbers in a query ("v2" = "v02"); the index compares text.
            guard !builtInNames.contains(key), !text.contains(where: \.isNumber), !text.isEmpty else { return }
            filter.fields.append((key: key, value: text))
        default:
            break
        }
    }

    /// Names a row answers before its front matter is looked at (``QueryRow``).
    static let builtInNames: Set<String> = [
        "title", "description", "color", "colour", "created", "updated", "destroy", "expires", "tags", "path", "name", "folder", "order", "file", "this",
    ]

    private static func rewritingTextSearch(_ expression: QueryExpression, language: NoteQuery.Language) -> QueryExpression {
        switch expression {
        case .binary(.contains, .field(let path), .literal(.text(let words))) where language == .enote && path.map({ $0.lowercased() }) == ["text"]:
            return .call("search", [.literal(.text(words))])
        case .binary(let op, let left, let right):
            return .binary(op, rewritingTextSearch(left, language: language), rewritingTextSearch(right, language: language))
        case .not(let inner): return .not(rewritingTextSearch(inner, language: language))
        case .negate(let inner): return .negate(rewritingTextSearch(inner, language: language))
        case .call(let name, let arguments): return .call(name, arguments.map { rewritingTextSearch($0, language: language) })
        case .list(let elements): return .list(elements.map { rewritingTextSearch($0, language: language) })
        case .index(let base, let key): return .index(rewritingTextSearch(base, language: language), rewritingTextSearch(key, language: language))
        case .field, .literal: return expression
        }
    }

    private mutating func collect(_ expression: QueryExpression) {
        switch expression {
        case .field(let path):
            let names = path.map { $0.lowercased() }
            if names.first == "this" {
                collect(.field(Array(path.dropFirst())))
            } else if names.count > 2, names[0] == "file", names[1] == "frontmatter" {
                fieldKeys.insert(names[2])
            } else if let first = names.first, first != "file" {
                fieldKeys.insert(first)
            } else if names.count > 1 {
                fileNames.insert(names[1])
            } else {
                // `file` itself (`file["outlinks"]`): any of its names.
                fileNames.insert("*")
            }
        case .literal: break
        case .negate(let inner), .not(let inner): collect(inner)
        case .binary(_, let left, let right), .index(let left, let right):
            collect(left)
            collect(right)
        case .call(let name, let arguments):
            if name == "link", case .literal(.text(let text)) = arguments.first { linkTexts.insert(text) }
            if name == "search", case .literal(.text(let words)) = arguments.first { searchTexts.insert(words) }
            for argument in arguments { collect(argument) }
        case .list(let elements):
            for element in elements { collect(element) }
        }
    }

    private mutating func collect(_ source: QuerySource) {
        switch source {
        case .linksTo(let name), .linkedFrom(let name): linkTexts.insert(name)
        case .tag, .folder: break
        case .and(let left, let right), .or(let left, let right):
            collect(left)
            collect(right)
        case .not(let inner): collect(inner)
        }
    }
}
