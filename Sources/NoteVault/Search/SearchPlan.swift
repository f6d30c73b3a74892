/// A query as the index runs it: each word of the user's query with everything that counts as
/// finding it (the word as typed, its other forms, the words it may be the beginning of), the FTS5
/// expressions, and what `enote_rank` and the snippets need to know about them.
///
/// Built by ``SearchPlanner`` from a ``SearchQuery``; every piece of text in the expressions is a
/// quoted FTS5 string, as in the query itself.
struct SearchPlan: Sendable {
    /// How closely an alternative matches the word as typed; a better match ranks first.
    enum Level: UInt8, Sendable, Comparable {
        /// A word the typed one begins (as you type: `plumb` → `plumber`).
        case beginning = 0
        /// Another form of the word in a language of the vault (`files` → `file`).
        case form = 1
        /// The word as typed (or as quoted, or its explicit `word*`).
        case exact = 2

        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// One way of matching a word of the query: a quoted FTS5 term.
    struct Alternative: Sendable, Equatable {
        var term: SearchQuery.Term
        var level: Level
    }

    /// What the notes must match: each group is one word of the query (or its `OR`
    /// alternatives), with every alternative that counts as finding it.
    var groups: [[Alternative]]
    /// What no result may match: the excluded words and their other forms.
    var excluded: [SearchQuery.Term]
    /// Words that matched nothing and were searched as others (`plumbre` → `plumber`).
    var corrections: [SearchCorrection] = []
    /// Whether a result must match every group (the query as typed), or any of them (when no
    /// note matches them all: the notes that match the most come first).
    var requiresEveryGroup = true

    /// The FTS5 expression every result must match, or `nil` when the query only excludes.
    var positiveExpression: String? {
        guard !groups.isEmpty else { return nil }
        return groups.map(Self.expression(of:)).joined(separator: requiresEveryGroup ? " AND " : " OR ")
    }

    /// This plan with results that match any of its groups, or `nil` when it has fewer than two.
    var relaxed: SearchPlan? {
        guard groups.count >= 2, requiresEveryGroup else { return nil }
        var plan = self
        plan.requiresEveryGroup = false
        return plan
    }

    /// The FTS5 expression of one group: its alternatives joined by `OR`.
    static func expression(of group: [Alternative]) -> String {
        let alternatives = group.map { SearchQuery.expression($0.term) }
        return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " OR ") + ")"
    }

    /// The FTS5 expression no result may match, or `nil`.
    var negativeExpression: String? {
        guard !excluded.isEmpty else { return nil }
        return excluded.map(SearchQuery.expression).joined(separator: " OR ")
    }

    /// The phrase map `enote_rank` takes as its fourth argument: for each phrase of
    /// ``positiveExpression``, in order, its group and its level.
    var phraseMap: [UInt8] {
        var map: [UInt8] = []
        for (index, group) in groups.enumerated() {
            for alternative in group {
                map.append(UInt8(min(index, 255)))
                map.append(alternative.level.rawValue)
            }
        }
        return map
    }

    /// Every alternative's text and whether it is a prefix, for the snippets' highlights.
    var matchingTerms: [SearchQuery.Term] {
        groups.joined().map(\.term)
    }
}

/// A word of the query that matched no note, and the words of the vault searched instead.
public struct SearchCorrection: Sendable, Equatable, Encodable {
    /// The word as typed.
    public var typed: String
    /// The vault's words within one or two slips of it that were searched instead, best first.
    public var searched: [String]

    public init(typed: String, searched: [String]) {
        self.typed = typed
        self.searched = searched
    }

    /// What a front end says about it: `no note has "plumbre"; showing "plumber"`.
    public var message: LocalizedMessage {
        let shown = searched.map { "\"\($0)\"" }.joined(separator: ", ")
        return "no note has \"\(typed)\"; showing \(shown)"
    }
}
