/// How many slips of the fingers turn one word into another: letters inserted, deleted or
/// replaced, and two neighbouring letters swapped, each counting one (the optimal string
/// alignment form of the Damerau–Levenshtein distance), over Unicode scalars.
///
/// For example `plumbre` → `plumber` is 1 (a swap), `plumbr` → `plumber` is 1, `plumb` →
/// `plumber` is 2.
enum EditDistance {
    /// The distance between `a` and `b` if it is at most `limit`, else `nil`; gives up as soon
    /// as no alignment can stay within the limit, so most words of a vocabulary cost a few steps.
    static func within(_ limit: Int, _ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        let width = b.count + 1
        var previousPrevious = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }

    /// How many slips a word of `length` letters may hold and still be corrected: none below 4
    /// letters (too many words lie one slip from a short one), one up to 7, two from 8.
    static func allowance(forLength length: Int) -> Int {
        length < 4 ? 0 : length < 8 ? 1 : 2
    }
}
