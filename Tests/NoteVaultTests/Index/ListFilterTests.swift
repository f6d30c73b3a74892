import Foundation
import Testing

@testable import NoteVault

/// `NoteIndex.list`: every sort order, and every filter answered from the index's columns.
/// "Now" is 2026-11-18T20:53:20Z (the sandbox clock).
@Suite("NoteIndex.list")
struct ListFilterTests {
    static let notes: [String: String] = [
        "a.md": """
        ---
        title: Alpha
        color: red
        tags: [home, Weekly]
        order: b
        status: Draft
        owners: [Ana, Boris]
        created: 2026-01-05T00:00:00Z
        updated: 2026-11-10T00:00:00Z
        ---
        First.

        """,
        "b.md": """
        ---
        title: beta
        colour: blue
        tags: [work]
        order: a
        destroy: 2026-11-20 00:00
        created: 2026-02-01T00:00:00Z
        updated: 2026-11-15T00:00:00Z
        ---
        Second.

        """,
        "c.md": """
        ---
        title: Gamma
        tags: home
        status: done
        destroy: 2026-12-31
        created: 2026-03-01T00:00:00Z
        updated: 2026-10-01T00:00:00Z
        ---
        Third.

        """,
        "d.md": "Delta\nA note without front matter: its times come from the file.\n",
        "e.md": """
        ---
        title: Epsilon
        destroy: 2026-11-01
        created: 2026-06-01T00:00:00Z
        updated: 2026-11-17T00:00:00Z
        ---
        Past its destroy date: waiting for expiry.

        """,
        "f.md": """
        ---
        title: Zeta
        color: "#ff0000"
        expires: 2026-11-19T12:00Z
        place: Москва
        created: 2026-04-01T00:00:00Z
        updated: 2026-08-01T00:00:00Z
        ---
        Expires tomorrow.

        """,
        "g.md": """
        ---
        title: Eta
        destroy: soon
        query: a=b
        created: 2026-05-01T00:00:00Z
        updated: 2026-07-01T00:00:00Z
        ---
        An unusable destroy date never hides a note.

        """,
    ]

    let sandbox: VaultSandbox
    let index: NoteIndex

    init() throws {
        sandbox = try VaultSandbox()
        for (path, text) in Self.notes { try sandbox.write(path, text) }
        try sandbox.setModified("d.md", to: Self.utc("2026-09-01T00:00:00Z"))
        index = try sandbox.openIndex()
    }

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    // MARK: - Sorting

    @Test(arguments: [
        (VaultConfig.SortKey.updated, ["b", "a", "c", "d", "f", "g"]),
        (.created, ["d", "g", "f", "c", "b", "a"]),
        (.title, ["a", "b", "d", "g", "c", "f"]),
        (.order, ["b", "a", "c", "d", "f", "g"]),
        (.destroy, ["f", "b", "c", "a", "d", "g"]),
    ])
    func sortOrders(_ key: VaultConfig.SortKey, _ expected: [String]) throws {
        let paths = expected.map { $0 + ".md" }
        #expect(try index.listed(key) == paths)
        #expect(try index.listed(key, reverse: true) == paths.reversed())
        #expect(try index.listed(key, limit: 2) == Array(paths.prefix(2)))
    }

    @Test func timesComeFromFrontMatterOrTheFile() throws {
        let notes = try index.list(NoteFilter(now: VaultSandbox.now), sort: NoteSort(key: .title))
        let byPath = Dictionary(uniqueKeysWithValues: notes.map { ($0.path.description, $0) })
        #expect(byPath["a.md"]?.updated == Self.utc("2026-11-10T00:00:00Z"))
        #expect(byPath["a.md"]?.created == Self.utc("2026-01-05T00:00:00Z"))
        #expect(byPath["d.md"]?.updated == Self.utc("2026-09-01T00:00:00Z"))
        #expect(byPath["d.md"]?.created == Self.utc("2026-09-01T00:00:00Z"))
        #expect(byPath["b.md"]?.destroy == Self.utc("2026-11-20T00:00:00Z"), "no offset: the vault clock's zone (UTC)")
        #expect(byPath["f.md"]?.destroy == Self.utc("2026-11-19T12:00:00Z"), "expires is read as destroy")
        #expect(byPath["g.md"]?.destroy == nil)
        #expect(byPath["g.md"]?.destroyProblem == .invalid)
        #expect(byPath["a.md"]?.tags == ["home", "Weekly"])
        #expect(byPath["c.md"]?.tags == ["home"])
        #expect(byPath["b.md"]?.color == .palette(.blue), "colour is read as color")
    }

    // MARK: - --where

    @Test(arguments: [
        ([("status", "draft")], ["a"]),
        ([("status", "DRAFT")], ["a"]),
        ([("status", "done")], ["c"]),
        ([("owners", "boris")], ["a"]),
        ([("owners", "Ana")], ["a"]),
        ([("owners", "ana boris")], []),
        ([("tags", "home")], ["a", "c"]),
        ([("tags", "WEEKLY")], ["a"]),
        ([("color", "blue")], ["b"]),
        ([("colour", "Blue")], ["b"]),
        ([("COLOR", "red")], ["a"]),
        ([("title", "gamma")], ["c"]),
        ([("place", "МОСКВА")], ["f"]),
        ([("query", "a=b")], ["g"]),
        ([("tags", "home"), ("status", "done")], ["c"]),
        ([("tags", "home"), ("status", "draft"), ("owners", "ana")], ["a"]),
        ([("tags", "work"), ("status", "done")], []),
        ([("nothing", "x")], []),
        ([("status", "")], []),
    ])
    func whereMatchesAnyFrontMatterKey(_ fields: [(String, String)], _ expected: [String]) throws {
        let found = try index.listed(.title) { $0.fields = fields.map { (key: $0.0, value: $0.1) } }
        #expect(found == expected.map { $0 + ".md" })
    }

    // MARK: - Colour, dates, expiry

    @Test(arguments: [
        (NoteColor.palette(.red), ["a"]), (.palette(.blue), ["b"]), (.palette(.white), ["d", "g", "c"]),
        (try! NoteColor(parsing: "#ff0000"), ["f"]), (.palette(.green), []),
    ])
    func colorFilter(_ color: NoteColor, _ expected: [String]) throws {
        #expect(try index.listed(.title) { $0.color = color } == expected.map { $0 + ".md" })
    }

    @Test func sinceAndUntilBoundUpdated() throws {
        #expect(try index.listed { $0.updatedSince = Self.utc("2026-10-01T00:00:00Z") } == ["b.md", "a.md", "c.md"])
        #expect(try index.listed { $0.updatedUntil = Self.utc("2026-09-01T00:00:00Z") } == ["d.md", "f.md", "g.md"])
        #expect(
            try index.listed {
                $0.updatedSince = Self.utc("2026-08-01T00:00:00Z")
                $0.updatedUntil = Self.utc("2026-10-01T00:00:00Z")
            } == ["c.md", "d.md", "f.md"])
        #expect(try index.listed { $0.updatedSince = Self.utc("2026-11-16T00:00:00Z") }.isEmpty, "e.md is pending")
        #expect(
            try index.listed {
                $0.updatedSince = Self.utc("2026-11-16T00:00:00Z"); $0.includePendingExpiry = true
            } == ["e.md"])
    }

    @Test func expiringWithinAWindowOrAny() throws {
        #expect(try index.listed(.destroy) { $0.expiringWithin = 2 * 86_400 } == ["f.md", "b.md"])
        #expect(try index.listed(.destroy) { $0.expiringWithin = 3_600 }.isEmpty)
        #expect(try index.listed(.destroy) { $0.expiringWithin = .infinity } == ["f.md", "b.md", "c.md"])
        #expect(
            try index.listed(.destroy) {
                $0.expiringWithin = .infinity; $0.includePendingExpiry = true
            } == ["f.md", "b.md", "c.md"],
            "a passed date is not expiring")
    }

    @Test func pendingNotesAreHiddenUnlessAskedFor() throws {
        #expect(try !index.listed().contains("e.md"))
        #expect(try index.count(NoteFilter(now: VaultSandbox.now)) == 6)
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.includePendingExpiry = true
        let all = try index.list(filter, sort: NoteSort(key: .updated))
        #expect(all.map(\.path.description) == ["e.md", "b.md", "a.md", "c.md", "d.md", "f.md", "g.md"])
        #expect(all.filter { $0.isPendingExpiry(at: VaultSandbox.now) }.map(\.path.description) == ["e.md"])
        #expect(try index.count(filter) == 7)
        // A day before e's destroy date it is an ordinary note.
        #expect(try index.list(NoteFilter(now: Self.utc("2026-10-31T00:00:00Z")), sort: NoteSort(key: .updated)).first?.path.description == "e.md")
    }

    /// Listing never reads a note: with every file gone (and no synchronisation) the answer is the same.
    @Test func listAnswersFromTheIndexAlone() throws {
        let before = try index.listed(.title) { $0.fields = [("tags", "home")] }
        for path in Self.notes.keys { try FileManager.default.removeItem(atPath: sandbox.path(path)) }
        #expect(try index.listed(.title) { $0.fields = [("tags", "home")] } == before)
        #expect(before == ["a.md", "c.md"])
    }
}
