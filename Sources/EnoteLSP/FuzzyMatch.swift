/// Fuzzy matching of what the user typed against notes' titles, names and paths: the letters in
/// order, ignoring case, scored so a match at the start and at word starts ranks first.
enum FuzzyMatch {
    /// The indices in `list` of the best `limit` notes for `typed` (by title when nothing is
    /// typed). Ties keep the list's order, which is by title.
    ///
    /// One pass over the list's folded bytes, keeping only the best `limit`: at 100,000 notes
    /// most notes match a short prefix (every path holds "no" of "note"), and sorting them all
    /// costs more than the scan. No `String` is touched while scanning, and a note whose bytes
    /// lack one of the typed ones (``NoteList/masks``) is passed over without reading its text:
    /// as more is typed, most notes are.
    static func best(_ list: NoteList, typed: String, limit: Int) -> [Int] {
        let needle = Array(typed.lowercased().utf8).filter { $0 != UInt8(ascii: " ") }
        guard !needle.isEmpty else { return Array(0..<min(limit, list.count)) }
        let wanted = needle.withUnsafeBufferPointer { mask(of: $0) }
        var kept: [(score: Int, index: Int)] = []
        kept.reserveCapacity(limit + 1)
        list.folded.withUnsafeBufferPointer { folded in
            needle.withUnsafeBufferPointer { needle in
                list.starts.withUnsafeBufferPointer { starts in
                    list.masks.withUnsafeBufferPointer { masks in
                        for index in 0..<(starts.count - 1) where masks[index] & wanted == wanted {
                            let text = UnsafeBufferPointer(rebasing: folded[Int(starts[index])..<Int(starts[index + 1])])
                            guard let score = score(needle, in: text) else { continue }
                            // Ties keep the earlier note: a later one must score higher to displace it.
                            if kept.count == limit, let worst = kept.last, score <= worst.score { continue }
                            let position = kept.firstIndex { score > $0.score } ?? kept.count
                            kept.insert((score, index), at: position)
                            if kept.count > limit { kept.removeLast() }
                        }
                    }
                }
            }
        }
        return kept.map(\.index)
    }

    /// Which bytes `text` holds, each byte folded to one of 64 bits by its low six bits: a text
    /// that holds every byte of another has every bit of its mask. (Bytes that share six bits,
    /// `a` and `!`, only let a note through that the scan then rejects.)
    static func mask(of text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var mask: UInt64 = 0
        for byte in text { mask |= 1 << UInt64(byte & 63) }
        return mask
    }

    /// The score of `needle` as a subsequence of `haystack`, or nil when it is not one.
    static func score(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
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

    /// ``score(_:in:)`` on arrays (tests, small lists).
    static func score(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        needle.withUnsafeBufferPointer { needle in haystack.withUnsafeBufferPointer { score(needle, in: $0) } }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "\u{1F}")
    }
}
