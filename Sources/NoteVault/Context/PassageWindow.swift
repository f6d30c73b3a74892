/// The one rule of which words of a note answer a question best: a window of at most a given
/// number of bytes, within one section, that holds the most of the question's words, each word
/// weighted by how rare it is in the vault (``NoteIndex/tellingWords(_:counts:notes:)``), so that "phlogiston" counts
/// for more than "theory". A word found again adds a little (a passage about a thing says it
/// more than once); a word found many times adds no more than three times.
///
/// A window starts where the sentence (or the line, for a list) of its first word starts, when
/// that is near, and ends after the last whole sentence that fits, else after the last whole
/// word: a passage reads as text, not as cut words.
struct PassageWindow: Sendable, Equatable {
    /// The window's bytes in the note.
    var range: Range<Int>
    /// How well it answers: the weights of the words it holds.
    var score: Double
    /// Whether text of its section was left out after it.
    var isCut: Bool

    /// How much each further occurrence of a word adds, as a share of its weight.
    static let repeatShare = 0.15
    /// How many further occurrences count.
    static let repeatsCounted = 3
    /// How far back from its first word a window looks for the start of the sentence.
    static let sentenceReach = 240

    /// The most windows weighed in one section: a section that repeats a word thousands of
    /// times is weighed at this many starts, evenly spread, so that its cost stays linear.
    static let startsWeighed = 256

    /// The best window of at most `maxBytes` in `section` of `bytes`, around the `matches` in it
    /// (sorted, all inside the section); `nil` when it has none. The matches in the window are
    /// counted as it slides (each match enters and leaves once), and at most ``startsWeighed``
    /// starts are scored, so a section that repeats a word thousands of times costs as much as
    /// a few hundred windows.
    static func best(in bytes: [UInt8], section: Range<Int>, matches: ArraySlice<TermMatcher.Match>, weights: [Double], maxBytes: Int) -> PassageWindow? {
        guard !matches.isEmpty else { return nil }
        var best: PassageWindow?
        let stride = max(1, (matches.count + startsWeighed - 1) / startsWeighed)
        var counts = [Int](repeating: 0, count: weights.count)
        var first = matches.startIndex
        var last = matches.startIndex
        var previousStart = -1
        while first < matches.endIndex {
            // From the start of its sentence, unless that would leave its first word out.
            var start = sentenceStart(in: bytes, before: matches[first].range.lowerBound, floor: section.lowerBound)
            if matches[first].range.upperBound - start > maxBytes {
                // The first word boundary that keeps the word in (a word's start is a
                // character's).
                var at = max(start, matches[first].range.upperBound - maxBytes)
                while at < matches[first].range.lowerBound, !isSpace(bytes[at]) { at += 1 }
                start = skipSpaces(bytes, from: at, to: matches[first].range.lowerBound)
            }
            let limit = min(section.upperBound, start + maxBytes)
            // The matches before this start leave the window; those up to the limit enter it.
            if last < first { last = first }
            while last < matches.endIndex, matches[last].range.upperBound <= limit {
                if matches[last].group < counts.count { counts[matches[last].group] += 1 }
                last += 1
            }
            if start != previousStart {
                var score = 0.0
                for (group, count) in counts.enumerated() where count > 0 {
                    score += weights[group] * (1 + repeatShare * Double(min(count - 1, repeatsCounted)))
                }
                score += phraseBonus(in: bytes, matches[first..<last], weights: weights)
                if score > (best?.score ?? 0) {
                    let end = sentenceEnd(in: bytes, from: start, limit: limit, after: last > first ? matches[last - 1].range.upperBound : start, sectionEnd: section.upperBound)
                    best = PassageWindow(range: start..<end, score: score, isCut: end < trimmedEnd(bytes, section))
                }
                previousStart = start
            }
            let next = min(matches.endIndex, first + stride)
            while first < next {
                if first < last, matches[first].group < counts.count { counts[matches[first].group] -= 1 }
                first += 1
            }
        }
        return best
    }

    /// What the query's words found next to each other add (`Roman Empire` as a phrase, not
    /// `Roman` here and `empire` a paragraph later): for each pair of different words, in the
    /// query's order, with only spaces or a hyphen between them, ``phraseShare`` of the lighter
    /// word's weight, once a pair.
    static func phraseBonus(in bytes: [UInt8], _ matches: ArraySlice<TermMatcher.Match>, weights: [Double]) -> Double {
        var pairs: Set<Int> = []
        var bonus = 0.0
        var previous: TermMatcher.Match?
        for match in matches {
            // Every pair there is has been found once the query's pairs are all seen.
            if pairs.count >= weights.count - 1 { break }
            defer { previous = match }
            guard let before = previous, before.group + 1 == match.group, match.range.lowerBound >= before.range.upperBound,
                match.range.lowerBound - before.range.upperBound <= 3,
                bytes[before.range.upperBound..<match.range.lowerBound].allSatisfy({ isSpace($0) || $0 == UInt8(ascii: "-") }),
                pairs.insert(before.group).inserted, match.group < weights.count
            else { continue }
            bonus += phraseShare * min(weights[before.group], weights[match.group])
        }
        return bonus
    }

    /// The share of the lighter word's weight a phrase of two query words adds.
    static let phraseShare = 0.5

    /// The opening of `section`: what a note found by its meaning alone shows (its title and
    /// opening are what the model read).
    static func opening(in bytes: [UInt8], section: Range<Int>, maxBytes: Int) -> PassageWindow? {
        guard let start = bytes[section].firstIndex(where: { !isSpace($0) }) else { return nil }
        let limit = min(section.upperBound, start + maxBytes)
        let end = sentenceEnd(in: bytes, from: start, limit: limit, after: start, sectionEnd: section.upperBound)
        return PassageWindow(range: start..<end, score: 0, isCut: end < trimmedEnd(bytes, section))
    }

    /// Where the sentence holding `offset` starts: after the last `. `, `? `, `! ` or block
    /// start (a paragraph, a list item, a quote) before it within ``sentenceReach`` bytes (not
    /// before `floor`), else after the last space before it within that reach. A line break
    /// inside a paragraph (text wrapped at 72 columns) is a space.
    static func sentenceStart(in bytes: [UInt8], before offset: Int, floor: Int) -> Int {
        let reach = max(floor, offset - sentenceReach)
        var index = offset
        var space: Int?
        while index > reach {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "\n"), startsBlock(bytes, at: index) { return skipSpaces(bytes, from: index, to: offset) }
            if isSpace(byte), index >= 2, endsSentence(bytes[index - 2]) {
                return skipSpaces(bytes, from: index, to: offset)
            }
            if isSpace(byte), space == nil { space = index }
            index -= 1
        }
        if index == floor { return skipSpaces(bytes, from: floor, to: offset) }
        return skipSpaces(bytes, from: space ?? offset, to: offset)
    }

    /// Where a window from `start` ends, at most at `limit` and, when it can, not before `after`
    /// (its last word): the end of the section's text when it fits, else after the last
    /// sentence or block that ends in the window, else after the last whole word.
    static func sentenceEnd(in bytes: [UInt8], from start: Int, limit: Int, after: Int, sectionEnd: Int) -> Int {
        let textEnd = trimBack(bytes, start, sectionEnd)
        if textEnd <= limit { return textEnd }
        var index = limit
        while index > max(start, after) {
            let byte = bytes[index - 1]
            if endsSentence(byte), isSpace(bytes[index]) { return index }
            if byte == UInt8(ascii: "\n"), startsBlock(bytes, at: index) { return trimBack(bytes, start, index) }
            index -= 1
        }
        index = limit
        while index > start, !isSpace(bytes[index - 1]), !isSpace(bytes[index]) { index -= 1 }
        // A word longer than the window is cut at a character's edge.
        if index == start { index = characterEdge(bytes, limit) }
        return trimBack(bytes, start, index)
    }

    /// Whether a block starts at the line beginning at `index`: after a blank line, or with a
    /// list item, a quote, a table row or a heading.
    static func startsBlock(_ bytes: [UInt8], at index: Int) -> Bool {
        if index >= 2, bytes[index - 2] == UInt8(ascii: "\n") { return true }
        var at = index
        while at < bytes.count, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
        guard at < bytes.count else { return true }
        switch bytes[at] {
        case UInt8(ascii: "\n"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "#"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): return at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: " ")
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = at
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            return end + 1 < bytes.count && (bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")")) && bytes[end + 1] == UInt8(ascii: " ")
        default: return false
        }
    }

    private static func endsSentence(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
    }

    /// The end of `section` without its trailing blank lines and spaces.
    static func trimmedEnd(_ bytes: [UInt8], _ section: Range<Int>) -> Int {
        trimBack(bytes, section.lowerBound, section.upperBound)
    }

    private static func trimBack(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    private static func skipSpaces(_ bytes: [UInt8], from index: Int, to limit: Int) -> Int {
        var index = index
        while index < limit, isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// The last character boundary at or before `offset`.
    private static func characterEdge(_ bytes: [UInt8], _ offset: Int) -> Int {
        var index = offset
        while index > 0, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
