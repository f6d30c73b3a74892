import EnoteRPC
import Foundation
import NoteVault

/// The `query` tool: runs a query (enote's language, Dataview's DQL or an Obsidian Tasks
/// block), a query saved in the vault, or a note's query blocks, through the library's one
/// runner (``NoteIndex/run(_:options:)``), within a time limit. The answer is the page's rows as
/// Markdown (``QueryResult/markdown(_:)``) and as data: each note's path, title and values, each
/// task's path and line; a cursor for the next page. A query that cannot be read or run is the
/// tool's error, with its line and column.
enum QueryTool {
    /// The longest query text taken: a query is a few lines; more is refused, not parsed.
    static let maximumQueryBytes = 20_000
    /// The most seconds one run takes before it stops with an error.
    static let timeLimit: TimeInterval = 5
    /// The most seconds all the blocks of a note take together, when a call runs them all.
    static let blocksTimeLimit: TimeInterval = 10
    /// The share of an answer the Markdown may take (the rows take about as much).
    static let markdownBytes = (ToolResult.maximumBytes - 4000) / 2

    static let tool = Tool(
        name: "query", title: "Run a query",
        description: """
            Runs a query over the notes: a table, list, tasks, board or calendar, in enote's language (table status, due from #work \
            where status != "done" sort due limit 20), Dataview's DQL (TABLE file.mtime FROM "projects" WHERE …) or an Obsidian \
            Tasks block (language tasks: not done / due before tomorrow, one instruction a line). Or name a query saved in the vault \
            (name), or run the ```enote, ```dataview and ```tasks blocks of a note (note; block: which one, 1-based). Returns \
            markdown (the page's rows as Markdown) and the rows as data (rows: path, title, values in column order; tasks: path, \
            line, text, done, due; calendar: day, kind, path), total, and next_cursor when more follow. A query with a mistake is \
            an error with its line and column.
            """,
        inputSchema: Schema.arguments([
            ("query", Schema.string("The query's text.", maxLength: maximumQueryBytes)),
            ("name", Schema.string("The name of a query saved in the vault (.enote/queries/NAME.enote, .dataview or .tasks).")),
            ("note", Schema.string("Run this note's query blocks (its path or title).")),
            ("block", Schema.integer("With note: only this block (1-based, in the note's order); pages with cursor.", minimum: 1, maximum: 1000)),
            ("language", Schema.choice("How query is read: enote (the default, which reads DQL too), dataview or tasks.", NoteQuery.Language.allCases.map(\.rawValue))),
            ("limit", Schema.integer("How many rows per page (default 50).", minimum: 1, maximum: 500)), ("cursor", Schema.cursor),
        ]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in try run(call) }

    private static func run(_ call: ToolCall) throws(ResponseError) -> ToolResult {
        let arguments = call.arguments
        try arguments.requireKnown(["query", "name", "note", "block", "language", "limit", "cursor"])
        let limit = try arguments.optionalInt("limit", in: 1...500) ?? 50
        let offset = try PageCursor.offset(arguments.optionalString("cursor"))
        let language = try arguments.optionalString("language").map { name throws(ResponseError) in
            guard let language = NoteQuery.Language(rawValue: name) else {
                throw ResponseError(.invalidParams, Localization.text("the argument language must be enote, dataview or tasks"))
            }
            return language
        }
        let given = ["query", "name", "note"].filter(arguments.has)
        guard given.count == 1 else {
            throw ResponseError(.invalidParams, Localization.text("give one of the arguments query, name or note"))
        }
        if arguments.has("block") && !arguments.has("note") {
            throw ResponseError(.invalidParams, Localization.text("the argument block goes with note"))
        }
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var answer: ToolResult
        if arguments.has("note") {
            answer = try blocks(call, block: try arguments.optionalInt("block", in: 1...1000), limit: limit, offset: offset)
        } else {
            var text: String
            var read = language ?? .enote
            if let name = try arguments.optionalString("name") {
                do throws(VaultError) {
                    let saved = try call.vault.vault.savedQuery(named: name)
                    text = saved.text
                    read = language ?? saved.language
                } catch {
                    return .failure(error)
                }
            } else {
                // Taken as text to say how long it is; refused here rather than parsed.
                text = try arguments.string("query", text: true)
                guard text.utf8.count <= maximumQueryBytes else {
                    return .failure(
                        "too_large", Localization.text("the query is \(String(text.utf8.count)) bytes long, more than the \(String(maximumQueryBytes)) a query may be"))
                }
            }
            let query: NoteQuery
            do {
                query = try QueryParser.parse(text, language: read)
            } catch {
                return failure(error)
            }
            switch execute(query, note: nil, call: call) {
            case .failure(let error): return failure(error)
            case .success(let result): answer = page(result, offset: offset, limit: limit, call: call)
            }
        }
        answer.serverMilliseconds = Double((DispatchTime.now().uptimeNanoseconds - started) / 1000) / 1000
        return answer
    }

    /// Runs `query` over the index, within ``timeLimit``.
    static func execute(_ query: NoteQuery, note: NotePath?, call: ToolCall) -> Result<QueryResult, NoteQueryError> {
        var options = NoteIndex.QueryOptions(now: call.clock.now(), timeZone: call.clock.timeZone, note: note)
        options.timeLimit = timeLimit
        do {
            return .success(try call.vault.withIndex { index in try index.run(query, options: options) })
        } catch let error as NoteQueryError {
            return .failure(error)
        } catch let error as VaultError {
            return .failure(NoteQueryError(error.message, line: 1, column: 1))
        } catch {
            return .failure(NoteQueryError("\(String(describing: error))", line: 1, column: 1))
        }
    }

    /// A query's error as the tool's: `error` (`query_error`, or `unsupported` for what enote
    /// does not run), the message with its place, and `line`, `column`, `length`.
    static func failure(_ error: NoteQueryError) -> ToolResult {
        ToolResult(QueryFailure(error: error), isError: true)
    }

    /// The query blocks of a note: one (`block`) paged as a query is, or each with its first
    /// `limit` rows.
    private static func blocks(_ call: ToolCall, block: Int?, limit: Int, offset: Int) throws(ResponseError) -> ToolResult {
        let path: NotePath
        switch try ReadingTools.resolve(call) {
        case .failure(let error): return .failure(error)
        case .success(let found): path = found
        }
        let read: [Vault.ReadBlock]
        do throws(VaultError) {
            read = try call.vault.vault.queryBlocks(of: path, today: CalendarDay(call.clock.now(), in: call.clock.timeZone))
        } catch {
            return .failure(error)
        }
        if let block {
            guard block <= read.count else {
                return .failure(
                    "no_such_block", Localization.text("\(path.description) has \(String(read.count)) query blocks; block is 1 to \(String(read.count))"))
            }
            switch read[block - 1].query.flatMap({ execute($0, note: path, call: call).mapError { error in Self.placed(error, read[block - 1].block) } }) {
            case .failure(let error): return failure(error)
            case .success(let result): return page(result, offset: offset, limit: limit, call: call, head: BlockHead(path: path, block: read[block - 1].block))
            }
        }
        let budget = (ToolResult.maximumBytes - 4000) / max(1, read.count)
        // Each block within ``timeLimit``, all of them within ``blocksTimeLimit``.
        var options = NoteIndex.QueryOptions(now: call.clock.now(), timeZone: call.clock.timeZone, note: path)
        options.timeLimit = timeLimit
        let outcomes = call.vault.withIndex { index in QueryBlockOutcome.run(read, index: index, options: options, pageLimit: blocksTimeLimit) }
        let answers = zip(read, outcomes).map { item, outcome in
            let result: Result<QueryResult, NoteQueryError> =
                switch outcome {
                case .result(let result): .success(result)
                case .failure(let error): .failure(error)
                }
            return BlockAnswer(block: item.block, outcome: result, limit: limit, budget: budget, text: call.text)
        }
        return ToolResult(BlocksAnswer(path: path, blocks: answers))
    }

    /// A run's error (a time limit) placed on the block's fence.
    private static func placed(_ error: NoteQueryError, _ block: QueryBlock) -> NoteQueryError {
        var error = error
        if error.line < block.line { error.line = block.line }
        return error
    }

    /// A page of a result: its rows from `offset` that fit, as data and as Markdown.
    static func page<Head: Encodable & Sendable>(_ result: QueryResult, offset: Int, limit: Int, call: ToolCall, head: Head) -> ToolResult {
        ToolResult(QueryPage(result: result, offset: offset, limit: limit, text: call.text, head: head))
    }

    static func page(_ result: QueryResult, offset: Int, limit: Int, call: ToolCall) -> ToolResult {
        page(result, offset: offset, limit: limit, call: call, head: NoHead())
    }
}

/// Which block of which note a page is of: `path`, `line` (the opening fence), `language`.
struct BlockHead: Encodable, Sendable {
    var path: NotePath
    var block: QueryBlock

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(path.description, forKey: "path")
        try container.encode(block.line, forKey: "line")
        try container.encode(block.language.rawValue, forKey: "language")
    }
}

/// A query's error: `error`, `message` (with its place), `line`, `column`, `length`.
struct QueryFailure: Encodable, Sendable {
    var error: NoteQueryError

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(error.isUnsupported ? "unsupported" : "query_error", forKey: "error")
        try container.encode(AnswerBound.cut(error.located.text, bytes: 4096), forKey: "message")
        try container.encode(error.line, forKey: "line")
        try container.encode(error.column, forKey: "column")
        try container.encode(error.length, forKey: "length")
    }
}
