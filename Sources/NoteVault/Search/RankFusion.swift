/// The one ranking of a search that reads both words and meaning: reciprocal-rank fusion
/// (Cormack, Clarke and Büttcher, SIGIR 2009). A note's score is the sum, over the two lists
/// that have it, of `1 / (k + rank)`, rank counted from 1; ties keep the word list's order.
///
/// Plain fusion with `k = 60`, as published: on seekstone's set, tuned fusions did not beat it
/// on held-out halves (issue 3/6's measurements). A note the words rank first and the meaning
/// ranks high stays first; a note with none of the words can still come up when its meaning is
/// near, and a note with the words but far in meaning falls back only a little.
///
/// A lookup is not fused: see ``meaningWeight(queryTerms:everyWordMatched:)``.
struct RankFusion: Sendable {
    var k: Double = 60

    /// The most words a query that is a lookup by words may have.
    static let lookupTerms = 2

    /// How much the meaning list weighs against the words' list for a query of `queryTerms`
    /// words (excluded ones not counted).
    ///
    /// A query of one or two words that some note holds together is a lookup: the person typed
    /// words they remember, and two words say too little about a meaning to outrank a note that
    /// holds them. Its weight is 0: the words' order stands and the notes found by meaning alone
    /// follow. A longer query, or words no note holds together, is fused in full (1).
    ///
    /// Measured, and chosen on odd query positions (BENCHMARKS.md, issue 36's third stop): fused
    /// in full, two-word known-item queries on tldr's 7,424 English pages lost 4–10 of 150 a kind
    /// to notes near in meaning; with the lookup rule they find what the words alone find, and
    /// seekstone's described and topical queries (three words or more, or words no note holds
    /// together) keep their figures.
    static func meaningWeight(queryTerms: Int, everyWordMatched: Bool) -> Double {
        queryTerms <= lookupTerms && everyWordMatched ? 0 : 1
    }

    /// The ids of both lists, best first; the meaning list counts `meaningWeight` times.
    func fuse(words: [Int64], meaning: [Int64], meaningWeight: Double = 1) -> [Int64] {
        fuse([words, meaning], weights: [1, meaningWeight])
    }

    /// The ids of all `lists`, best first; ties keep the order in which the lists, read one
    /// after the other, first name them. A list's rank scores count its weight times (1 for a
    /// list without one), so the notes only a list of weight 0 names come after all others, in
    /// its order.
    func fuse(_ lists: [[Int64]], weights: [Double] = []) -> [Int64] {
        var score: [Int64: Double] = [:]
        var firstSeen: [Int64: Int] = [:]
        for (index, list) in lists.enumerated() {
            let weight = index < weights.count ? weights[index] : 1
            for (rank, id) in list.enumerated() {
                score[id, default: 0] += weight / (k + Double(rank + 1))
                if firstSeen[id] == nil { firstSeen[id] = firstSeen.count }
            }
        }
        return score.keys.sorted { a, b in
            let (sa, sb) = (score[a]!, score[b]!)
            return sa != sb ? sa > sb : firstSeen[a]! < firstSeen[b]!
        }
    }
}
