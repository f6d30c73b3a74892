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
    private var exact: Set<[UInt8]> = []
    private var prefixes: [[UInt8]] = []

    /// Prepares the matching words of `query` with the index's tokenizer.
    init(query: SearchQuery, db: Database) throws {
        tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: [CJKBigramTokenizer.name]))
        for term in query.groups.joined() {
            let tokens = Self.tokens(of: term.text, tokenizer: tokenizer, query: true)
            for (index, token) in tokens.enumerated() {
                if term.isPrefix && index == tokens.count - 1 {
                    prefixes.append(token)
                } else {
                    exact.insert(token)
                }
            }
        }
    }

    /// The snippet of `body`; `nil` when no word of the body matches (a title-only hit).
    func snippet(of body: String) -> String? {
        var body = body
        return body.withUTF8 { bytes -> String? in
            guard !bytes.isEmpty else { return nil }
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
            guard let first = scan.firstMatch else { return nil }
            let windowStart = scan.tokens[max(0, first - Self.wordsBefore)].start
            let windowEnd = scan.tokens.last!.end
            // Matches may overlap (CJK bigrams share characters): merge them into ranges.
            var ranges: [Range<Int>] = []
            for token in scan.tokens[max(0, first - Self.wordsBefore)...] where token.isMatch {
                if let last = ranges.last, token.start <= last.upperBound {
                    ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, token.end)
                } else {
                    ranges.append(token.start..<token.end)
                }
            }
            func slice(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var text = windowStart > 0 ? "…" : ""
            var cursor = windowStart
            for range in ranges {
                text += slice(cursor..<range.lowerBound) + "\u{2}" + slice(range) + "\u{3}"
                cursor = range.upperBound
            }
            text += slice(cursor..<max(cursor, windowEnd))
            // An ellipsis only when words follow, not for a closing bracket or full stop.
            if bytes[windowEnd...].contains(where: { $0 >= 0x80 || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) {
                text += "…"
            }
            return text
        }
    }

    /// How many bytes of `word` match the query: all of it, or for a CJK bigram found by a
    /// one-character prefix only that character; 0 when it does not match.
    fileprivate func matchLength(_ word: UnsafeRawBufferPointer) -> Int {
        if exact.contains(Array(word)) { return word.count }
        for prefix in prefixes where word.count >= prefix.count && word.starts(with: prefix) {
            return word.first.map { $0 >= 0xE1 } == true ? prefix.count : word.count
        }
        return 0
    }

    /// The tokens of `text` as the index sees them.
    private static func tokens(of text: String, tokenizer: any FTS5Tokenizer, query: Bool) -> [[UInt8]] {
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
            return 101  // SQLITE_DONE: stop tokenizing, the window is complete
        }
        return 0
    }
}
