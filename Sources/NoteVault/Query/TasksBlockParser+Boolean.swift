/// A Tasks Boolean line: filters in delimiters joined by `AND`, `OR`, `XOR`, `NOT`, `AND NOT`
/// and `OR NOT` (`NOT` binds tightest, then `XOR`, `AND`, `OR`), as the Tasks plugin reads it.
/// Delimiters are `( )`, `[ ]`, `{ }` or `" "`; brackets nest, so a filter may hold its own
/// brackets (`(description includes (maybe))`).
extension TasksBlockParser {
    struct BooleanLine {
        private let characters: [Character]
        private var position = 0

        private static let closing: [Character: Character] = ["(": ")", "[": "]", "{": "}", "\"": "\""]

        /// Whether `line` is a Boolean line: it opens with a delimiter, or with `NOT` and one.
        static func starts(_ line: String) -> Bool {
            guard let first = line.first else { return false }
            if closing[first] != nil { return true }
            let lower = line.lowercased()
            guard lower.hasPrefix("not") else { return false }
            let rest = lower.dropFirst(3)
            guard rest.first?.isWhitespace == true || closing[rest.first ?? " "] != nil else { return false }
            return rest.drop(while: \.isWhitespace).first.map { closing[$0] != nil } ?? false
        }

        init(_ line: String) throws(Problem) {
            characters = Array(line)
        }

        typealias Filter = (String, Int) throws(Problem) -> QueryExpression

        /// The whole line as one condition; `filter` reads what is inside each pair of delimiters.
        mutating func expression(depth: Int, filter: Filter) throws(Problem) -> QueryExpression {
            guard depth < TasksBlockParser.maximumDepth else { throw .error("the Boolean combination nests too deeply") }
            let result = try or(depth: depth, filter: filter)
            skipSpaces()
            guard position == characters.count else {
                throw .error(
                    "expected AND, OR, XOR or NOT between filters in delimiters, for example (not done) AND (due before today); found \"\(String(characters[position...]))\""
                )
            }
            return result
        }

        private mutating func or(depth: Int, filter: Filter) throws(Problem) -> QueryExpression {
            var left = try and(depth: depth, filter: filter)
            while accept("or") {
                let negated = accept("not")
                let right = try and(depth: depth, filter: filter)
                left = .binary(.or, left, negated ? .not(right) : right)
            }
            return left
        }

        private mutating func and(depth: Int, filter: Filter) throws(Problem) -> QueryExpression {
            var left = try xor(depth: depth, filter: filter)
            while accept("and") {
                let negated = accept("not")
                let right = try xor(depth: depth, filter: filter)
                left = .binary(.and, left, negated ? .not(right) : right)
            }
            return left
        }

        private mutating func xor(depth: Int, filter: Filter) throws(Problem) -> QueryExpression {
            var left = try unary(depth: depth, filter: filter)
            while accept("xor") {
                let right = try unary(depth: depth, filter: filter)
                // One of the two, not both.
                left = .binary(.or, .binary(.and, left, .not(right)), .binary(.and, .not(left), right))
            }
            return left
        }

        private mutating func unary(depth: Int, filter: Filter) throws(Problem) -> QueryExpression {
            if accept("not") { return .not(try unary(depth: depth, filter: filter)) }
            return try operand(depth: depth, filter: filter)
        }

        /// A filter (or a nested combination) in delimiters.
        private mutating func operand(depth: Int, filter: Filter) throws(Problem) -> QueryExpression {
            skipSpaces()
            guard position < characters.count, let close = Self.closing[characters[position]] else {
                let found = position < characters.count ? "\"\(String(characters[position...]))\"" : "the end of the line"
                throw .error("expected a filter in delimiters, such as (done), [done], {done} or \"done\"; found \(found)")
            }
            let open = characters[position]
            position += 1
            let start = position
            var level = 1
            while position < characters.count {
                let character = characters[position]
                if character == close && (open == close || level == 1) {
                    level = 0
                    break
                }
                if open != close {
                    if character == open { level += 1 }
                    if character == close { level -= 1 }
                }
                position += 1
            }
            guard level == 0 else { throw .error("\(String(open)) is not closed with \(String(close)) in the Boolean combination") }
            let inner = String(characters[start..<position]).trimmingCharacters(in: .whitespaces)
            position += 1
            guard !inner.isEmpty else { throw .error("the delimiters \(String(open))\(String(close)) hold no filter") }
            return try filter(inner, depth + 1)
        }

        private mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }

        /// Takes the operator word `word` (without case) when it comes next.
        private mutating func accept(_ word: String) -> Bool {
            skipSpaces()
            let end = position + word.count
            guard end <= characters.count, String(characters[position..<end]).lowercased() == word else { return false }
            // A whole word: followed by a space or a delimiter.
            if end < characters.count, !characters[end].isWhitespace, Self.closing[characters[end]] == nil { return false }
            position = end
            return true
        }
    }
}
