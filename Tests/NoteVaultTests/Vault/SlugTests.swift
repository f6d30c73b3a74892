import Testing

@testable import NoteVault

/// File names from titles: an allow-list of letters, marks and digits of any script.
@Suite("Slug")
struct SlugTests {
    static let table: [(title: String, slug: String)] = [
        ("Grocery list", "grocery-list"),
        ("Grocery *list*: week 47", "grocery-list-week-47"),
        ("  Leading and trailing  ", "leading-and-trailing"),
        ("Café au lait", "café-au-lait"),
        ("Cafe\u{301} au lait", "café-au-lait"),
        ("Crème Brûlée", "crème-brûlée"),
        ("Список покупок", "список-покупок"),
        ("ЁЖИК", "ёжик"),
        ("買い物リスト", "買い物リスト"),
        ("会議 メモ", "会議-メモ"),
        ("🎉 Party 🎉", "party"),
        ("🎉🎉🎉", "note"),
        ("!!! ??? ...", "note"),
        ("", "note"),
        ("   ", "note"),
        ("CON", "con-note"),
        ("aux", "aux-note"),
        ("Com1", "com1-note"),
        ("lpt9", "lpt9-note"),
        ("console", "console"),
        ("aux.md", "aux-md"),
        ("../../etc/passwd", "etc-passwd"),
        ("/etc/passwd", "etc-passwd"),
        ("a/../../b", "a-b"),
        ("..", "note"),
        (".git/config", "git-config"),
        (".hidden", "hidden"),
        ("name.", "name"),
        ("line\nbreak", "line-break"),
        ("nul\u{0}byte", "nul-byte"),
        ("C:\\Windows\\System32", "c-windows-system32"),
        ("time: 10:30 <b>bold</b> | x * y ?", "time-10-30-b-bold-b-x-y"),
        ("2026-12-01", "2026-12-01"),
    ]

    @Test("title → slug", arguments: table)
    func slug(title: String, slug: String) {
        #expect(Slug.make(from: title) == slug)
    }

    static let hostile = [
        "../../etc/passwd", "/etc/passwd", "a/../../b", "..", "...", ".git/config", ".hidden", "CON", "aux.md",
        "name.", "x/./y", "\u{0}", "\n\r\t", "\u{1B}]0;pwned\u{7}", "-rf", "~/notes", "COM1.", "nul.txt",
        String(repeating: "a/", count: 200), String(repeating: "../", count: 50) + "x",
    ]

    @Test("path-like titles never produce a separator, a parent reference or an unusable name", arguments: hostile)
    func neverAPath(title: String) throws {
        let slug = Slug.make(from: title)
        #expect(!slug.isEmpty)
        #expect(!slug.contains("/") && !slug.contains("..") && !slug.contains("\\"))
        #expect(!slug.hasPrefix(".") && !slug.hasPrefix("-") && !slug.hasSuffix("-"))
        #expect(!slug.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        // Whatever the title, the file name passes the strict rules for creating.
        let path = try NotePath(validating: slug + ".md", purpose: .create)
        #expect(path.parent == nil)
    }

    @Test(
        "length is capped in bytes, whole characters only",
        arguments: [
            String(repeating: "a", count: 300),
            String(repeating: "é", count: 300),
            String(repeating: "漢", count: 300),
            String(repeating: "word ", count: 100),
            String(repeating: "👍🏽x", count: 100),
        ])
    func lengthCap(title: String) throws {
        let slug = Slug.make(from: title)
        #expect(slug.utf8.count <= Slug.maximumBytes)
        #expect(slug.utf8.count > Slug.maximumBytes - 8, "not cut much shorter than needed")
        #expect(!slug.hasSuffix("-"))
        #expect(String(validating: Array(slug.utf8), as: UTF8.self) != nil)
        // Room is left for a collision suffix within the 255-byte limit.
        _ = try NotePath(validating: slug + "-999.md", purpose: .create)
    }

    @Test("NFC and NFD spellings of a title give the same slug, in NFC")
    func normalisation() {
        let slug = Slug.make(from: "Cafe\u{301}")
        #expect(slug == Slug.make(from: "Caf\u{E9}"))
        #expect(Array(slug.utf8) == Array("caf\u{E9}".utf8))
    }
}
