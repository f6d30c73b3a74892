extension SearchQuery {
    /// A question in plain words (an agent's or a person's: "What was the phlogiston theory?")
    /// as a query of its words: none is syntax (quotes, `-`, `*`, `OR`, `title:` are read as
    /// text, and what is left of them without letters or digits is dropped), none is a beginning
    /// of a longer word (but for a single character of a script without spaces), each is asked
    /// once, and a possessive is its noun. A question of more than ``maximumQuestionWords``
    /// different words keeps its first ones, rather than being refused. A search by
    /// meaning reads the whole question (``meaning``).
    /// - Throws: ``QueryError`` when it has no letters or digits.
    public init(question: String) throws(QueryError) {
        var seen: Set<String> = []
        for piece in question.split(whereSeparator: { $0.isWhitespace || $0 == "\0" || $0 == "\"" || $0 == "*" }) {
            var text = Substring(piece.drop { $0 == "-" })
            // A possessive is its noun: "Lavoisier's experiments" are Lavoisier's.
            for ending in ["'s", "’s", "'", "’"] where text.count > ending.count && text.lowercased().hasSuffix(ending) {
                text = text.dropLast(ending.count)
                break
            }
            guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil || CJKText.isBigrammed($0.value) })
            else { continue }
            guard seen.insert(text.lowercased()).inserted else { continue }
            // A single character of a script indexed as bigrams is found inside them, as in a query.
            groups.append([Term(text: String(text), isPrefix: CJKText.endsWithSingleBigrammedCharacter(String(text)))])
            if groups.count == Self.maximumQuestionWords { break }
        }
        if groups.isEmpty {
            throw QueryError(message: "nothing to search for: the question has no letters or digits")
        }
        meaning = question.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The most different words of a question that are read: more than a search takes
    /// (``maximumTerms``), so that a question's telling words are chosen from all of them
    /// (``NoteIndex/context(for:budget:filter:early:)`` keeps the rarest).
    package static let maximumQuestionWords = 128
}
