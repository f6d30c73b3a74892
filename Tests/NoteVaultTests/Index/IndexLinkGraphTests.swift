import Foundation
import Testing

@testable import NoteVault

/// The index-backed ``LinkGraph`` gives a rename the answers the scanning one gives, and a
/// rename planned with it rewrites the same notes.
@Suite("IndexLinkGraph")
struct IndexLinkGraphTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("Trip notes.md", "---\ntitle: Trip\naliases: [Kyoto]\n---\n# Trip\n\nSee [plan](Plan.md) and [[#Trip]].\n")
        try sandbox.write("Plan.md", "---\ntitle: Plan\n---\nplan [[Kyoto]]\n")
        try sandbox.write(
            "index.md",
            "[a](Trip%20notes.md) [b](<Trip notes.md#Day 1>) [[Trip notes#Day 2|the trip]] ![[Trip notes]] `[[Plan]]` [r][t]\n\n[t]: Trip%20notes.md\n")
        try sandbox.write("deep/er/x.md", "[up](../../Trip%20notes.md) [[trip NOTES|t]] [[Kyoto trip]]\n")
        try sandbox.write("deep/Plan.md", "[[Plan]] [x](../Plan.md)\n")
    }

    @Test(arguments: ["Trip notes.md", "Plan.md", "deep/Plan.md", "index.md", "deep/er/x.md"])
    func answersAsTheScanningGraph(_ target: String) throws {
        let vault = try sandbox.vault()
        let index = try sandbox.openIndex()
        let scanning = ScanningLinkGraph(vault: vault)
        let indexed = IndexLinkGraph(index: index)

        // The scanning graph ignores aliases; the index also counts `[[Kyoto]]`, an alias.
        let viaAlias = target == "Trip notes.md" ? ["Plan.md"] : []
        #expect(try indexed.notesLinking(to: target) == (scanning.notesLinking(to: target) + viaAlias).sorted())
        let name = LinkResolver.name(of: target)
        #expect(try indexed.notesWithWikilinks(named: name) == scanning.notesWithWikilinks(named: name))
        #expect(try indexed.notesWithWikilinks(named: "Kyoto trip") == ["deep/er/x.md"])
        #expect(try indexed.notePaths().sorted() == scanning.notePaths().sorted())
        #expect(try indexed.aliases() == ["Trip notes.md": ["Kyoto"]])
    }

    @Test func renameWithTheIndexGraphRewritesTheLinkingNotes() throws {
        let vault = try sandbox.vault()
        let index = try sandbox.openIndex()

        let graph = IndexLinkGraph(index: index)
        let result = try vault.renameNote(NotePath(trusted: "Trip notes.md"), to: NotePath(trusted: "Archive/Kyoto journey.md"), graph: graph)

        #expect(result.rewrittenNotes.map(\.description) == ["deep/er/x.md", "index.md"])
        try index.synchronize()
        let sources = try index.backlinks(to: NotePath(trusted: "Archive/Kyoto journey.md")).map(\.source.description)
        #expect(Dictionary(sources.map { ($0, 1) }, uniquingKeysWith: +) == ["Plan.md": 1, "deep/er/x.md": 2, "index.md": 6])
    }
}
