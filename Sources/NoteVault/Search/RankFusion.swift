/// The one ranking of a search that reads both words and meaning: reciprocal-rank fusion
/// (Cormack, Clarke and Büttcher, SIGIR 2009). A note's score is the sum, over the two lists
/// that have it, of `1 / (k + rank)`, rank counted from 1; ties keep the word list's order.
///
/// Plain fusion with `k = 60`, as published: on seekstone's set, tuned fusions did not beat it
/// on held-out halves (issue 3/6's measurements). A note the words rank first and the meaning
/// ranks high stays first; a note with none of the words can still come up when its meaning is
/// near, and a note with the words but far in meaning falls back only a little.
struct RankFusion: Sendable {
    var k: Double = 60

    /// The ids of both lists, best first.
    func fuse(words: [Int64], meaning: [Int64]) -> [Int64] {
        fuse([words, meaning])
    }

    /// The ids of all `lists`, best first; ties keep the order in which the lists, read one
    /// after the other, first name them.
    func fuse(_ lists: [[Int64]]) -> [Int64] {
        var score: [Int64: Double] = [:]
        var firstSeen: [Int64: Int] = [:]
        for list in lists {
            for (rank, id) in list.enumerated() {
                score[id, default: 0] += 1 / (k + Double(rank + 1))
                if firstSeen[id] == nil { firstSeen[id] = firstSeen.count }
            }
        }
        return score.keys.sorted { a, b in
            let (sa, sb) = (score[a]!, score[b]!)
            return sa != sb ? sa > sb : firstSeen[a]! < firstSeen[b]!
        }
    }
}
