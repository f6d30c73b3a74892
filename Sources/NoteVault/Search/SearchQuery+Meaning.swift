extension SearchQuery {
    /// What a search by meaning embeds for this query: ``meaning`` when set, else its words, as
    /// typed, without the excluded ones. `nil` when the query asks for exactness: a quoted word
    /// or phrase, a `title:` word, or only exclusions; such a search stays a search by words.
    public var meaningText: String? {
        if let meaning { return meaning }
        let terms = groups.flatMap { $0 }
        guard !terms.isEmpty, !terms.contains(where: { $0.isQuoted || $0.titleOnly }) else { return nil }
        return terms.map(\.text).joined(separator: " ")
    }

    /// How many words the query searches for, excluded ones not counted (`tomato OR potato` is
    /// two): what ``RankFusion/meaningWeight(queryTerms:everyWordMatched:)`` reads.
    public var searchedTermCount: Int {
        groups.reduce(0) { $0 + $1.count }
    }
}
