import Foundation
import GRDB
import Testing

@testable import NoteVault

/// A snippet cut from the beginning of a long body, read in growing prefixes, is exactly the
/// snippet of the whole body: no word is taken whole when the prefix cuts it, and no ellipsis
/// is decided before the end is known.
@Suite("Snippets read from the beginning of a body")
struct SnippetPrefixTests {
    static let filler = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 400)

    /// A match and then exactly a window's worth of words.
    static let counting = "milk one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "

    static let cases: [(query: String, body: String)] = [
        ("milk", "Buy milk and bread on the way home, and some eggs too if the shop still has them.\n"),
        ("milk", filler + "Buy milk and bread.\n" + filler),
        ("milk", filler + "Remember the milk."),
        ("milk", filler + "milk"),
        ("milk", filler),
        ("cafe", "Espresso at the cafe\u{301} downstairs, with croissants and a newspaper, every morning of the week."),
        ("молоко", String(repeating: "Хлеб и чай. ", count: 300) + "Молоко, яйца, сыр — не забыть купить всё это вечером."),
        ("京都", String(repeating: "東京で会議。", count: 500) + "京都へ行く。清水寺と伏見稲荷大社を見る。"),
        ("都", String(repeating: "東京で会議。", count: 50) + "「京都」"),
        ("pota*", "potatoes, potatoes, potatoes and more potatoes in the potato soup"),
        ("\"morning coffee\"", filler + "A morning coffee by the window."),
        ("soseki", "「吾輩は猫である」— Natsume Sōseki"),
        // Nothing but symbols after the window: a prefix cut inside one must not read as a word.
        ("milk", counting + String(repeating: "—", count: 100)),
        ("milk", "  " + counting + String(repeating: "🍅", count: 60)),
    ]

    @Test("the same snippet whatever the first prefix", arguments: [1, 2, 3, 5, 7, 13, 64, 100, 149, 150, 151, 152, 1000, 8192])
    func sameAsWhole(initialLength: Int) throws {
        let sandbox = try VaultSandbox()
        let index = try sandbox.openIndex()
        try index.readDatabase { db in
            for (query, body) in Self.cases {
                let snippets = try SnippetBuilder(terms: try SearchQuery(parsing: query).groups.flatMap { $0 }, db: db)
                let bytes = Array(body.utf8)
                var reads: [Int] = []
                let prefixed = snippets.snippet(size: bytes.count, initialLength: initialLength) { count in
                    reads.append(count)
                    return Array(bytes.prefix(count))
                }
                #expect(prefixed == snippets.snippet(of: body), "\(query) from \(initialLength) bytes")
                #expect(reads == reads.sorted() && Set(reads).count == reads.count, "each read longer than the last")
            }
        }
    }

    @Test("a match near the start of a long note is read from its first kilobytes")
    func readsOnlyTheBeginning() throws {
        let sandbox = try VaultSandbox()
        let index = try sandbox.openIndex()
        let body = "Buy milk and bread on the way home, and eggs.\n" + Self.filler + Self.filler
        try index.readDatabase { db in
            let snippets = try SnippetBuilder(terms: try SearchQuery(parsing: "milk").groups.flatMap { $0 }, db: db)
            let bytes = Array(body.utf8)
            var largest = 0
            let snippet = snippets.snippet(size: bytes.count) { count in
                largest = max(largest, count)
                return Array(bytes.prefix(count))
            }
            #expect(snippet == snippets.snippet(of: body))
            #expect(largest == 8192 && bytes.count > 40_000)
        }
    }

    @Test("search reads long bodies' snippets through the index")
    func searchOfLongNotes() throws {
        let sandbox = try VaultSandbox()
        let long = Self.filler + "Remember the milk, then the bread.\n" + Self.filler
        try sandbox.write("long.md", VaultSandbox.noteText(title: "Long", body: long))
        try sandbox.write("end.md", VaultSandbox.noteText(title: "End", body: Self.filler + "milk"))
        try sandbox.write("title.md", VaultSandbox.noteText(title: "Milk", body: Self.filler))
        let index = try sandbox.openIndex()
        let results = try index.results("milk", limit: 10)
        #expect(Set(results.notes.map(\.path.description)) == ["long.md", "end.md", "title.md"])
        let query = try SearchQuery(parsing: "milk")
        try index.readDatabase { db in
            let snippets = try SnippetBuilder(terms: query.groups.flatMap { $0 }, db: db)
            for note in results.notes {
                let body = try #require(try String.fetchOne(db, sql: "SELECT body FROM notes_fts WHERE rowid = ?", arguments: [note.id]))
                #expect(note.snippet == snippets.snippet(of: body), "\(note.path)")
            }
        }
        let shown = Dictionary(uniqueKeysWithValues: results.notes.map { ($0.path.description, $0.snippet) })
        #expect(shown["long.md"]??.contains("Remember the \u{2}milk\u{3}, then the bread.") == true)
        #expect(shown["end.md"]??.hasSuffix("elit. \u{2}milk\u{3}") == true)
        #expect(shown["title.md"] == .some(nil))
    }

    @Test(
        "a prefix ends at its last whole character",
        arguments: [
            ("abc", 3), ("ab\u{E2}", 2), ("ab\u{E2}\u{80}", 2), ("ab\u{E2}\u{80}\u{94}", 5), ("\u{F0}\u{9F}\u{8D}", 0),
            ("a\u{C3}", 1), ("a\u{C3}\u{A9}", 3), ("", 0),
        ])
    func completeCharacters(latin1: String, count: Int) {
        let bytes = latin1.unicodeScalars.map { UInt8($0.value) }
        #expect(SnippetBuilder.completeCharacters(bytes) == count)
    }
}
