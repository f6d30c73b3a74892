import Foundation
import GRDB

/// Cuts the snippet of a search result: a few words around the first match in the body, with
/// every matching word between `\u{2}` and `\u{3}`.
///
/// FTS5's own `snippet()` scores every possible fragment against every match, which takes
/// seconds on a long note that repeats the word thousands of times. This tokenizes the body
/// with the index's own tokenizer only until the window after the first match is complete, so
/// its cost does not depend on the note's length.
struct SnippetBuilder {
    /// Words shown before the first match.
    static let wordsBefore = 5
    /// Words shown in all.
    static let windowWords = 18

    private let tokenizer: any FTS5Tokenizer
    /// The query's whole tokens; a handful, so a scan compares bytes instead of hashing a copy
    /// of every word of the note.
    private var exact: [[UInt8]] = []
    private var prefixes: [[UInt8]] = []

    /// Prepares the matching words (every form and beginning a search plan looks for) with the
    /// index's tokenizer.
    init(terms: [SearchQuery.Term], db: Database) throws {
        tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: [CJKBigramTokenizer.name]))
        for term in terms {
            let tokens = Self.tokens(of: term.text, tokenizer: tokenizer, query: true)
            for (index, token) in tokens.enumerated() {
                if term.isPrefix && index == tokens.count - 1 {
                    prefixes.append(token)
                } else {
                    if !exact.contains(token) { exact.append(token) }
                }
            }
        }
    }

    /// The snippet of `body`; `nil` when no word of the body matches (a title-only hit).
    func snippet(of body: String) -> String? {
        var body = body
        return body.withUTF8 { bytes in snippet(of: bytes) }
    }

    /// The snippet of the UTF-8 text in `bytes` (straight from SQLite's row, so that a long
    /// note is never copied or validated as a whole: only the window is made a String).
    func snippet(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard case .found(let snippet) = scan(bytes, isWhole: true) else { return nil }
        return snippet
    }

    /// The snippet of a body of `size` bytes read in growing prefixes: `prefix(n)` returns its
    /// first `n` bytes. Most matches are near the start, so a long note is read only as far as
    /// its window (a note of 300 KB costs SQLite 75 pages to read whole).
    /// - Parameter initialLength: How many bytes to read first; four times more each time the
    ///   window is not yet complete.
    func snippet(size: Int, initialLength: Int = 8192, prefix: (Int) throws -> [UInt8]) rethrows -> String? {
        var length = min(size, max(initialLength, 1))
        while true {
            let bytes = try prefix(length)
            let isWhole = length >= size || bytes.count < length
            // A prefix ends at the last whole character: the first bytes of a cut one would read
            // as another character (a lead byte as a Latin-1 letter).
            let usable = isWhole ? bytes.count : Self.completeCharacters(bytes)
            if case .found(let snippet) = bytes.withUnsafeBufferPointer({ scan(UnsafeBufferPointer(rebasing: $0[..<usable]), isWhole: isWhole) }) {
                return snippet
            }
            length = min(size, length * 4)
        }
    }

    /// How many of `bytes` form whole UTF-8 characters: all but an incomplete sequence at the end.
    static func completeCharacters(_ bytes: [UInt8]) -> Int {
        var lead = bytes.count - 1
        while lead >= 0, bytes.count - lead <= 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= 0 else { return bytes.count }
        let first = bytes[lead]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        return lead + length > bytes.count ? lead : bytes.count
    }

    /// What scanning some of a body found.
    private enum Scanned {
        /// The snippet (`nil`: no match in the whole body).
        case found(String?)
        /// The bytes end before the snippet could be decided.
        case needsMore
    }

    /// How far from the end of a prefix the last word of the window must end: what follows it
    /// must be seen whole (a separator of up to 4 bytes), with room to spare.
    private static let cutMargin = 16

    /// Scans `bytes`, the whole body or (`isWhole` false) its beginning.
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> Scanned {
        guard !bytes.isEmpty else { return isWhole ? .found(nil) : .needsMore }
        var scan = Scan(builder: self)
        withUnsafeMutablePointer(to: &scan) { pointer in
            _ = tokenizer.tokenize(
                context: pointer, tokenization: .aux,
                pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                nText: CInt(bytes.count)
            ) { context, _, token, length, start, end in
                let scan = context!.assumingMemoryBound(to: Scan.self)
                let word = UnsafeRawBufferPointer(start: token, count: Int(length))
                return scan.pointee.accept(word, start: Int(start), end: Int(end))
            }
        }
        guard let first = scan.firstMatch else { return isWhole ? .found(nil) : .needsMore }
        // In a prefix, the window must be complete and end clear of the cut.
        if !isWhole, !scan.isComplete || scan.tokens.last!.end + Self.cutMargin > bytes.count { return .needsMore }
        var windowStart = scan.tokens[max(0, first - Self.wordsBefore)].start
        var windowEnd = scan.tokens.last!.end
        // An ellipsis only where words are cut. A little punctuation at either end (an
        // opening `「` or `(`, a closing bracket or full stop) belongs to the snippet.
        let wordsBefore = Self.containsWord(bytes, 0..<windowStart)
        if !wordsBefore, windowStart <= Self.keptPunctuation {
            windowStart = bytes[..<windowStart].firstIndex { !Self.isSpace($0) } ?? windowStart
        }
        let wordsAfter = Self.containsWord(bytes, windowEnd..<bytes.count)
        // Only the whole body tells that nothing but punctuation follows.
        if !isWhole, !wordsAfter { return .needsMore }
        if !wordsAfter, bytes.count - windowEnd <= Self.keptPunctuation {
            windowEnd = (bytes[windowEnd...].lastIndex { !Self.isSpace($0) }).map { $0 + 1 } ?? windowEnd
        }
        // Bigrams are pairs of scalars: the window and every highlight hold whole clusters (a
        // Thai vowel sign or a Khmer subscript stays with its letter).
        windowStart = ClusterEdges.start(in: bytes, at: windowStart)
        windowEnd = ClusterEdges.end(in: bytes, after: windowEnd)
        // Matches may overlap (bigrams share characters): merge them into ranges.
        var ranges: [Range<Int>] = []
        for token in scan.tokens[max(0, first - Self.wordsBefore)...] where token.isMatch {
            let start = max(windowStart, ClusterEdges.start(in: bytes, at: token.start))
            let end = min(windowEnd, ClusterEdges.end(in: bytes, after: token.end))
            if let last = ranges.last, start <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                ranges.append(start..<end)
            }
        }
        func slice(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var text = wordsBefore ? "…" : ""
        var cursor = windowStart
        for range in ranges {
            text += slice(cursor..<range.lowerBound) + "\u{2}" + slice(range) + "\u{3}"
            cursor = range.upperBound
        }
        text += slice(cursor..<max(cursor, windowEnd))
        if wordsAfter { text += "…" }
        return .found(text)
    }

    /// The most bytes of punctuation kept at either end of a snippet instead of being dropped.
    static let keptPunctuation = 16

    /// Whether a letter or digit occurs in `bytes[range]`; stops at the first one.
    private static func containsWord(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let (value, length) = CJKText.decode(bytes, at: index)
            if let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                return true
            }
            index += length
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// How many bytes of `word` match the query: all of it, or for a bigram found by a
    /// one-character prefix only that character; 0 when it does not match.
    fileprivate func matchLength(_ word: UnsafeRawBufferPointer) -> Int {
        for token in exact where token.count == word.count {
            if token.withUnsafeBytes({ memcmp($0.baseAddress!, word.baseAddress!, word.count) }) == 0 { return word.count }
        }
        for prefix in prefixes where word.count >= prefix.count && word.starts(with: prefix) {
            return Self.isBigram(word) ? prefix.count : word.count
        }
        return 0
    }

    /// Whether `word` is a bigram (or the unigram at the end of a run) of a script without spaces.
    private static func isBigram(_ word: UnsafeRawBufferPointer) -> Bool {
        let bytes = word.assumingMemoryBound(to: UInt8.self)
        return !bytes.isEmpty && CJKText.isBigrammed(CJKText.decode(bytes, at: 0).0)
    }

    /// The tokens of `text` as the index sees them (as a query's words when `query`).
    static func tokens(of text: String, tokenizer: any FTS5Tokenizer, query: Bool) -> [[UInt8]] {
        var collected: [[UInt8]] = []
        var text = text
        text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return }
            withUnsafeMutablePointer(to: &collected) { pointer in
                _ = tokenizer.tokenize(
                    context: pointer, tokenization: query ? .query : .document,
                    pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                    nText: CInt(bytes.count)
                ) { context, _, token, length, _, _ in
                    let tokens = context!.assumingMemoryBound(to: [[UInt8]].self)
                    tokens.pointee.append(Array(UnsafeRawBufferPointer(start: token, count: Int(length))))
                    return 0
                }
            }
        }
        return collected
    }
}

/// The running state of one snippet scan: the words seen, the first match, when to stop.
private struct Scan {
    struct Token {
        var start: Int
        var end: Int
        var isMatch: Bool
    }

    let builder: SnippetBuilder
    var tokens: [Token] = []
    var firstMatch: Int?
    /// Whether the window after the first match is full (the scan stopped there).
    var isComplete = false

    /// Records a word; returns non-zero to stop once the window after the first match is full.
    mutating func accept(_ word: UnsafeRawBufferPointer, start: Int, end: Int) -> CInt {
        let length = builder.matchLength(word)
        let isMatch = length > 0
        // `word` is the folded token, which can be shorter than the text it stands for (`Café` is
        // `cafe`): a whole-word match covers start..<end; only a one-character CJK prefix (CJK
        // tokens are not folded) covers part of its bigram.
        tokens.append(Token(start: start, end: isMatch && length < word.count ? start + length : end, isMatch: isMatch))
        if firstMatch == nil {
            if isMatch {
                firstMatch = tokens.count - 1
            } else if tokens.count > SnippetBuilder.wordsBefore {
                tokens.removeFirst()
            }
        }
        if let firstMatch, tokens.count - max(0, firstMatch - SnippetBuilder.wordsBefore) >= SnippetBuilder.windowWords {
            isComplete = true
            return 101  // SQLITE_DONE: stop tokenizing, the window is complete
        }
        return 0
    }
}
