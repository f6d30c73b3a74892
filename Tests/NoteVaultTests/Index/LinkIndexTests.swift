import Foundation
import Testing

@testable import NoteVault

/// The `links`, `tags` and `names` tables: filled from the same parse as the note's row, kept
/// fresh by every synchronisation, and resolved when asked exactly as a resolver over the whole
/// vault resolves.
@Suite("Link index")
struct LinkIndexTests {
    /// A vault with the case's files (notes with their aliases in front matter) and the source
    /// note holding the case's link.
    private static func vault(for row: ResolverCase) throws -> VaultSandbox {
        let sandbox = try VaultSandbox()
        for path in row.paths {
            if let folder = path.split(separator: "/").dropLast().joined(separator: "/") as String?, !folder.isEmpty {
                try sandbox.makeFolder(folder)
            }
            if let aliases = row.aliases[path] {
                try sandbox.write(path, "---\naliases: [\(aliases.joined(separator: ", "))]\n---\nA note\n")
            } else {
                try sandbox.write(path, path.hasSuffix(".md") ? "A note\n" : "not a note")
            }
        }
        let folder = LinkResolver.folder(of: row.source)
        if !folder.isEmpty { try sandbox.makeFolder(String(folder.dropLast())) }
        try sandbox.write(row.source, row.text + "\n")
        return sandbox
    }

    /// Every row of the resolver's table resolves the same from the index (whose resolver sees
    /// only the notes named like the link), and a resolved note lists the link as a backlink.
    /// Files that are not notes are not indexed: the rows that find one by name in another
    /// folder are left to ``filesThatAreNotNotes()``.
    @Test(arguments: LinkResolverTests.cases.filter { $0.expected.path.map { $0.hasSuffix(".md") || !$0.contains("/") } ?? true })
    func indexResolvesAsTheResolver(_ row: ResolverCase) throws {
        let sandbox = try Self.vault(for: row)
        let index = try sandbox.openIndex()
        let source = NotePath(trusted: row.source)
        let links = try index.links(from: source)
        try #require(links.count == 1)
        #expect(links[0].resolution == row.expected)
        if case .resolved(let target) = row.expected, target.hasSuffix(".md"), target != row.source {
            let path = try #require(sandbox.notePath(matching: target))
            #expect(try index.backlinks(to: path).map(\.source) == [source])
        }
    }

    /// `resolve(_:from:)`, which a page showing a file just read uses, answers as
    /// `links(from:)` does, for every row of the same table.
    @Test(arguments: LinkResolverTests.cases.filter { $0.expected.path.map { $0.hasSuffix(".md") || !$0.contains("/") } ?? true })
    func resolveAnswersAsLinksFrom(_ row: ResolverCase) throws {
        let sandbox = try Self.vault(for: row)
        let index = try sandbox.openIndex()
        let source = NotePath(trusted: row.source)
        let written = NoteLinkExtractor.extract(NoteContent(bytes: Array((row.text + "\n").utf8), path: row.source)).links
        #expect(try index.resolve(written, from: source) == index.links(from: source).map(\.resolution))
    }

    @Test("links of a note the index has not read yet resolve against the notes indexed, pictures included")
    func resolveANoteNotIndexedYet() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("plan.md", "# Plan\n")
        try sandbox.makeFolder("attachments")
        try sandbox.write("attachments/cat.gif", "GIF89a")
        let index = try sandbox.openIndex()
        let text = "[[plan]] ![[cat.gif]] [[nowhere]] [[later]]\n"
        try sandbox.write("new.md", text)
        try sandbox.write("later.md", "# Later\n")
        let links = NoteLinkExtractor.extract(NoteContent(bytes: Array(text.utf8), path: "new.md")).links
        #expect(try index.contains(NotePath(trusted: "new.md")) == false)
        #expect(try index.resolve(links, from: NotePath(trusted: "new.md")) == [.resolved("plan.md"), .resolved("attachments/cat.gif"), .dead, .dead])
        #expect(try index.resolve([], from: NotePath(trusted: "new.md")).isEmpty)
    }

    @Test func linkRowsKeepKindPlaceAndDestination() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("Plan.md", "Plan\n")
        try sandbox.write("src.md", "---\ntitle: S\n---\nЖ [[Plan#Goals|the plan]]\n\n`[[Plan]]` and [x](Plan.md) [dead](nowhere.md)\n")
        let index = try sandbox.openIndex()

        let links = try index.links(from: NotePath(trusted: "src.md"))

        #expect(links.map(\.link.kind) == [.wikilink, .inline, .inline])
        #expect(links.map(\.link.destination) == ["Plan#Goals|the plan", "Plan.md", "nowhere.md"])
        #expect(links.map(\.link.place.line) == [4, 6, 6])
        // "Ж " is 3 bytes but 2 UTF-16 units before `[[`.
        #expect(links[0].link.place.column == 4 && links[0].link.place.utf16Column == 3)
        #expect(links[0].link.target == LinkTarget(path: "Plan", heading: "Goals", alias: "the plan"))
        let bytes = try #require(sandbox.bytes("src.md"))
        let range = try #require(links[1].link.destinationRange)
        #expect(String(decoding: bytes[range], as: UTF8.self) == "Plan.md")
        #expect(links.map(\.isDead) == [false, false, true])
    }

    /// A link to a file that is not a note resolves when the file exists beside the linking
    /// note, at the path from the root, or (for an embed by name) in `attachments/`.
    @Test func filesThatAreNotNotes() throws {
        let sandbox = try VaultSandbox()
        for folder in ["attachments", "notes", "assets"] { try sandbox.makeFolder(folder) }
        for file in ["attachments/cat.png", "notes/dog.png", "assets/fox.png", "top.pdf"] { try sandbox.write(file, "bytes") }
        try sandbox.write("notes/src.md", "![[cat.png]] ![](dog.png) [x](../top.pdf) ![[top.pdf]] ![[fox.png]] ![](cat.png)\n")
        let index = try sandbox.openIndex()

        let links = try index.links(from: NotePath(trusted: "notes/src.md"))

        #expect(
            links.map(\.resolution) == [
                .resolved("attachments/cat.png"), .resolved("notes/dog.png"), .resolved("top.pdf"), .resolved("top.pdf"), .dead, .dead,
            ])
    }

    @Test func resolutionFollowsNotesThatAppearMoveAndDisappear() throws {
        let sandbox = try VaultSandbox()
        try sandbox.makeFolder("deep")
        try sandbox.write("deep/Target.md", "Target\n")
        try sandbox.write("src.md", "[[Target]]\n")
        let index = try sandbox.openIndex()
        let source = NotePath(trusted: "src.md")
        #expect(try index.links(from: source).map(\.resolution) == [.resolved("deep/Target.md")])

        // A shallower note of the same name wins, without the linking note being reread.
        try sandbox.write("Target.md", "Shallow\n")
        try index.synchronize()
        #expect(try index.links(from: source).map(\.resolution) == [.resolved("Target.md")])
        #expect(try index.backlinks(to: NotePath(trusted: "deep/Target.md")).isEmpty)
        #expect(try index.backlinks(to: NotePath(trusted: "Target.md")).map(\.source) == [source])

        try FileManager.default.removeItem(atPath: sandbox.path("Target.md"))
        try FileManager.default.moveItem(atPath: sandbox.path("deep/Target.md"), toPath: sandbox.path("deep/Other.md"))
        try index.synchronize()
        #expect(try index.links(from: source).map(\.resolution) == [.dead])
    }

    @Test func editedNoteReplacesItsLinksAndTags() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("a.md", "A\n")
        try sandbox.write("b.md", "B\n")
        try sandbox.write("src.md", "[[a]] #one\n")
        let index = try sandbox.openIndex()
        try sandbox.write("src.md", "[[b]] #two and more text\n")
        try index.synchronize()

        #expect(try index.links(from: NotePath(trusted: "src.md")).map(\.resolution) == [.resolved("b.md")])
        #expect(try index.backlinks(to: NotePath(trusted: "a.md")).isEmpty)
        #expect(try index.tags().map(\.tag) == ["two"])

        try FileManager.default.removeItem(atPath: sandbox.path("src.md"))
        try index.synchronize()
        #expect(try index.backlinks(to: NotePath(trusted: "b.md")).isEmpty)
        #expect(try index.tags().isEmpty)
    }

    @Test func aliasesNameNotesForWikilinks() throws {
        let sandbox = try VaultSandbox()
        try sandbox.makeFolder("p")
        try sandbox.write("p/Alpha.md", "---\naliases:\n  - First Project\n  - team/a1\n---\nAlpha\n")
        try sandbox.write("src.md", "[[first project]] [[team/A1|x]] [[Alpha]] [x](First%20Project.md)\n")
        let index = try sandbox.openIndex()

        let links = try index.links(from: NotePath(trusted: "src.md"))

        #expect(links.map(\.resolution) == [.resolved("p/Alpha.md"), .resolved("p/Alpha.md"), .resolved("p/Alpha.md"), .dead])
        #expect(try index.backlinks(to: NotePath(trusted: "p/Alpha.md")).count == 3)
    }

    @Test func tagsFromFrontMatterAndBodyCountedWithoutCase() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("a.md", "---\ntags: [Work, project/alpha]\n---\nText #work #Idea\n")
        try sandbox.write("b.md", "---\ntags: work\n---\n# Heading\n`#code` #IDEA #123\n")
        try sandbox.write("c.md", "#project/alphabet #project/alpha/q1\n")
        let index = try sandbox.openIndex()

        let tags = try index.tags()

        #expect(tags.map(\.tag) == ["idea", "work", "project/alpha", "project/alpha/q1", "project/alphabet"])
        #expect(tags.map(\.count) == [2, 2, 1, 1, 1])
        #expect(tags.first { $0.tag == "work" }?.name == "work")
    }

    @Test(arguments: [
        (["project/alpha"], ["a.md", "c.md"]),
        (["PROJECT"], ["a.md", "c.md", "d.md"]),
        (["project/alpha", "work"], ["a.md"]),
        (["proj"], []),
    ])
    func tagFilterMatchesNestedTags(_ tags: [String], _ expected: [String]) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("a.md", "---\ntags: [Work, project/alpha]\n---\nText\n")
        try sandbox.write("b.md", "#work\n")
        try sandbox.write("c.md", "#Project/Alpha/q1\n")
        try sandbox.write("d.md", "#project/alphabet\n")
        let index = try sandbox.openIndex()
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.tags = tags

        #expect(try index.list(filter, sort: NoteSort(key: .title)).map(\.path.description).sorted() == expected)
        #expect(try index.count(filter) == expected.count)
    }

    @Test func linkFilters() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("hub.md", "[[a]] [b](b.md) [[missing]]\n")
        try sandbox.write("a.md", "[[b]] apple\n")
        try sandbox.write("b.md", "[[b]] self link only\n")
        try sandbox.write("lonely.md", "no links apple\n")
        try sandbox.write("broken.md", "[x](gone.md)\n")
        let index = try sandbox.openIndex()
        func listed(_ change: (inout NoteFilter) -> Void) throws -> [String] {
            var filter = NoteFilter(now: VaultSandbox.now)
            change(&filter)
            return try index.list(filter, sort: NoteSort(key: .title)).map(\.path.description).sorted()
        }

        #expect(try listed { $0.linksTo = NotePath(trusted: "b.md") } == ["a.md", "b.md", "hub.md"])
        #expect(try listed { $0.linkedFrom = NotePath(trusted: "hub.md") } == ["a.md", "b.md"])
        #expect(try listed { $0.orphan = true } == ["broken.md", "hub.md", "lonely.md"])
        #expect(try listed { $0.deadLinks = true } == ["broken.md", "hub.md"])
        #expect(
            try listed {
                $0.orphan = true; $0.deadLinks = true
            } == ["broken.md", "hub.md"])
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.linksTo = NotePath(trusted: "b.md")
        let found = try index.search(SearchQuery(parsing: "apple"), filter: filter, limit: 10)
        #expect(found.notes.map(\.path.description) == ["a.md"])
    }
}

extension VaultSandbox {
    /// The path of the vault's file that is canonically equivalent to `text` (an NFD name).
    func notePath(matching text: String) -> NotePath? {
        let all = FileManager.default.subpaths(atPath: root) ?? []
        return all.first { $0 == text }.map { NotePath(bytes: Array($0.utf8)) }
    }
}
