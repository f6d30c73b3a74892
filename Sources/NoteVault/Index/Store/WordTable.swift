import Foundation
import GRDB

/// The vault's vocabulary (`words`): every word the index holds, as its tokenizer wrote it
/// (lowercased, without diacritics), as UTF-8 bytes in byte order. Search reads it to find the other forms of
/// a word (``SearchPlanner``), the words a typed beginning may finish as, and the words one or
/// two slips away from one that matches nothing.
///
/// FTS5 can list its own terms (the `fts5vocab` table), but it counts each term's notes as it
/// goes, so a range of common words costs as much as reading their postings: a few milliseconds
/// per search at 100,000 notes, seconds for a whole letter. This table is a plain B-tree of
/// the words alone. A bulk build fills it once from `fts5vocab`; every other write adds the words
/// of the notes it writes (``collect(_:)``, then ``save(_:)`` before the transaction commits).
/// Words whose last note is gone stay until the next rebuild, or until a note is destroyed for
/// good (``keepOnlyIndexed(_:)``); a search checks a word against the
/// notes before it offers it as a correction, and another form that no note holds matches
/// nothing.
///
/// Words of scripts indexed as pairs of characters (Japanese, Thai, …) are left out: their pairs
/// are not words, and a pair already finds any part of a word.
struct WordTable {
    static let table = IndexTable(
        name: "words",
        create: "CREATE TABLE words (word BLOB PRIMARY KEY) WITHOUT ROWID")

    /// The words longer than this are not kept (a URL, a hash, a base64 blob): nobody types them
    /// as a word, and they would fill the table.
    static let longestWord = 64

    private let tokenizer: any FTS5Tokenizer
    private var pending: Set<[UInt8]> = []

    /// SQLite's own `unicode61`, as the index's tokenizer runs it on text without characters of
    /// the scripts it pairs: the words come out the same (``FoldedLetters`` folds `ё` and `ß` here too),
    /// and a run of Japanese or Thai comes out as one token that ``isKept(_:)`` drops, instead of
    /// one pair of characters at a time through Swift (a 9 MiB Japanese note is 3 million pairs).
    init(_ db: Database) throws {
        tokenizer = try db.makeTokenizer(.unicode61(diacritics: .remove))
    }

    /// Records the words of `text`, as the index's tokenizer splits it.
    mutating func collect(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return }
            withUnsafeMutablePointer(to: &pending) { pointer in
                _ = tokenizer.tokenize(
                    context: pointer, tokenization: .document,
                    pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), nText: CInt(bytes.count)
                ) { context, _, token, length, _, _ in
                    guard let token else { return 0 }
                    let word = UnsafeRawBufferPointer(start: token, count: Int(length))
                    guard WordTable.isKept(word) else { return 0 }
                    _ = FoldedLetters.withFolded(token, length) { folded in
                        let folded = UnsafeRawBufferPointer(start: folded, count: Int(length))
                        context!.assumingMemoryBound(to: Set<[UInt8]>.self).pointee.insert(Array(folded))
                        return 0
                    }
                    return 0
                }
            }
        }
    }

    /// Adds the recorded words that are new.
    mutating func save(_ db: Database) throws {
        guard !pending.isEmpty else { return }
        var insert = try RawStatement(db, sql: "INSERT OR IGNORE INTO words (word) VALUES (?)")
        for word in pending {
            insert.reset()
            insert.bind(blob: word)
            try insert.run()
        }
        pending.removeAll()
    }

    /// Fills the table from FTS5's own list of terms, after a bulk build wrote every note.
    static func fillFromIndex(_ db: Database) throws {
        try db.execute(sql: "CREATE VIRTUAL TABLE temp.notes_terms USING fts5vocab(main, notes_fts, row)")
        defer { try? db.execute(sql: "DROP TABLE temp.notes_terms") }
        let terms = try RawStatement(db, sql: "SELECT term FROM temp.notes_terms")
        var insert = try RawStatement(db, sql: "INSERT INTO words (word) VALUES (?)")
        // fts5vocab returns the terms in byte order, so the inserts append to the B-tree.
        while try terms.step() {
            let word = terms.bytes(0)
            guard isKept(UnsafeRawBufferPointer(word)) else { continue }
            insert.reset()
            insert.bind(blob: Array(word))
            try insert.run()
        }
    }

    /// Removes the words no note holds any more (after notes were destroyed for good, whose
    /// words must leave no trace).
    static func keepOnlyIndexed(_ db: Database) throws {
        try db.execute(sql: "CREATE VIRTUAL TABLE temp.notes_terms USING fts5vocab(main, notes_fts, row)")
        defer { try? db.execute(sql: "DROP TABLE temp.notes_terms") }
        // fts5vocab gives its terms as TEXT and `words` holds BLOBs, which never compare equal.
        try db.execute(sql: "DELETE FROM words WHERE word NOT IN (SELECT CAST(term AS BLOB) FROM temp.notes_terms)")
    }

    /// Whether a token is a word worth keeping: not too long, not made of pairs of characters,
    /// with a letter in it.
    static func isKept(_ word: UnsafeRawBufferPointer) -> Bool {
        guard !word.isEmpty, word.count <= longestWord else { return false }
        let bytes = word.assumingMemoryBound(to: UInt8.self)
        var index = 0
        var hasLetter = false
        while index < bytes.count {
            let (scalar, length) = CJKText.decode(bytes, at: index)
            if CJKText.isBigrammed(scalar) { return false }
            if !hasLetter, let value = Unicode.Scalar(scalar), value.properties.isAlphabetic { hasLetter = true }
            index += length
        }
        return hasLetter
    }
}
