import Foundation

/// A search typed by a user, parsed into terms and turned into an FTS5 expression in which every
/// piece of user text is a quoted string.
///
/// The syntax: words are ANDed; `"exact phrase"`; `prefix*`; `a OR b`; `-word` excludes;
/// `title:word` searches titles only. Nothing the user types reaches SQLite as syntax: `C++`,
/// `e-mail`, `it's`, an unmatched `"`, `AND` or `NEAR(` alone are searched as text, and a query
/// with no letters or digits at all is refused with a message.
///
/// What a word matches beyond itself (its other forms, the words it begins, a correction) is the
/// ``SearchPlanner``'s work; the query only records how each word was typed: quoted (`"file"`
/// matches that form only), and whether it is the last word, which may still be unfinished.
///
/// The work a query asks for is bounded: a word given twice counts once, and a query may hold at
/// most ``maximumTerms`` different words and ``maximumPrefixes`` of them ending in `*` (each one
/// reads the postings of every word it begins); beyond that it is refused with a message.
///
/// For example:
///
/// ```swift
/// let query = try SearchQuery(parsing: #"title:plan "next week" -draft mee*"#)
/// query.positiveExpression   // {title} : "plan" AND "next week" AND "mee"*
/// query.negativeExpression   // "draft"
/// ```
public struct SearchQuery: Sendable, Equatable {
    /// One searchable piece of the query.
    public struct Term: Sendable, Equatable {
        /// The text to find (a word or a phrase), as typed.
        public var text: String
        /// Whether it matches words that start with the text (`word*`).
        public var isPrefix = false
        /// Whether it must appear in the title.
        public var titleOnly = false
        /// Whether notes containing it are excluded (`-word`).
        public var isNegated = false
        /// Whether it was typed in quotes: it matches the exact form only (`"file"` does not find
        /// `files`).
        public var isQuoted = false
        /// Whether it is the last word of the query, typed without quotes, `*` or `-`, and not
        /// followed by a space: the user may not have finished it, so it also matches as the
        /// beginning of a word (`plumb` finds `plumber`).
        public var mayBeUnfinished = false

        public init(text: String, isPrefix: Bool = false, titleOnly: Bool = false, isNegated: Bool = false, isQuoted: Bool = false) {
            self.text = text
            self.isPrefix = isPrefix
            self.titleOnly = titleOnly
            self.isNegated = isNegated
            self.isQuoted = isQuoted
        }
    }

    /// The most different words a query may hold.
    public static let maximumTerms = 32
    /// The most words ending in `*` a query may hold.
    public static let maximumPrefixes = 8

    /// Terms that must all match; each inner array is a group of alternatives joined by `OR`.
    public var groups: [[Term]] = []
    /// Terms no result may contain.
    public var excluded: [Term] = []
    /// What a search by meaning embeds instead of the words, when set: a question's whole text
    /// (``init(question:)``), whose small words the model reads though the search by words
    /// leaves them out.
    public var meaning: String?

    /// Why a query cannot be searched.
    public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with the query, as a sentence.
        public var message: LocalizedMessage
        public var description: String { message.text }
    }

    /// Parses a query.
    /// - Throws: ``QueryError`` when nothing searchable is left (no letters or digits).
    public init(parsing text: String) throws(QueryError) {
        let words = Self.split(text)
        var pendingOr = false
        for (index, word) in words.enumerated() {
            if !word.quoted, word.text == "OR", index > 0, index < words.count - 1, !groups.isEmpty {
                pendingOr = true
                continue
            }
            if !word.quoted, word.text == "AND", index > 0, index < words.count - 1 {
                continue
            }
            guard var term = Self.term(from: word) else {
                pendingOr = false
                continue
            }
            if term.isNegated {
                term.isNegated = false
                excluded.append(term)
                pendingOr = false
            } else if pendingOr, !groups.isEmpty {
                groups[groups.count - 1].append(term)
                pendingOr = false
            } else {
                groups.append([term])
            }
        }
        if groups.isEmpty && excluded.isEmpty {
            throw QueryError(message: "nothing to search for: the query has no letters or digits")
        }
        if let last = words.last, !last.quoted, !last.negated, !last.prefix,
            let end = text.unicodeScalars.last, !end.properties.isWhitespace,
            let group = groups.indices.last, let term = groups[group].indices.last,
            groups[group][term].text == last.text.filter({ $0 != "\0" })
        {
            groups[group][term].mayBeUnfinished = true
        }
        try bound()
    }

    /// Drops words given twice and refuses a query that would ask for too much work, in one pass
    /// over the words (a pasted file of 30,000 words is refused at once).
    private mutating func bound() throws(QueryError) {
        var seen: Set<WordKey> = []
        groups = groups.filter { group in
            // A group that repeats an earlier single word adds nothing: every result has it.
            guard group.count == 1 else { return true }
            return seen.insert(WordKey(group[0])).inserted
        }
        var seenExcluded: Set<WordKey> = []
        excluded = excluded.filter { seenExcluded.insert(WordKey($0)).inserted }
        let terms = groups.joined() + excluded
        if terms.count > Self.maximumTerms {
            throw QueryError(message: "the search has too many words (\(terms.count)); search with at most \(Self.maximumTerms)")
        }
        let prefixes = terms.filter(\.isPrefix).count
        if prefixes > Self.maximumPrefixes {
            throw QueryError(message: "the search has too many words ending in * (\(prefixes)); search with at most \(Self.maximumPrefixes)")
        }
    }

    /// What makes two terms ask for the same thing (the last word's "may be unfinished" aside).
    private struct WordKey: Hashable {
        var text: String
        var isPrefix: Bool
        var titleOnly: Bool
        var isQuoted: Bool

        init(_ term: Term) {
            (text, isPrefix, titleOnly, isQuoted) = (term.text, term.isPrefix, term.titleOnly, term.isQuoted)
        }
    }

    /// The FTS5 expression every result must match, or `nil` when the query only excludes.
    public var positiveExpression: String? {
        guard !groups.isEmpty else { return nil }
        return groups.map { group in
            let alternatives = group.map(Self.expression)
            return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")
    }

    /// The FTS5 expression no result may match, or `nil`.
    public var negativeExpression: String? {
        guard !excluded.isEmpty else { return nil }
        return excluded.map(Self.expression).joined(separator: " OR ")
    }

    // MARK: - Parsing

    private struct Word {
        var text: String
        var quoted: Bool
        var negated: Bool
        var titleOnly: Bool
        var prefix: Bool
    }

    /// Splits at spaces, keeping `"quoted phrases"` (an unmatched quote runs to the end).
    private static func split(_ text: String) -> [Word] {
        var words: [Word] = []
        var characters = Substring(text)
        while true {
            characters = characters.drop { $0.isWhitespace || $0 == "\0" }
            guard !characters.isEmpty else { break }
            var negated = false
            var titleOnly = false
            // Only the next few characters are looked at: counting or lowercasing the rest of
            // the query for every word would make reading it quadratic.
            if characters.first == "-", let next = characters.dropFirst().first, !next.isWhitespace {
                negated = true
                characters = characters.dropFirst()
            }
            if characters.prefix(6).lowercased() == "title:", characters.dropFirst(6).first != nil {
                titleOnly = true
                characters = characters.dropFirst(6)
            }
            if characters.first == "\"" {
                let rest = characters.dropFirst()
                let close = rest.firstIndex(of: "\"") ?? rest.endIndex
                var word = Word(text: String(rest[..<close]), quoted: true, negated: negated, titleOnly: titleOnly, prefix: false)
                characters = close < rest.endIndex ? rest[rest.index(after: close)...] : rest[rest.endIndex...]
                if characters.first == "*" {
                    word.prefix = true
                    characters = characters.dropFirst()
                }
                words.append(word)
            } else {
                let end = characters.firstIndex { $0.isWhitespace || $0 == "\0" } ?? characters.endIndex
                var text = String(characters[..<end])
                characters = characters[end...]
                var prefix = false
                if text.hasSuffix("*") {
                    prefix = true
                    while text.hasSuffix("*") { text.removeLast() }
                }
                words.append(Word(text: text, quoted: false, negated: negated, titleOnly: titleOnly, prefix: prefix))
            }
        }
        return words
    }

    private static func term(from word: Word) -> Term? {
        let text = word.text.filter { $0 != "\0" }
        // Text without a letter or digit tokenizes to nothing: it cannot match anything. A Thai
        // tone mark or a Khmer sign alone is indexed (inside bigrams) and can be found.
        guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil || CJKText.isBigrammed($0.value) })
        else {
            return nil
        }
        var isPrefix = word.prefix
        // A single character of a script indexed as bigrams (京, ก) is found inside them: search
        // it as a prefix, at the end of a phrase too (東京 大).
        if CJKText.endsWithSingleBigrammedCharacter(text) { isPrefix = true }
        return Term(text: text, isPrefix: isPrefix, titleOnly: word.titleOnly, isNegated: word.negated, isQuoted: word.quoted)
    }

    /// A term as FTS5 syntax: always a double-quoted string, quotes doubled.
    ///
    /// The quotes are doubled scalar by scalar: FTS5 reads bytes, while `String` compares
    /// grapheme clusters, in which a quote followed by a combining mark (`"\u{301}`) is not a
    /// quote and would end the string early.
    static func expression(_ term: Term) -> String {
        var quoted = String.UnicodeScalarView()
        for scalar in term.text.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append(scalar) }
        }
        var expression = "\"" + String(quoted) + "\""
        if term.isPrefix { expression += "*" }
        if term.titleOnly { expression = "{title} : " + expression }
        return expression
    }
}
