/// Cuts a query's text into ``QueryToken``s. One lexer serves enote's language and DQL: they
/// write names, strings, numbers, links and tags the same way.
struct QueryLexer {
    /// The longest query read: a block is a few lines; past this it is not a query but a mistake
    /// (or an attack) and is refused before any work.
    static let maximumLength = 16_384

    private let characters: [Character]
    private var position = 0
    private var line = 1
    private var column = 1

    init(_ text: String) {
        characters = Array(text)
    }

    /// Every token, ending with `.end`.
    /// - Throws: ``NoteQueryError`` at the first character that starts no token, or an open string
    ///   or link.
    static func tokens(_ text: String) throws(NoteQueryError) -> [QueryToken] {
        if text.utf8.count > maximumLength {
            throw NoteQueryError("the query is longer than \(String(maximumLength)) bytes; split it or save it shorter", line: 1, column: 1)
        }
        var lexer = QueryLexer(text)
        var tokens: [QueryToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var current: Character? { position < characters.count ? characters[position] : nil }

    private func peek(_ offset: Int) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private mutating func advance() {
        if Self.endsLine(characters[position]) {
            line += 1
            column = 1
        } else {
            column += 1
        }
        position += 1
    }

    private mutating func next() throws(NoteQueryError) -> QueryToken {
        // The end of the query is where its last word ends, not after a final newline.
        let beforeSpace = (line: line, column: column)
        while let character = current, character.isWhitespace { advance() }
        let start = (position: position, line: line, column: column)
        func token(_ kind: QueryToken.Kind) -> QueryToken {
            QueryToken(kind: kind, line: start.line, column: start.column, text: String(characters[start.position..<position]))
        }
        guard let character = current else { return QueryToken(kind: .end, line: beforeSpace.line, column: beforeSpace.column, text: "") }
        if character == "\"" || character == "'" {
            let text = try readString(quote: character, start: start)
            return token(.string(text))
        }
        if character == "[" && peek(1) == "[" {
            let target = try readLink(start: start)
            return token(.link(target))
        }
        if character == "#", let following = peek(1), Self.isTagCharacter(following) {
            advance()
            while let next = current, Self.isTagCharacter(next) { advance() }
            return token(.tag(String(characters[(start.position + 1)..<position])))
        }
        if character.isNumber && character.isASCII {
            return token(readNumber(start: start))
        }
        if Self.isWordStart(character) {
            while let next = current, Self.isWordCharacter(next) { advance() }
            return token(.word(String(characters[start.position..<position])))
        }
        for symbol in ["!=", "<=", ">=", "==", "=>"] where character == symbol.first && peek(1) == symbol.last {
            advance()
            advance()
            return token(.symbol(symbol == "==" ? "=" : symbol))
        }
        if "=<>()[],.+-*/%!{}:".contains(character) {
            advance()
            return token(.symbol(String(character)))
        }
        throw NoteQueryError("\"\(String(character))\" cannot start anything in a query", line: start.line, column: start.column)
    }

    private mutating func readString(quote: Character, start: (position: Int, line: Int, column: Int)) throws(NoteQueryError) -> String {
        advance()
        var text = ""
        while let character = current {
            if character == quote {
                advance()
                return text
            }
            if character == "\\", let escaped = peek(1) {
                advance()
                advance()
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(escaped)
                }
                continue
            }
            if Self.endsLine(character) { break }
            text.append(character)
            advance()
        }
        throw NoteQueryError("this text has no closing \(String(quote)); end it on the same line", line: start.line, column: start.column)
    }

    private mutating func readLink(start: (position: Int, line: Int, column: Int)) throws(NoteQueryError) -> String {
        advance()
        advance()
        var target = ""
        while let character = current, !Self.endsLine(character) {
            if character == "]" && peek(1) == "]" {
                advance()
                advance()
                // `[[Plan|shown]]` and `[[Plan#Heading]]` name the note Plan.
                let name = target.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                let note = name.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                return note.trimmingSpaces()
            }
            target.append(character)
            advance()
        }
        throw NoteQueryError("this link has no closing ]]", line: start.line, column: start.column)
    }

    private mutating func readNumber(start: (position: Int, line: Int, column: Int)) -> QueryToken.Kind {
        while let next = current, next.isASCII && next.isNumber { advance() }
        // `2026-12-01` (and a time after it) is a date.
        if position - start.position == 4, current == "-", let month = peek(1), month.isNumber {
            var end = position
            let text = String(characters[start.position...].prefix(19))
            for length in [19, 16, 10] where text.count >= length {
                let candidate = String(text.prefix(length))
                if QueryValue.parseDate(candidate) != nil {
                    end = start.position + length
                    break
                }
            }
            if end > position {
                while position < end { advance() }
                return .date(String(characters[start.position..<position]))
            }
        }
        if current == ".", let fraction = peek(1), fraction.isASCII && fraction.isNumber {
            advance()
            while let next = current, next.isASCII && next.isNumber { advance() }
        }
        // Digits past what a Double holds read as the largest finite number, never infinity.
        let number = min(Double(String(characters[start.position..<position])) ?? 0, Double.greatestFiniteMagnitude)
        // `7d`, `2w`, `12h`, `30m`: a duration, when the letter ends the word.
        if let unit = current, let seconds = Self.unitSeconds[unit], !(peek(1).map(Self.isWordCharacter) ?? false) {
            advance()
            return .duration(min(number * seconds, QueryValue.farthestSeconds))
        }
        return .number(number)
    }

    /// A line ends as in a note (CommonMark): at `\n`, `\r\n` (one Character in Swift) or
    /// `\r`; a form feed or a Unicode line separator is a space, not a new line.
    static func endsLine(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    private static let unitSeconds: [Character: Double] = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800]

    private static func isWordStart(_ character: Character) -> Bool {
        character.isLetter || character == "_"
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_-/".contains(character)
    }
}
