import Foundation
import Testing

@testable import NoteVault

/// Fuzzing the search-query builder (row 32): whatever a user types, parsing it either gives a
/// query or a plain message, and running the query against a real index never fails and never
/// lets SQL or FTS5 error text reach a message.
@Suite("Fuzz: search queries")
struct SearchQueryFuzzTests {
    /// Words SQLite or FTS5 would put in an error message.
    static let sqlWords = ["sql", "fts5", "syntax error", "no such", "malformed", "unterminated", "near \"", "column", "unrecognized", "MATCH"]

    static let pieces = [
        "foo-bar", "e-mail", "C++", "std::vector", "\"x", "\"", "\"\"", "AND", "OR", "NOT", "NEAR(", "NEAR", ")", "(", "*", "**", "title:",
        "title:x", "it's", "'", "';", "DROP", "TABLE", "notes;", "--", "-", "^", "+", "{title}", "{", "}", ":", ",", "\0", "\t", "\n",
        "garden", "tomato", "Привет", "東京", "の", "京", "café", "cafe\u{301}", "\u{1B}[2J", "\u{200B}", "😀", "%", "_", "\\", "$", "@",
        "title:\"plan", "-\"x y\"", "a*b", "NEAR(a b, 2)", "col:word", "body:x", "rowid", "\u{FEFF}", "0", "1e9", ".", "..",
    ]

    static let seeds = [
        "foo-bar", "e-mail", "C++", "std::vector", "\"x", "AND", "NEAR(", "*", "title:x", "it's", "'; DROP TABLE notes; --", "", "\0",
        "garden tomato", "title:garden -red", "\"exact phrase\"*", "a OR b OR", "OR a", "- -", "東京旅行", "список покупок",
        // A quote followed by a combining mark is one grapheme cluster but still a quote to FTS5.
        "x\"\u{301} OR NEAR(", "caf*e\"\u{301}", "\"\u{301}a\" b",
    ]

    /// A query made of random pieces, or a mutated seed.
    static func randomQuery(_ generator: inout SeededGenerator) -> String {
        if Bool.random(using: &generator) {
            var query = seeds.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let piece = pieces.randomElement(using: &generator)!
                let offset = Int.random(in: 0...query.unicodeScalars.count, using: &generator)
                let index = query.unicodeScalars.index(query.unicodeScalars.startIndex, offsetBy: offset)
                query.unicodeScalars.insert(contentsOf: piece.unicodeScalars, at: index)
            }
            return query
        }
        return (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            .joined(separator: Bool.random(using: &generator) ? " " : "")
    }

    /// Checks one query against `index`; returns what failed.
    static func check(_ text: String, index: NoteIndex, pending: Bool = false) -> String? {
        let query: SearchQuery
        do {
            query = try SearchQuery(parsing: text)
        } catch {
            if let word = sqlWords.first(where: { error.description.lowercased().contains($0.lowercased()) }) {
                return "the refusal mentions \"\(word)\": \(error.description)"
            }
            return nil
        }
        for expression in [query.positiveExpression, query.negativeExpression].compactMap(\.self) where !isQuoted(expression) {
            return "the FTS5 expression has user text outside quotes: \(expression)"
        }
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.includePendingExpiry = pending
        do {
            let results = try index.search(query, filter: filter, limit: 5)
            if results.total < results.notes.count { return "total \(results.total) is below the \(results.notes.count) results shown" }
        } catch {
            return "search failed: \(error.description)"
        }
        return nil
    }

    /// Whether every piece of an FTS5 expression outside double quotes is enote's own syntax
    /// (`AND`, `OR`, `{title} :`, `*`, parentheses). FTS5 reads bytes, so this does too.
    static func isQuoted(_ expression: String) -> Bool {
        var outside: [UInt8] = []
        var inQuotes = false
        for byte in expression.utf8 {
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
                outside.append(UInt8(ascii: " "))
            } else if !inQuotes {
                outside.append(byte)
            }
        }
        guard !inQuotes else { return false }
        let allowed: Set<String> = ["AND", "OR", "{title}", ":"]
        let words = String(decoding: outside, as: UTF8.self).split { " ()*".contains($0) }
        return words.allSatisfy { allowed.contains(String($0)) }
    }

    @Test func anyQueryIsResultsOrAPlainMessage() throws {
        let sandbox = try VaultSandbox()
        for file in SampleVaultFiles.all where file.path.hasSuffix(".md") && !file.path.hasPrefix(".enote") {
            try sandbox.writeAbsolute(sandbox.path(file.path), [UInt8](file.data))
        }
        try sandbox.write("tricky.md", VaultSandbox.noteText(title: "C++ and std::vector", body: "e-mail foo-bar it's \"quoted\" NEAR( AND OR 東京 café\n"))
        let vault = try sandbox.vault()
        let index = try NoteIndex.open(vault)
        try index.synchronize()
        let notesBefore = try index.count(NoteFilter(now: VaultSandbox.now).including(pending: true))
        #expect(notesBefore >= 10)

        let count = Fuzzer.run("search queries") { generator in
            let text = Self.randomQuery(&generator)
            return (text.debugDescription, Self.check(text, index: index, pending: Bool.random(using: &generator)))
        }
        #expect(count > 0)
        #expect(index.quickCheck(), "the index is intact")
        #expect(try index.count(NoteFilter(now: VaultSandbox.now).including(pending: true)) == notesBefore, "no note went missing from the index")
        // The fixed inputs of row 32, every time.
        for text in Self.seeds {
            #expect(Self.check(text, index: index) == nil, "\(text.debugDescription)")
        }
    }
}
