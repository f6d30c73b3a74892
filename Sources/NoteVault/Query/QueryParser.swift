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
    private var tokens: [QueryToken]
    private var index = 0
    /// How deep the expression being read is nested; past ``maximumDepth`` the query is
    /// refused rather than read by ever deeper recursion.
    private var depth = 0
    static let maximumDepth = 64
    /// How many sources the `from` names so far; a source of thousands of tags is refused, as
    /// working it out is recursive.
    private var sourceCount = 0
    private let language: NoteQuery.Language

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

    private var current: QueryToken { tokens[index] }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private func error(_ message: LocalizedMessage, at token: QueryToken? = nil, unsupported: Bool = false) -> NoteQueryError {
        let token = token ?? current
        return NoteQueryError(message, line: token.line, column: token.column, length: token.text.count, isUnsupported: unsupported)
    }

    /// What the current token is, in a message: `"foo"`, or "the end of the query".
    private var found: LocalizedMessage {
        current.kind == .end ? "the end of the query" : "\"\(current.text)\""
    }

    private mutating func accept(keyword: String) -> Bool {
        guard current.keyword == keyword else { return false }
        advance()
        return true
    }

    private mutating func accept(symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        advance()
        return true
    }

    private mutating func expect(symbol: String, after what: String) throws(NoteQueryError) {
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

    private var stringValue: String? {
        if case .string(let text) = current.kind { text } else { nil }
    }

    private var isClauseStart: Bool {
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

    // MARK: - Sources

    private mutating func source() throws(NoteQueryError) -> QuerySource {
        var left = try sourceAnd()
        while accept(keyword: "or") { left = .or(left, try sourceAnd()) }
        return left
    }

    private mutating func sourceAnd() throws(NoteQueryError) -> QuerySource {
        var left = try sourceUnary()
        while accept(keyword: "and") { left = .and(left, try sourceUnary()) }
        return left
    }

    private mutating func sourceUnary() throws(NoteQueryError) -> QuerySource {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("the sources are nested more than \(String(Self.maximumDepth)) levels deep; write them flatter")
        }
        sourceCount += 1
        guard sourceCount <= NoteQuery.maximumDepth else {
            throw error("FROM names more than \(String(NoteQuery.maximumDepth)) sources; use a tag or a folder they share")
        }
        if accept(symbol: "-") || accept(symbol: "!") || accept(keyword: "not") { return .not(try sourceUnary()) }
        if accept(symbol: "(") {
            let inner = try source()
            try expect(symbol: ")", after: "the sources in parentheses")
            return inner
        }
        let token = current
        switch token.kind {
        case .tag(let tag):
            advance()
            return .tag(tag)
        case .string(let folder):
            advance()
            return .folder(folder)
        case .link(let note):
            advance()
            return .linksTo(note)
        case .word(let word):
            switch word.lowercased() {
            case "outgoing":
                advance()
                try expect(symbol: "(", after: "outgoing")
                guard case .link(let note) = current.kind else { throw error("expected a [[link]] in outgoing(…); found \(found)") }
                advance()
                try expect(symbol: ")", after: "outgoing([[…]]")
                return .linkedFrom(note)
            case "folder", "tag":
                advance()
                let name = try sourceName(after: word)
                return word.lowercased() == "folder" ? .folder(name) : .tag(name.hasPrefix("#") ? String(name.dropFirst()) : name)
            case "links", "linked":
                advance()
                let preposition = word.lowercased() == "links" ? "to" : "from"
                guard accept(keyword: preposition) else { throw error("expected \(preposition) after \(word); found \(found)") }
                let name = try sourceName(after: "\(word) \(preposition)")
                return word.lowercased() == "links" ? .linksTo(name) : .linkedFrom(name)
            default:
                break
            }
        case .symbol("["), .symbol("{"):
            break
        default:
            break
        }
        throw error("expected a source: #tag, \"folder\", [[note]], outgoing([[note]]), folder NAME, tag NAME, links to NOTE or linked from NOTE; found \(found)")
    }

    /// A name after `folder`, `tag`, `links to`: a string, a link, a tag, or words and `/`
    /// up to the next keyword.
    private mutating func sourceName(after what: String) throws(NoteQueryError) -> String {
        switch current.kind {
        case .string(let text), .link(let text):
            advance()
            return text
        case .tag(let tag):
            advance()
            return tag
        default:
            var parts: [String] = []
            while current.kind != .end, !isClauseStart, current.keyword != "and", current.keyword != "or", !current.isSymbol(")") {
                if case .symbol(let mark) = current.kind, !["/", "-", "."].contains(mark) { break }
                parts.append(current.text)
                advance()
            }
            guard !parts.isEmpty else { throw error("expected a name after \(what); found \(found)") }
            return parts.joined()
        }
    }

    // MARK: - Expressions

    mutating func expression(minimum: Int = 1) throws(NoteQueryError) -> QueryExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("the query is nested more than \(String(Self.maximumDepth)) levels deep; write it flatter")
        }
        var left = try unary()
        var chain = 0
        while let (op, width) = binaryOperator(), op.precedence >= minimum {
            chain += 1
            guard chain <= NoteQuery.maximumDepth else {
                throw error("the query has more than \(String(NoteQuery.maximumDepth)) conditions or operations in a row; split it or use FROM")
            }
            for _ in 0..<width { advance() }
            let right = try expression(minimum: op.precedence + 1)
            left = .binary(op, left, right)
        }
        return left
    }

    /// The operator at the current token and how many tokens it takes.
    private func binaryOperator() -> (QueryOperator, Int)? {
        switch current.kind {
        case .word(let word):
            switch word.lowercased() {
            case "and": return (.and, 1)
            case "or": return (.or, 1)
            case "contains": return (.contains, 1)
            default: return nil
            }
        case .symbol(let symbol):
            if symbol == "&" { return (.and, 1) }
            return QueryOperator(rawValue: symbol).map { ($0, 1) }
        default:
            return nil
        }
    }

    private mutating func unary() throws(NoteQueryError) -> QueryExpression {
        // `!x` binds as tightly as Dataview's; the word `not` takes a whole comparison
        // (`not status = "done"`).
        if accept(symbol: "!") { return .not(try expression(minimum: 6)) }
        if accept(keyword: "not") { return .not(try expression(minimum: QueryOperator.equal.precedence)) }
        if accept(symbol: "-") { return .negate(try expression(minimum: 6)) }
        return try postfix(try primary())
    }

    private mutating func postfix(_ base: QueryExpression) throws(NoteQueryError) -> QueryExpression {
        var expression = base
        var chain = 0
        while true {
            chain += 1
            guard chain <= Self.maximumDepth else { throw error("the query is nested more than \(String(Self.maximumDepth)) levels deep; write it flatter") }
            if current.isSymbol(".") {
                advance()
                guard case .word(let name) = current.kind else { throw error("expected a field name after \".\"; found \(found)") }
                advance()
                if case .field(let path) = expression {
                    expression = .field(path + [name])
                } else {
                    expression = .index(expression, .literal(.text(name)))
                }
            } else if current.isSymbol("[") {
                advance()
                let key = try self.expression()
                try expect(symbol: "]", after: "an index")
                expression = .index(expression, key)
            } else {
                return expression
            }
        }
    }

    private static let dateWords: Set<String> = ["today", "now", "tomorrow", "yesterday", "sow", "eow", "som", "eom", "soy", "eoy"]

    private mutating func primary() throws(NoteQueryError) -> QueryExpression {
        let token = current
        switch token.kind {
        case .number(let number):
            advance()
            return .literal(.number(number))
        case .string(let text):
            advance()
            return .literal(.text(text))
        case .date(let text):
            advance()
            return .call("date", [.literal(.text(text))])
        case .duration(let seconds):
            advance()
            return .literal(.duration(seconds))
        case .link(let target):
            advance()
            return .call("link", [.literal(.text(target))])
        case .tag(let tag):
            advance()
            return .literal(.text("#" + tag))
        case .symbol("("):
            advance()
            if isLambdaStart { throw error("lambdas ((x) => …) are JavaScript-like and enote does not run them", at: token, unsupported: true) }
            let inner = try expression()
            try expect(symbol: ")", after: "the expression in parentheses")
            if current.isSymbol("=>") { throw error("lambdas ((x) => …) are JavaScript-like and enote does not run them", at: token, unsupported: true) }
            return inner
        case .symbol("["):
            advance()
            var elements: [QueryExpression] = []
            if !accept(symbol: "]") {
                repeat { elements.append(try expression()) } while accept(symbol: ",")
                try expect(symbol: "]", after: "a list's elements")
            }
            return .list(elements)
        case .word(let word):
            let lower = word.lowercased()
            advance()
            if current.isSymbol("(") { return try call(word, at: token) }
            if current.isSymbol("=>") { throw error("lambdas (x => …) are JavaScript-like and enote does not run them", at: token, unsupported: true) }
            switch lower {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null", "none": return .literal(.null)
            default:
                // enote's language writes `today` for the date; DQL writes `date(today)` and
                // reads a bare `today` as a field.
                if language == .enote && Self.dateWords.contains(lower) { return .call("date", [.literal(.text(lower))]) }
                return .field([word])
            }
        default:
            throw error("expected a value: a field, a number, \"text\", a date, [[link]] or (…); found \(found)")
        }
    }

    /// Whether the tokens after a `(` read `x) =>` or `(x, y) =>`.
    private var isLambdaStart: Bool {
        var probe = index
        while probe < tokens.count, tokens[probe].keyword != nil || tokens[probe].isSymbol(",") { probe += 1 }
        return probe + 1 < tokens.count && tokens[probe].isSymbol(")") && tokens[probe + 1].isSymbol("=>")
    }

    private mutating func call(_ name: String, at token: QueryToken) throws(NoteQueryError) -> QueryExpression {
        advance()  // (
        let lower = name.lowercased()
        guard let function = QueryFunction(rawValue: lower) else {
            if QueryFunction.dataviewOnly.contains(lower) {
                throw error("\(name)() is a Dataview function enote does not run", at: token, unsupported: true)
            }
            throw error("there is no function \(name)(); functions: \(QueryFunction.allCases.map(\.rawValue).joined(separator: ", "))", at: token)
        }
        // `date(today)`, `dur(7 days)`: words that are not fields.
        if function == .date, let word = current.keyword, Self.dateWords.contains(word), tokens[index + 1].isSymbol(")") {
            advance()
            advance()
            return .call("date", [.literal(.text(word))])
        }
        if function == .dur {
            var text = ""
            while !current.isSymbol(")") && current.kind != .end {
                // `dur("10h")` and `dur(10 hours)` alike.
                text += (text.isEmpty ? "" : " ") + (stringValue ?? current.text)
                advance()
            }
            try expect(symbol: ")", after: "dur(…")
            guard let seconds = DurationText.seconds(text) else {
                throw error("\"\(text)\" is not a duration; write for example dur(7 days) or dur(2 weeks)", at: token)
            }
            return .literal(.duration(seconds))
        }
        var arguments: [QueryExpression] = []
        if !accept(symbol: ")") {
            repeat {
                if isLambdaStart || (current.keyword != nil && tokens[index + 1].isSymbol("=>")) {
                    throw error("lambdas ((x) => …) are JavaScript-like and enote does not run them", unsupported: true)
                }
                arguments.append(try expression())
            } while accept(symbol: ",")
            try expect(symbol: ")", after: "\(name)(…")
        }
        guard function.arity.contains(arguments.count) else {
            throw error("\(name)() takes \(function.arityText) arguments, not \(String(arguments.count))", at: token)
        }
        return .call(lower, arguments)
    }
}
