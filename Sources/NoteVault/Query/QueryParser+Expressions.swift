/// The expressions of a query: operators by precedence, unary and postfix forms, literals,
/// fields, lists, links and function calls, each bounded in depth.
extension QueryParser {
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
