import Foundation
import GRDB
import Testing

@testable import NoteVault

/// The `enote` FTS5 tokenizer: `unicode61` without diacritics for spaced scripts, overlapping
/// bigrams with exact byte offsets for CJK runs and for Thai, Lao, Khmer and Myanmar. Driven through an in-memory GRDB database, the
/// way SQLite calls it.
@Suite("CJKBigramTokenizer")
struct TokenizerTests {
    struct Token: Equatable, CustomStringConvertible {
        var text: String
        var start: Int
        var end: Int
        var description: String { "\(text)@\(start)..<\(end)" }
    }

    let queue: DatabaseQueue

    init() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(tokenizer: CJKBigramTokenizer.self) }
        queue = try DatabaseQueue(configuration: configuration)
    }

    /// The tokens SQLite receives for `text`, with their offsets in the UTF-8 bytes of `text`.
    func tokens(_ text: String, query: Bool = false) throws -> [Token] {
        try queue.read { db in
            let tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: [CJKBigramTokenizer.name]))
            var collected: [Token] = []
            var text = text
            text.withUTF8 { bytes in
                guard !bytes.isEmpty else { return }
                withUnsafeMutablePointer(to: &collected) { pointer in
                    _ = tokenizer.tokenize(
                        context: pointer, tokenization: query ? .query : .document,
                        pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                        nText: CInt(bytes.count)
                    ) { context, _, token, length, start, end in
                        let tokens = context!.assumingMemoryBound(to: [Token].self)
                        let word = String(decoding: UnsafeRawBufferPointer(start: token, count: Int(length)), as: UTF8.self)
                        tokens.pointee.append(Token(text: word, start: Int(start), end: Int(end)))
                        return 0
                    }
                }
            }
            return collected
        }
    }

    /// The bytes of `text` that a token's offsets cover.
    func covered(_ token: Token, in text: String) -> String {
        String(decoding: Array(text.utf8)[token.start..<token.end], as: UTF8.self)
    }

    @Test func japaneseRunBecomesOverlappingBigramsAndTheLastCharacter() throws {
        #expect(
            try tokens("清水寺") == [
                Token(text: "清水", start: 0, end: 6), Token(text: "水寺", start: 3, end: 9), Token(text: "寺", start: 6, end: 9),
            ])
    }

    @Test func queriesHaveNoTrailingUnigram() throws {
        #expect(try tokens("清水寺", query: true).map(\.text) == ["清水", "水寺"])
        #expect(try tokens("京都", query: true).map(\.text) == ["京都"])
    }

    @Test(arguments: [false, true])
    func singleCharacterIsOneToken(query: Bool) throws {
        #expect(try tokens("京", query: query) == [Token(text: "京", start: 0, end: 3)])
    }

    @Test func mixedLatinAndCJKKeepsExactOffsets() throws {
        let text = "Visit Tokyo東京へ go, Café!"
        let found = try tokens(text)
        #expect(found.map(\.text) == ["visit", "tokyo", "東京", "京へ", "へ", "go", "cafe"])
        #expect(found.map { covered($0, in: text) } == ["Visit", "Tokyo", "東京", "京へ", "へ", "go", "Café"])
        #expect(found[1] == Token(text: "tokyo", start: 6, end: 11))
        #expect(found[2] == Token(text: "東京", start: 11, end: 17))
    }

    @Test func cjkPunctuationSeparatesRuns() throws {
        let text = "京都。大阪、ok"
        let found = try tokens(text)
        #expect(found.map(\.text) == ["京都", "都", "大阪", "阪", "ok"])
        #expect(found.map { covered($0, in: text) } == ["京都", "都", "大阪", "阪", "ok"])
    }

    @Test func kanaAndHangulAreBigrammed() throws {
        #expect(try tokens("ひらがな").map(\.text) == ["ひら", "らが", "がな", "な"])
        #expect(try tokens("カタカナ").map(\.text) == ["カタ", "タカ", "カナ", "ナ"])
        #expect(try tokens("한국어").map(\.text) == ["한국", "국어", "어"])
    }

    @Test func spacedScriptsAreFoldedWords() throws {
        #expect(try tokens("Crème BRÛLÉE naïve").map(\.text) == ["creme", "brulee", "naive"])
        #expect(try tokens("Хлеб, МОЛОКО").map(\.text) == ["хлеб", "молоко"])
    }

    @Test func cyrillicYoIsSearchedAsIe() throws {
        let text = "Ёлочные, зелёный"
        let found = try tokens(text)
        #expect(found.map(\.text) == ["елочные", "зеленый"])
        #expect(found.map { covered($0, in: text) } == ["Ёлочные", "зелёный"])
        #expect(try tokens("ЁЛКА", query: true).map(\.text) == ["елка"])
        // Next to CJK text too, with the offsets of the original bytes.
        let mixed = "Ёлка東京"
        #expect(
            try tokens(mixed) == [
                Token(text: "елка", start: 0, end: 8), Token(text: "東京", start: 8, end: 14), Token(text: "京", start: 11, end: 14),
            ])
        // Other Cyrillic letters with marks stay distinct: й is not и.
        #expect(try tokens("Йод").map(\.text) == ["йод"])
    }

    /// German's stemmer turns `ß` into `ss`, so the index must too for `Straßen` to find
    /// `Straße` (issue 24, review); `strasse`, as typed without a German keyboard, then finds it as
    /// well. ß and ss are both two bytes: the offsets stay those of the text.
    @Test func sharpSIsSearchedAsDoubleS() throws {
        let text = "Straße, GROẞE Füße"
        let found = try tokens(text)
        #expect(found.map(\.text) == ["strasse", "grosse", "fusse"])
        #expect(found.map { covered($0, in: text) } == ["Straße", "GROẞE", "Füße"])
        #expect(try tokens("straße", query: true).map(\.text) == ["strasse"])
        #expect(try tokens("Fußball東京", query: true).map(\.text) == ["fussball", "東京"])
    }

    @Test func emptyAndSeparatorOnlyTextHasNoTokens() throws {
        #expect(try tokens("").isEmpty)
        #expect(try tokens(" 。、 — ").isEmpty)
    }

    /// Through an FTS5 table: substrings of two or more characters match, others do not, and
    /// highlight() (which uses the offsets) marks exactly the match.
    @Test func ftsTableFindsSubstringsAndHighlightsThem() throws {
        try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'enote')")
            try db.execute(sql: "INSERT INTO t (rowid, body) VALUES (1, '清水寺と伏見稲荷大社を見に行く。'), (2, 'Tokyo東京から')")
        }
        func match(_ expression: String) throws -> [String] {
            try queue.read { db in
                try String.fetchAll(db, sql: "SELECT highlight(t, 0, '[', ']') FROM t WHERE t MATCH ? ORDER BY rowid", arguments: [expression])
            }
        }
        #expect(try match(#""水寺""#) == ["清[水寺]と伏見稲荷大社を見に行く。"])
        #expect(try match(#""伏見稲荷""#) == ["清水寺と[伏見稲荷]大社を見に行く。"])
        #expect(try match(#""東京""#) == ["Tokyo[東京]から"])
        #expect(try match(#""tokyo""#) == ["[Tokyo]東京から"])
        #expect(try match(#""京"*"#) == ["Tokyo東[京か]ら"], "one character finds the bigram it starts")
        #expect(try match(#""く"*"#).count == 1, "a single character at the end of a run")
        #expect(try match(#""寺清""#).isEmpty)
        #expect(try match(#""く伏""#).isEmpty, "never across 。")
        #expect(try match(#""京大""#).isEmpty)
    }

    // MARK: - Scripts of Southeast Asia

    /// Thai is written without spaces between words: `ปลั๊ก` ("plug") is five scalars (two of
    /// them marks) and becomes bigrams of scalars, as a CJK run does.
    @Test func thaiRunBecomesBigramsOfScalars() throws {
        #expect(
            try tokens("ปลั๊ก") == [
                Token(text: "ปล", start: 0, end: 6), Token(text: "ลั", start: 3, end: 9), Token(text: "ั๊", start: 6, end: 12),
                Token(text: "๊ก", start: 9, end: 15), Token(text: "ก", start: 12, end: 15),
            ])
        #expect(try tokens("ปลั๊ก", query: true).map(\.text) == ["ปล", "ลั", "ั๊", "๊ก"])
    }

    @Test(arguments: [
        ("ສະບາຍດີ", ["ສະ", "ະບ", "ບາ", "າຍ", "ຍດ", "ດີ", "ີ"]),  // Lao
        ("ខ្មែរ", ["ខ្", "្ម", "មែ", "ែរ", "រ"]),  // Khmer, with a subscript consonant
        ("မြန်မာ", ["မြ", "ြန", "န်", "်မ", "မာ", "ာ"]),  // Myanmar
        ("๒๕๖๙", ["๒๕", "๕๖", "๖๙", "๙"]),  // Thai digits
    ])
    func laoKhmerMyanmarRunsBecomeBigrams(_ text: String, _ expected: [String]) throws {
        #expect(try tokens(text).map(\.text) == expected)
    }

    /// Their own punctuation ends a run, as `。` does: Khmer `។`, Myanmar `။`, Thai `๏` and `฿`.
    @Test func southeastAsianPunctuationSeparatesRuns() throws {
        let text = "ក។ខគ ၁။မြ ๏ดี฿5"
        let found = try tokens(text)
        #expect(found.map(\.text) == ["ក", "ខគ", "គ", "၁", "မြ", "ြ", "ดี", "ี", "5"])
        #expect(found.map { covered($0, in: text) } == found.map(\.text))
    }

    /// The unigram at the end of a run takes the position of the last bigram, so that what
    /// follows the run comes right after it: a phrase across a space or into Latin text matches.
    @Test func phrasesContinueAfterARun() throws {
        try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'enote')")
            try db.execute(sql: "INSERT INTO t (rowid, body) VALUES (1, '東京 大阪'), (2, 'ติดตั้งปลั๊กอินAPI ใหม่'), (3, 'ខ្មែរ Unicode')")
        }
        func match(_ expression: String) throws -> [Int64] {
            try queue.read { db in try Int64.fetchAll(db, sql: "SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid", arguments: [expression]) }
        }
        #expect(try match(#""東京 大阪""#) == [1])
        #expect(try match(#""京 大"*"#) == [1], "a last run of one character is a prefix (SearchQuery)")
        #expect(try match(#""ปลั๊กอินapi""#) == [2])
        #expect(try match(#""api ใหม่""#) == [2])
        #expect(try match(#""ខ្មែរ unicode""#) == [3])
        #expect(try match(#""大阪 東京""#).isEmpty)
        #expect(try match(#""อิน ใหม่""#).isEmpty)
    }
}
