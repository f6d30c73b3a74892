/// Reads enote's query language and Dataview's DQL into a ``NoteQuery``.
///
/// The two share their grammar (DQL's, without JavaScript), and enote's adds a few words so a
/// query reads as it is meant:
///
/// ```enote
/// table status, due
/// from folder projects and not #archive
/// where status != "done" and updated > today - 30d
/// sort due
/// ```
///
/// - views: `list [expr]`, `table [without id] expr [as "name"], …`, `task` / `tasks`,
///   `board by KEY`, `calendar [KEY]`;
/// - sources (`from`): `#tag`, `"folder"`, `[[note]]` (notes linking to it),
///   `outgoing([[note]])`, and enote's `folder X`, `tag X`, `links to X`, `linked from X`,
///   combined with `and`, `or`, `not`/`-` and parentheses;
/// - `where EXPR`, `sort EXPR [asc|desc], …`, `group by EXPR`, `limit N`;
/// - expressions: fields (`status`, `file.name`), numbers, `"text"`, dates (`2026-12-01`,
///   `today`, `date(today)`), durations (`7d`, `dur(2 weeks)`), `[[links]]`, lists, `+ - * / %`,
///   `= != < <= > >=`, `contains`, `and`, `or`, `not`/`!`, and the functions of
///   ``QueryFunction``.
///
/// Keywords are read without case. What DQL has and enote does not run (`FLATTEN`, lambdas,
/// JavaScript) is a ``NoteQueryError`` marked unsupported, pointing at it.
public struct QueryParser {
    var tokens: [QueryToken]
    var index = 0
    /// How deep the expression being read is nested; past ``maximumDepth`` the query is
    /// refused rather than read by ever deeper recursion.
    var depth = 0
    static let maximumDepth = 64
    /// How many sources the `from` names so far; a source of thousands of tags is refused, as
    /// working it out is recursive.
    var sourceCount = 0
    let language: NoteQuery.Language

    private init(tokens: [QueryToken], language: NoteQuery.Language) {
        self.tokens = tokens
        self.language = language
    }

    /// The query `text` says, in `language` (for `.tasks`, ``TasksBlockParser``); `note` is the
    /// note the query is written in, for the placeholders of a Tasks block.
    /// - Throws: ``NoteQueryError`` at the first place that cannot be read, saying what would be valid.
    public static func parse(_ text: String, language: NoteQuery.Language = .enote, note: NotePath? = nil) throws(NoteQueryError) -> NoteQuery {
        if language == .tasks { return try TasksBlockParser.parse(text, note: note) }
        var parser = QueryParser(tokens: try QueryLexer.tokens(text), language: language)
        return try parser.query()
    }

    /// One expression on its own (a `--where`-like condition, a table column typed alone).
    public static func parseExpression(_ text: String) throws(NoteQueryError) -> QueryExpression {
        var parser = QueryParser(tokens: try QueryLexer.tokens(text), language: .enote)
        let expression = try parser.expression()
        try parser.expectEnd()
        return expression
    }

    // MARK: - Tokens

    var current: QueryToken { tokens[index] }

    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    func error(_ message: LocalizedMessage, at token: QueryToken? = nil, unsupported: Bool = false) -> NoteQueryError {
        let token = token ?? current
        return NoteQueryError(message, line: token.line, column: token.column, length: token.text.count, isUnsupported: unsupported)
    }

    /// What the current token is, in a message: `"foo"`, or "the end of the query".
    var found: LocalizedMessage {
        current.kind == .end ? "the end of the query" : "\"\(current.text)\""
    }

    mutating func accept(keyword: String) -> Bool {
        guard current.keyword == keyword else { return false }
        advance()
        return true
    }

    mutating func accept(symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        advance()
        return true
    }

    mutating func expect(symbol: String, after what: String) throws(NoteQueryError) {
        guard accept(symbol: symbol) else { throw error("expected \(symbol) after \(what); found \(found)") }
    }

    private func expectEnd() throws(NoteQueryError) {
        guard current.kind == .end else { throw error("expected the end of the query; found \(found)") }
    }

    // MARK: - Query

    private static let clauseWords = ["from", "where", "sort", "group", "limit", "flatten"]

    private mutating func query() throws(NoteQueryError) -> NoteQuery {
        var query = try view()
        var seen: Set<String> = []
        while current.kind != .end {
            guard let word = current.keyword, Self.clauseWords.contains(word) else {
                throw error("expected FROM, WHERE, SORT, GROUP BY or LIMIT; found \(found)")
            }
            let clause = current
            // Dataview runs its clauses in turn, so a second WHERE narrows and a second SORT sorts
            // again; the other clauses are given once.
            if word != "where" && word != "sort" && seen.contains(word) {
                throw error("\(clause.text) is given twice; write it once", at: clause)
            }
            seen.insert(word)
            advance()
            switch word {
            case "from":
                guard query.source == nil else { throw error("FROM is given twice; combine the sources with and/or", at: clause) }
                query.source = try source()
            case "where":
                // Dataview allows several WHERE clauses: each narrows what the last kept.
                let condition = try expression()
                query.condition = query.condition.map { .binary(.and, $0, condition) } ?? condition
            case "sort":
                // Sorting again by B keeps the order by A among equal B: B's keys come first.
                query.sort = try sortKeys() + query.sort
            case "group":
                guard accept(keyword: "by") else { throw error("expected BY after GROUP; found \(found)") }
                query.groupBy = try expression()
                if accept(keyword: "as") { try skipName() }
            case "limit":
                guard case .number(let number) = current.kind, number >= 0, number == number.rounded(), number <= 1_000_000 else {
                    throw error("LIMIT needs a whole number from 0 to 1000000; found \(found)")
                }
                query.limit = Int(number)
                advance()
            default:
                throw error("\(clause.text) is not run by enote (it changes rows into several); leave it out", at: clause, unsupported: true)
            }
        }
        return query
    }

    private mutating func view() throws(NoteQueryError) -> NoteQuery {
        let first = current
        switch current.keyword {
        case "list":
            advance()
            var query = NoteQuery(language: language, view: .list(nil))
            query.withoutID = acceptWithoutID()
            if !isClauseStart { query.view = .list(try expression()) }
            return query
        case "table":
            advance()
            var query = NoteQuery(language: language, view: .table([]))
            query.withoutID = acceptWithoutID()
            var columns: [QueryColumn] = []
            if !isClauseStart {
                repeat {
                    let start = index
                    let expression = try expression()
                    var name = tokens[start..<index].map(\.text).joined(separator: " ")
                    if accept(keyword: "as") { name = try readName() }
                    columns.append(QueryColumn(expression: expression, name: Self.tidy(name)))
                } while accept(symbol: ",")
            }
            query.view = .table(columns)
            return query
        case "task", "tasks":
            advance()
            return NoteQuery(language: language, view: .tasks)
        case "board":
            advance()
            _ = accept(keyword: "by")
            guard let key = current.keyword.map({ _ in current.text }) ?? stringValue else {
                throw error("expected the key to group the board by after BOARD BY, for example board by status; found \(found)")
            }
            advance()
            return NoteQuery(language: language, view: .board(key: key))
        case "calendar":
            advance()
            var key: String?
            if !isClauseStart, current.kind != .end {
                guard var name = current.keyword.map({ _ in current.text }) ?? stringValue else {
                    throw error("expected a date key after CALENDAR, or nothing; found \(found)")
                }
                advance()
                // `CALENDAR file.cday`: a dotted name.
                while current.isSymbol("."), index + 1 < tokens.count, tokens[index + 1].keyword != nil {
                    advance()
                    name += "." + current.text
                    advance()
                }
                key = name
            }
            return NoteQuery(language: language, view: .calendar(key: key))
        default:
            throw error("a query starts with LIST, TABLE, TASK, BOARD BY KEY or CALENDAR; found \(found)", at: first)
        }
    }

    var stringValue: String? {
        if case .string(let text) = current.kind { text } else { nil }
    }

    var isClauseStart: Bool {
        current.kind == .end || current.keyword.map(Self.clauseWords.contains) == true
    }

    private mutating func acceptWithoutID() -> Bool {
        guard current.keyword == "without", index + 1 < tokens.count, tokens[index + 1].keyword == "id" else { return false }
        advance()
        advance()
        return true
    }

    private mutating func readName() throws(NoteQueryError) -> String {
        if let text = stringValue {
            advance()
            return text
        }
        if current.keyword != nil {
            defer { advance() }
            return current.text
        }
        throw error("expected a name after AS, for example AS \"Due\"; found \(found)")
    }

    private mutating func skipName() throws(NoteQueryError) {
        _ = try readName()
    }

    private static func tidy(_ name: String) -> String {
        name.replacingOccurrences(of: " . ", with: ".").replacingOccurrences(of: " (", with: "(").replacingOccurrences(of: "( ", with: "(")
            .replacingOccurrences(of: " )", with: ")").replacingOccurrences(of: " ,", with: ",")
    }

    private mutating func sortKeys() throws(NoteQueryError) -> [QuerySortKey] {
        var keys: [QuerySortKey] = []
        repeat {
            let expression = try expression()
            var descending = false
            if accept(keyword: "desc") || accept(keyword: "descending") {
                descending = true
            } else {
                _ = accept(keyword: "asc") || accept(keyword: "ascending")
            }
            keys.append(QuerySortKey(expression: expression, descending: descending))
        } while accept(symbol: ",")
        return keys
    }
}
