import Foundation
import GRDB

/// What a search plan needs to know about the vault's words, answered by the store: how the
/// index splits a query word, which words it holds, and whether an expression matches a note.
/// ``SearchPlanner`` decides what to ask; the SQL stays here.
protocol SearchVocabulary {
    /// The tokens of `text` as a query, as the index's tokenizer makes them (lowercased, without
    /// diacritics; pairs of characters for Japanese).
    func queryTokens(of text: String) throws -> [[UInt8]]
    /// The vault's words from `lower` up to (not including) `upper`, at most `limit` of them,
    /// nearest `lower` first (in byte order), or nearest `upper` first when `descending`. The
    /// words that begin with `prefix` run from `prefix` to `prefix` followed by 0xFF, a byte
    /// UTF-8 never holds.
    func words(from lower: [UInt8], below upper: [UInt8], limit: Int, descending: Bool) throws -> [[UInt8]]
    /// Calls `body` with each of the vault's words that begin with `prefix`, in byte order.
    func forEachWord(beginningWith prefix: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws
    /// Whether any note matches the FTS5 expression.
    func matchesAnyNote(_ expression: String) throws -> Bool
    /// How many notes match the FTS5 expression.
    func noteCount(matching expression: String) throws -> Int
    /// The languages notes name in their `lang:` key, as written (lowercased).
    func noteLanguageNames() throws -> [String]
}

extension SearchVocabulary {
    /// The vault's words from `lower` up to (not including) `upper`, in byte order, at most
    /// `limit` of them.
    func words(from lower: [UInt8], below upper: [UInt8], limit: Int) throws -> [[UInt8]] {
        try words(from: lower, below: upper, limit: limit, descending: false)
    }

    /// The vault's words that begin with `prefix`, in byte order, at most `limit` of them.
    func words(beginningWith prefix: [UInt8], limit: Int) throws -> [[UInt8]] {
        try words(from: prefix, below: prefix + [0xFF], limit: limit)
    }
}

extension IndexStore: SearchVocabulary {
    func queryTokens(of text: String) throws -> [[UInt8]] {
        let tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: [CJKBigramTokenizer.name]))
        var collected: [[UInt8]] = []
        var text = text
        text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return }
            withUnsafeMutablePointer(to: &collected) { pointer in
                _ = tokenizer.tokenize(
                    context: pointer, tokenization: .query,
                    pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), nText: CInt(bytes.count)
                ) { context, _, token, length, _, _ in
                    context!.assumingMemoryBound(to: [[UInt8]].self).pointee.append(Array(UnsafeRawBufferPointer(start: token, count: Int(length))))
                    return 0
                }
            }
        }
        return collected
    }

    func words(from lower: [UInt8], below upper: [UInt8], limit: Int, descending: Bool) throws -> [[UInt8]] {
        var words: [[UInt8]] = []
        let statement = try wordRange(from: lower, below: upper, limit: limit, descending: descending)
        while try statement.step() { words.append(Array(statement.bytes(0))) }
        return words
    }

    func forEachWord(beginningWith prefix: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        let statement = try wordRange(from: prefix, below: prefix + [0xFF], limit: -1, descending: false)
        while try statement.step() { body(statement.bytes(0)) }
    }

    /// The words from `lower` up to (not including) `upper`, in byte order or its reverse.
    private func wordRange(from lower: [UInt8], below upper: [UInt8], limit: Int, descending: Bool) throws -> RawStatement {
        let order = descending ? "DESC" : "ASC"
        var statement = try RawStatement(db, sql: "SELECT word FROM words WHERE word >= ? AND word < ? ORDER BY word \(order) LIMIT ?")
        statement.reset()
        statement.bind(blob: lower)
        statement.bind(blob: upper)
        statement.bind(Int64(limit))
        return statement
    }

    func matchesAnyNote(_ expression: String) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM notes_fts WHERE notes_fts MATCH ? LIMIT 1", arguments: [expression]) != nil
    }

    func noteCount(matching expression: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH ?", arguments: [expression]) ?? 0
    }

    func noteLanguageNames() throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT value FROM fields WHERE key = 'lang'")
    }
}
