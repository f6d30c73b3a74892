import EnoteRPC
import Foundation
import NoteVault

/// The tools that read the vault: each answers from the index, brought up to date first, or
/// from the note's file; none changes anything.
enum ReadingTools {
    /// Runs `body` with the index fresh; a vault error becomes the tool's error.
    static func answer(_ call: ToolCall, _ body: (NoteIndex) throws(VaultError) -> ToolResult) -> ToolResult {
        do throws(VaultError) {
            try call.vault.fresh()
            return try call.vault.withIndex(body)
        } catch {
            return .failure(error)
        }
    }

    /// A page of `items` (each in the library's JSON form) as an answer, after `head`.
    static func page<Head: Encodable & Sendable, Item: Encodable & Sendable>(_ key: String, _ page: ResultPage<Item>, head: Head) -> ToolResult {
        ToolResult(PageAnswer(head: head, key: key, page: page))
    }

    /// A page of `items` as an answer, with nothing before them.
    static func page<Item: Encodable & Sendable>(_ key: String, _ page: ResultPage<Item>) -> ToolResult {
        ToolResult(PageAnswer(head: NoHead(), key: key, page: page))
    }

    /// What a search answer says before its notes: `total` (notes that match), `all_words`
    /// and `corrections` (the misspelt words corrected, when any). The server's time is in the
    /// result's `_meta`, not here: equal searches get equal bytes.
    struct SearchHead: Encodable, Sendable {
        var total: Int
        var allWords: Bool
        var corrections: [String]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnswerKey.self)
            try container.encode(total, forKey: "total")
            try container.encode(allWords, forKey: "all_words")
            try container.encodeIfPresent(corrections, forKey: "corrections")
        }
    }

    /// The filter the list-like tools share, from their arguments, through the library's one
    /// reading of filters (``NoteFilterInput``).
    static func filter(_ call: ToolCall, index: NoteIndex) throws(ResponseError) -> Result<NoteFilter, VaultError> {
        let arguments = call.arguments
        var input = NoteFilterInput()
        input.color = try arguments.optionalString("color")
        input.tags = try arguments.strings("tags") ?? []
        input.conditions = try arguments.strings("where") ?? []
        input.since = try arguments.optionalString("since")
        input.until = try arguments.optionalString("until")
        input.expiring = try arguments.optionalString("expiring")
        input.linksTo = try arguments.optionalString("links_to")
        input.linkedFrom = try arguments.optionalString("linked_from")
        input.orphan = try arguments.bool("orphan")
        input.deadLinks = try arguments.bool("dead_links")
        input.folder = try arguments.optionalString("folder")
        var filter: NoteFilter
        do throws(NoteFilterInput.Problem) {
            filter = try input.filter(clock: call.clock)
        } catch {
            let argument = error.field == .folder ? "folder" : error.field.rawValue
            throw ResponseError(.invalidParams, Localization.text("the argument \(argument): \(error.message.text)"))
        }
        do throws(VaultError) {
            try input.resolveNotes(&filter, vault: call.vault.vault, index: index)
        } catch {
            return .failure(error)
        }
        return .success(filter)
    }

    static let filterProperties: [(String, Schema)] = [
        ("folder", Schema.string("Only notes in this folder or below it.")),
        ("tags", Schema.strings("Only notes with each of these tags (a/b also keeps a/b/c).")),
        ("color", Schema.string("Only notes of this colour (red, #ff0000, hsb(0, 80%, 100%)).")),
        ("where", Schema.strings("Front matter conditions KEY=VALUE, all of which must hold.")),
        ("since", Schema.string("Only notes updated since: a date (2026-12-01) or a time ago (3d, 12h).")),
        ("until", Schema.string("Only notes updated until this date or time ago.")),
        ("expiring", Schema.string("Only notes destroying themselves within this time (3d), or all.")),
        ("links_to", Schema.string("Only notes linking to this note.")),
        ("linked_from", Schema.string("Only notes this note links to.")),
        ("orphan", Schema.boolean("Only notes no note links to.")),
        ("dead_links", Schema.boolean("Only notes with a link that leads nowhere.")),
    ]
    static let filterNames = Set(filterProperties.map(\.0))

    // MARK: - search

    static let search = Tool(
        name: "search", title: "Search notes",
        description: """
            Search of the vault's notes by words and by meaning (every form of a word, the last word as a beginning, a \
            misspelt word corrected from the vault's words; a note described in other words is found too, in about 100 \
            languages, once the vault is embedded (by the watcher or `enote index`); "exact phrase", -word, title:word, OR). Returns notes \
            best first: path, title (when it differs from the file name), a snippet with the matches in **, and the revision to \
            write against; a PDF no note links is a hit of its own (kind "file", with its page); a cursor for more. exact: by words alone. detail "full": every field, as `enote search --json`.
            """,
        inputSchema: Schema.arguments(
            [
                ("query", Schema.string("The words to find.", maxLength: 1000)),
                ("limit", Schema.integer("How many notes per page (default 10).", minimum: 1, maximum: 50)), ("cursor", Schema.cursor),
                ("exact", Schema.boolean("By words alone, without meaning (as `enote search --exact`).")),
                ("detail", Schema.choice("compact (the default) or full: every field of each note.", SearchDetail.allCases.map(\.rawValue))),
            ] + filterProperties, required: ["query"]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(filterNames.union(["query", "limit", "cursor", "exact", "detail"]))
        let text = try arguments.string("query")
        let detail = try arguments.optionalString("detail").map { name throws(ResponseError) in
            guard let detail = SearchDetail(rawValue: name) else {
                throw ResponseError(.invalidParams, Localization.text("the argument detail must be compact or full"))
            }
            return detail
        } ?? .compact
        let exact = try arguments.bool("exact")
        let limit = try arguments.optionalInt("limit", in: 1...50) ?? 10
        let offset = try PageCursor.offset(arguments.optionalString("cursor"))
        let query: SearchQuery
        do throws(SearchQuery.QueryError) {
            query = try SearchQuery(parsing: text)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the argument query: \(error.message.text)"))
        }
        let started = DispatchTime.now().uptimeNanoseconds
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        let filter: NoteFilter
        switch try call.vault.withIndex({ index throws(ResponseError) in try Self.filter(call, index: index) }) {
        case .success(let made): filter = made
        case .failure(let error): return .failure(error)
        }
        let results: SearchResults
        do throws(VaultError) {
            results = try call.vault.withIndex { index throws(VaultError) in try index.search(query, filter: filter, limit: offset + limit, exact: exact) }
        } catch {
            return .failure(error)
        }
        let head = SearchHead(
            total: results.total, allWords: results.matchesEveryWord,
            corrections: results.corrections.isEmpty ? nil : results.corrections.map { AnswerBound.cut($0.message.text, bytes: 1024) })
        let more = results.total > offset + limit
        var answer: ToolResult
        switch detail {
        case .compact:
            answer = Self.page("notes", ResultPage(results.ordered.map(SearchHit.init), from: offset, limit: limit, text: call.text, more: more), head: head)
        case .full:
            answer = Self.page("notes", ResultPage(results.ordered, from: offset, limit: limit, text: call.text, more: more), head: head)
        }
        answer.serverMilliseconds = Double((DispatchTime.now().uptimeNanoseconds - started) / 1000) / 1000
        return answer
    }

    /// How much of each note a search answer gives.
    enum SearchDetail: String, CaseIterable {
        /// ``SearchHit``: path, title, snippet, revision.
        case compact
        /// The library's JSON form, every field.
        case full
    }

    // MARK: - list, recent

    static let list = Tool(
        name: "list", title: "List notes",
        description: "Lists notes that pass the filters, sorted (updated by default, newest first), with a cursor for more.",
        inputSchema: Schema.arguments(
            [
                ("sort", Schema.choice("The order.", VaultConfig.SortKey.allCases.map(\.rawValue))),
                ("reverse", Schema.boolean("Reverse the order.")),
                ("limit", Schema.integer("How many notes per page (default 50).", minimum: 1, maximum: 200)), ("cursor", Schema.cursor),
            ] + filterProperties),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(filterNames.union(["sort", "reverse", "limit", "cursor"]))
        var sort = NoteSort(key: call.vault.vault.config.sort, reverse: try arguments.bool("reverse"))
        if let key = try arguments.optionalString("sort") {
            guard let chosen = VaultConfig.SortKey(rawValue: key) else {
                throw ResponseError(.invalidParams, Localization.text("the argument sort must be one of updated, created, title, order, destroy"))
            }
            sort.key = chosen
        }
        return try listPage(call, sort: sort, limit: try arguments.optionalInt("limit", in: 1...200) ?? 50)
    }

    static let recent = Tool(
        name: "recent", title: "Recent notes",
        description: "The notes changed most recently, newest first (optionally only since a date or a time ago: 3d).",
        inputSchema: Schema.arguments([
            ("since", Schema.string("Only notes updated since: a date (2026-12-01) or a time ago (3d, 12h).")),
            ("limit", Schema.integer("How many notes per page (default 20).", minimum: 1, maximum: 200)), ("cursor", Schema.cursor),
        ]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["since", "limit", "cursor"])
        return try listPage(call, sort: NoteSort(key: .updated), limit: try call.arguments.optionalInt("limit", in: 1...200) ?? 20)
    }

    private static func listPage(_ call: ToolCall, sort: NoteSort, limit: Int) throws(ResponseError) -> ToolResult {
        let offset = try PageCursor.offset(call.arguments.optionalString("cursor"))
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        let filter: NoteFilter
        switch try call.vault.withIndex({ index throws(ResponseError) in try Self.filter(call, index: index) }) {
        case .success(let made): filter = made
        case .failure(let error): return .failure(error)
        }
        do throws(VaultError) {
            let notes = try call.vault.withIndex { index throws(VaultError) in try index.list(filter, sort: sort, limit: offset + limit + 1) }
            let page = ResultPage(notes, from: offset, limit: limit, text: call.text)
            return Self.page("notes", page)
        } catch {
            return .failure(error)
        }
    }
}
