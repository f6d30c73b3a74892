/// Fuzzy matching of what the user typed against notes' titles, names and paths: the letters in
/// order, ignoring case, scored so a match at the start and at word starts ranks first.
enum FuzzyMatch {
    /// The best `limit` entries for `typed` (all entries, by title, when nothing is typed).
    ///
    /// Keeps only the best `limit` while scanning: at 100,000 notes most entries match a short
    /// prefix (every path holds "no" of "note"), and sorting them all costs more than the scan.
    static func best(_ entries: [CatalogEntry], typed: String, limit: Int) -> [CatalogEntry] {
        let needle = Array(typed.lowercased().utf8).filter { $0 != UInt8(ascii: " ") }
        var kept: [(score: Int, index: Int)] = []
        kept.reserveCapacity(limit + 1)
        func better(_ a: (score: Int, index: Int), _ b: (score: Int, index: Int)) -> Bool {
            a.score != b.score ? a.score > b.score : entries[a.index].title < entries[b.index].title
        }
        for index in entries.indices {
            guard let score = score(needle, in: entries[index].folded) else { continue }
            let candidate = (score: score, index: index)
            if kept.count == limit, let worst = kept.last, !better(candidate, worst) { continue }
            let position = kept.firstIndex { better(candidate, $0) } ?? kept.count
            kept.insert(candidate, at: position)
            if kept.count > limit { kept.removeLast() }
        }
        return kept.map { entries[$0.index] }
    }

    /// The score of `needle` as a subsequence of `haystack`, or nil when it is not one.
    static func score(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        if needle.isEmpty { return 0 }
        var score = 0
        var position = 0
        var previousMatch = -2
        for byte in needle {
            var found = false
            while position < haystack.count {
                let candidate = haystack[position]
                position += 1
                if candidate == byte {
                    let index = position - 1
                    let atWordStart = index == 0 || isSeparator(haystack[index - 1])
                    score += 1 + (atWordStart ? 8 : 0) + (index == previousMatch + 1 ? 5 : 0) + (index == 0 ? 10 : 0)
                    previousMatch = index
                    found = true
                    break
                }
            }
            if !found { return nil }
        }
        return score - haystack.count / 16
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "\u{1F}")
    }
}
