import EnoteRPC
import Foundation
import NoteVault

/// A page of a query's result: after ``head``, `language`, `view`, `columns`, `total` (the rows
/// the query kept), `markdown` (this page's rows as Markdown, ending with how many more and the
/// cursor when more follow), the page's rows as data under `rows` (each note's `path`, `title`,
/// `values`, `group`), `tasks` (each task's `path`, `line`, `text`, `done`, `due`, `group`) or
/// `calendar` (each entry's `day`, `kind`, `path`, `title`, `line`, `text`), then `next_cursor`,
/// `warnings` and `hints` when there are any.
struct QueryPage<Head: Encodable & Sendable>: Encodable, Sendable {
    var head: Head
    var result: QueryResult
    var key: String
    var items: ResultPageOfAny
    var markdown: String

    init(result: QueryResult, offset: Int, limit: Int, text: AnswerText, head: Head, budget: Int = QueryTool.markdownBytes) {
        self.head = head
        self.result = result
        var slice = result
        let start = min(offset, max(result.rows.count, result.calendar.count))
        let shown: Int
        let next: String?
        switch result.query.view {
        case .calendar:
            key = "calendar"
            let page = ResultPage(result.calendar, from: offset, limit: limit, text: text, budget: budget)
            shown = page.items.count
            next = page.nextCursor
            items = ResultPageOfAny(page)
            slice.calendar = Array(result.calendar[start..<min(result.calendar.count, start + shown)])
            slice.rows = []
        case .tasks:
            key = "tasks"
            let page = ResultPage(result.rows.filter { $0.task != nil }.map { QueryResult.Row.JSON($0, compact: true) }, from: offset, limit: limit, text: text, budget: budget)
            shown = page.items.count
            next = page.nextCursor
            items = ResultPageOfAny(page)
            slice.rows = Array(result.rows[start..<min(result.rows.count, start + shown)])
        default:
            key = "rows"
            let page = ResultPage(result.rows.map { QueryResult.Row.JSON($0, compact: true) }, from: offset, limit: limit, text: text, budget: budget)
            shown = page.items.count
            next = page.nextCursor
            items = ResultPageOfAny(page)
            slice.rows = Array(result.rows[start..<min(result.rows.count, start + shown)])
        }
        slice.groups = result.groups.filter { group in slice.rows.contains { $0.group == group } }
        slice.warnings = offset == 0 ? result.warnings : []
        var written = slice.markdown(QueryResult.MarkdownOptions(rowLimit: max(1, shown)))
        if let next {
            let total = result.query.view.name == "calendar" ? result.calendar.count : result.rows.count
            written += "\n" + Localization.text("… \(String(total - start - shown)) more: pass cursor \(next)") + "\n"
        }
        markdown = AnswerBound.cut(written, bytes: budget)
        items.nextCursor = next
    }

    func encode(to encoder: any Encoder) throws {
        try head.encode(to: encoder)
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(result.query.language.rawValue, forKey: "language")
        try container.encode(result.query.view.name, forKey: "view")
        try container.encode(result.columns.map { AnswerBound.cut($0, bytes: 256) }, forKey: "columns")
        try container.encode(result.query.view.name == "calendar" ? result.calendar.count : result.rows.count, forKey: "total")
        try container.encode(markdown, forKey: "markdown")
        try container.encode(items, forKey: AnswerKey(key))
        try container.encodeIfPresent(items.nextCursor, forKey: "next_cursor")
        if !result.warnings.isEmpty { try container.encode(result.warnings.map { AnswerBound.cut($0.text, bytes: 1024) }, forKey: "warnings") }
        if !result.query.displayHints.isEmpty { try container.encode(result.query.displayHints, forKey: "hints") }
    }
}

/// The items of a page, whatever their type.
struct ResultPageOfAny: Encodable, Sendable {
    private let encodeItems: @Sendable (any Encoder) throws -> Void
    var nextCursor: String?

    init<Item: Encodable & Sendable>(_ page: ResultPage<Item>) {
        let items = page.items
        encodeItems = { encoder in try items.encode(to: encoder) }
        nextCursor = page.nextCursor
    }

    func encode(to encoder: any Encoder) throws {
        try encodeItems(encoder)
    }
}

/// The query blocks of a note: `path`, then `blocks`, each its `block` (1-based), `line`,
/// `language` and either its first page or its `error`.
struct BlocksAnswer: Encodable, Sendable {
    var path: NotePath
    var blocks: [BlockAnswer]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(path.description, forKey: "path")
        let numbered = blocks.enumerated().map { index, block in
            var block = block
            block.number = index + 1
            return block
        }
        try container.encode(numbered, forKey: "blocks")
    }
}

/// One block of a note and what running it gave.
struct BlockAnswer: Encodable, Sendable {
    var block: QueryBlock
    var page: QueryPage<NoHead>?
    var failure: QueryFailure?
    var number = 0

    init(block: QueryBlock, outcome: Result<QueryResult, NoteQueryError>, limit: Int, budget: Int, text: AnswerText) {
        self.block = block
        switch outcome {
        case .success(let result): page = QueryPage(result: result, offset: 0, limit: limit, text: text, head: NoHead(), budget: max(1000, budget / 2))
        case .failure(let error): failure = QueryFailure(error: error)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(number, forKey: "block")
        try container.encode(block.line, forKey: "line")
        if let page { try page.encode(to: encoder) }
        if let failure {
            try container.encode(block.language.rawValue, forKey: "language")
            var nested = container.nestedContainer(keyedBy: AnswerKey.self, forKey: "error")
            try nested.encode(failure.error.isUnsupported ? "unsupported" : "query_error", forKey: "error")
            try nested.encode(AnswerBound.cut(failure.error.located.text, bytes: 4096), forKey: "message")
            try nested.encode(failure.error.line, forKey: "line")
            try nested.encode(failure.error.column, forKey: "column")
        }
    }
}
