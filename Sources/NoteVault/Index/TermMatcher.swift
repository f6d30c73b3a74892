import Foundation
import GRDB

/// Finds where a note's text holds the words of a search plan, and which word of the query
/// each one is: the index's own tokenizer reads the text, and a word matches when it is one of
/// the forms the plan searches for (or begins with one of its beginnings), exactly as the search
/// that found the note matched it.
///
/// ``SnippetBuilder`` stops at the first match; this reads the whole text, for the context
/// pack's choice of the passage that holds the most of the query.
struct TermMatcher {
    /// One matching word: the query word (the plan's group) it stands for, and its bytes.
    struct Match: Sendable, Equatable {
        var group: Int
        var range: Range<Int>
    }

    private let tokenizer: any FTS5Tokenizer
    private var exact: [(group: Int, token: [UInt8])] = []
    private var prefixes: [(group: Int, token: [UInt8])] = []

    /// Prepares the forms of each group of `plan` with the index's tokenizer.
    init(plan: SearchPlan, db: Database) throws {
        tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: [CJKBigramTokenizer.name]))
        for (group, alternatives) in plan.groups.enumerated() {
            for alternative in alternatives {
                let tokens = SnippetBuilder.tokens(of: alternative.term.text, tokenizer: tokenizer, query: true).filter { !$0.isEmpty }
                for (index, token) in tokens.enumerated() {
                    if alternative.term.isPrefix && index == tokens.count - 1 {
                        prefixes.append((group, token))
                    } else if !exact.contains(where: { $0.group == group && $0.token == token }) {
                        exact.append((group, token))
                    }
                }
            }
        }
    }

    /// Every matching word of `bytes` (UTF-8 text), in order.
    func matches(in bytes: UnsafeBufferPointer<UInt8>) -> [Match] {
        guard !bytes.isEmpty, !(exact.isEmpty && prefixes.isEmpty) else { return [] }
        var scan = MatchScan(matcher: self)
        withUnsafeMutablePointer(to: &scan) { pointer in
            _ = tokenizer.tokenize(
                context: pointer, tokenization: .aux,
                pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                nText: CInt(bytes.count)
            ) { context, _, token, length, start, end in
                let scan = context!.assumingMemoryBound(to: MatchScan.self)
                scan.pointee.accept(UnsafeRawBufferPointer(start: token, count: Int(length)), start: Int(start), end: Int(end))
                return 0
            }
        }
        return scan.matches
    }

    /// The group `word` (a folded token) matches, if any.
    fileprivate func group(of word: UnsafeRawBufferPointer) -> Int? {
        guard let first = word.first else { return nil }
        for (group, token) in exact where token.count == word.count && token[0] == first {
            if token.withUnsafeBytes({ memcmp($0.baseAddress!, word.baseAddress!, word.count) }) == 0 { return group }
        }
        for (group, token) in prefixes where word.count >= token.count && word.starts(with: token) {
            return group
        }
        return nil
    }
}

/// The running state of one ``TermMatcher`` scan.
private struct MatchScan {
    let matcher: TermMatcher
    var matches: [TermMatcher.Match] = []

    mutating func accept(_ word: UnsafeRawBufferPointer, start: Int, end: Int) {
        if let group = matcher.group(of: word) {
            matches.append(TermMatcher.Match(group: group, range: start..<end))
        }
    }
}
