import Foundation
import Testing

@testable import NoteVault

/// Renames through the library: what changes (only link destinations) and what stops a rename
/// before any file is touched.
@Suite("Vault.renameNote")
struct RenameNoteTests {
    let sandbox: VaultSandbox
    init() throws { sandbox = try VaultSandbox() }

    /// Every link in every note of the vault, resolved against the vault as it is.
    static func resolutions(_ vault: Vault) throws -> [String: [LinkResolution]] {
        let paths = vault.scan().notes.compactMap(\.path.string) + ["pics/cat.png"]
        let resolver = LinkResolver(paths: paths)
        var result: [String: [LinkResolution]] = [:]
        for path in paths where path.hasSuffix(".md") {
            let note = try vault.read(NotePath(trusted: path))
            result[path] = NoteLinkExtractor.extract(note.content).links.map { resolver.resolve($0, from: path) }
        }
        return result
    }

    /// A folder moved as one batch (every note and picture beneath it), planned from the files
    /// alone (no index): links into the folder follow it, links inside it stay, and each file
    /// gets one edit per link.
    @Test func aFolderMovedAsOneBatchKeepsEveryLink() throws {
        try sandbox.write("trips/kyoto.md", "[o](osaka.md) ![p](pics/map.png) [i](../index.md)\n")
        try sandbox.write("trips/osaka.md", "[[kyoto]]\n")
        try sandbox.write("trips/pics/map.png", "not really a png")
        try sandbox.write("index.md", "[k](trips/kyoto.md) ![m](trips/pics/map.png) [[osaka]]\n")
        let vault = try sandbox.vault()
        let plan = try vault.planMoves([RenameMove(from: NotePath(trusted: "trips"), to: NotePath(trusted: "old/trips"))])
        #expect(plan.moves.map(\.to.description) == ["old/trips/kyoto.md", "old/trips/osaka.md", "old/trips/pics/map.png"])
        let changed = Dictionary(
            uniqueKeysWithValues: plan.edits.filter { !$0.replacements.isEmpty }.map { ($0.path.description, String(decoding: $0.after, as: UTF8.self)) })
        #expect(
            changed == [
                "trips/kyoto.md": "[o](osaka.md) ![p](pics/map.png) [i](../../index.md)\n",
                "index.md": "[k](old/trips/kyoto.md) ![m](old/trips/pics/map.png) [[osaka]]\n",
            ])
        let clash = TagRenameTests.renameError {
            _ = try vault.planMoves([
                RenameMove(from: NotePath(trusted: "index.md"), to: NotePath(trusted: "x.md")),
                RenameMove(from: NotePath(trusted: "trips/osaka.md"), to: NotePath(trusted: "X.md")),
            ])
        }
        #expect(clash == .nameCollision(NotePath(trusted: "X.md"), existing: NotePath(trusted: "x.md")))
    }

    @Test func movesTheNoteAndRewritesEveryFormOfLinkToIt() throws {
        try sandbox.write("Trip notes.md", "---\ntitle: Trip\n---\n# Trip\n\nSee [plan](Plan.md) and ![c](pics/cat.png) and [[#Trip]].\n")
        try sandbox.write("pics/cat.png", "not really a png")
        try sandbox.write("Plan.md", "---\ntitle: Plan\n---\nplan\n")
        let linking = """
            \u{FEFF}---\r\ntitle: Index\r\n---\r\n[a](Trip%20notes.md) [b](<Trip notes.md#Day 1>) [c](Trip%20notes)\r\n\
            [[Trip notes]] [[Trip notes#Day 2|the trip]] ![[Trip notes]] [[Trip notes.md]] [r][t] [d](./Trip%20notes.md)\r\n\
            [[Plan]] `[[Trip notes]]` [e](/Trip%20notes.md)\r\n\r\n[t]: Trip%20notes.md "title"\r\n
            """
        try sandbox.write("index.md", linking)
        try sandbox.write("deep/er/x.md", "[up](../../Trip%20notes.md) [[Trip notes|t]]\n")
        let vault = try sandbox.vault()

        let result = try vault.renameNote(NotePath(trusted: "Trip notes.md"), to: NotePath(trusted: "Archive/2024/Kyoto trip.md"))
        #expect(result.rewrittenNotes.map(\.description) == ["deep/er/x.md", "index.md"])
        #expect(!sandbox.exists("Trip notes.md"))
        #expect(!sandbox.exists(".enote/rename.journal"))
        let index = try #require(sandbox.text("index.md"))
        #expect(
            index == """
                \u{FEFF}---\r\ntitle: Index\r\n---\r\n[a](Archive/2024/Kyoto%20trip.md) [b](<Archive/2024/Kyoto trip.md#Day 1>) [c](Archive/2024/Kyoto%20trip)\r\n\
                [[Kyoto trip]] [[Kyoto trip#Day 2|the trip]] ![[Kyoto trip]] [[Kyoto trip.md]] [r][t] [d](./Archive/2024/Kyoto%20trip.md)\r\n\
                [[Plan]] `[[Trip notes]]` [e](/Archive/2024/Kyoto%20trip.md)\r\n\r\n[t]: Archive/2024/Kyoto%20trip.md "title"\r\n
                """)
        #expect(sandbox.text("deep/er/x.md") == "[up](../../Archive/2024/Kyoto%20trip.md) [[Kyoto trip|t]]\n")
        // The moved note's own relative links follow its new folder.
        #expect(
            sandbox.text("Archive/2024/Kyoto trip.md")
                == "---\ntitle: Trip\n---\n# Trip\n\nSee [plan](../../Plan.md) and ![c](../../pics/cat.png) and [[#Trip]].\n")
        // Every link resolves where it did (the moved note at its new path); the code span is no link.
        let after = try Self.resolutions(vault)
        #expect(after["index.md"]?.allSatisfy { $0 == .resolved("Archive/2024/Kyoto trip.md") || $0 == .resolved("Plan.md") } == true)
        #expect(after["deep/er/x.md"] == [.resolved("Archive/2024/Kyoto trip.md"), .resolved("Archive/2024/Kyoto trip.md")])
        #expect(
            after["Archive/2024/Kyoto trip.md"] == [.resolved("Plan.md"), .resolved("pics/cat.png"), .resolved("Archive/2024/Kyoto trip.md")])
    }

    @Test func aNameThatWouldNoLongerBeUniqueBecomesAPath() throws {
        try sandbox.write("work/Plan.md", "a plan\n")
        try sandbox.write("home/Other.md", "another\n")
        try sandbox.write("index.md", "[[Other]] and [[Other|x]]\n")
        let vault = try sandbox.vault()
        _ = try vault.renameNote(NotePath(trusted: "home/Other.md"), to: NotePath(trusted: "home/Plan.md"))
        #expect(sandbox.text("index.md") == "[[home/Plan]] and [[home/Plan|x]]\n")
        #expect(sandbox.text("work/Plan.md") == "a plan\n")
    }

    @Test func stopsWhenALinkToAnotherNoteWouldLeadToTheRenamedOne() throws {
        try sandbox.write("work/Plan.md", "a plan\n")
        try sandbox.write("x/y/Other.md", "another\n")
        try sandbox.write("index.md", "[[Plan]] [[Other]]\n")
        let vault = try sandbox.vault()
        let before = try sandbox.status("index.md")
        #expect {
            try vault.renameNote(NotePath(trusted: "x/y/Other.md"), to: NotePath(trusted: "Plan.md"))
        } throws: { error in
            guard case VaultError.rename(.wouldChangeTarget(let source, let line, let link, let target)) = error else { return false }
            return source == "index.md" && line == 1 && link == "Plan" && target == "work/Plan.md"
        }
        #expect(sandbox.exists("x/y/Other.md") && !sandbox.exists("Plan.md"))
        #expect(try sandbox.status("index.md") == before)
        #expect(!sandbox.exists(".enote/rename.journal"))
    }

    @Test func stopsWhenTheTargetExists() throws {
        try sandbox.write("a.md", "a\n")
        try sandbox.write("b.md", "b\n")
        try sandbox.write("index.md", "[[a]]\n")
        let vault = try sandbox.vault()
        #expect(throws: VaultError.self) { try vault.renameNote(NotePath(trusted: "a.md"), to: NotePath(trusted: "b.md")) }
        #expect(sandbox.text("a.md") == "a\n" && sandbox.text("b.md") == "b\n" && sandbox.text("index.md") == "[[a]]\n")
    }

    @Test func stopsWhenALinkingNoteIsOpenInAnEditor() throws {
        try sandbox.write("a.md", "a\n")
        try sandbox.write("index.md", "[[a]]\n")
        try sandbox.write(".index.md.swp", "vim swap")
        let vault = try sandbox.vault()
        #expect {
            try vault.renameNote(NotePath(trusted: "a.md"), to: NotePath(trusted: "z.md"))
        } throws: { error in
            guard case VaultError.openElsewhere(let path, _) = error else { return false }
            return path.description == "index.md"
        }
        #expect(sandbox.exists("a.md") && !sandbox.exists("z.md") && sandbox.text("index.md") == "[[a]]\n")
        _ = try vault.renameNote(NotePath(trusted: "a.md"), to: NotePath(trusted: "z.md"), force: true)
        #expect(sandbox.text("index.md") == "[[z]]\n")
    }

    @Test func planChangesNothingAndDiffsOnlyTheLinks() throws {
        try sandbox.write("a.md", "a\n")
        try sandbox.write("index.md", "one\ntwo\nthree\nfour\nfive [[a]]\nsix\nseven\neight\nnine\nten\n")
        let vault = try sandbox.vault()
        let plan = try vault.planRename(NotePath(trusted: "a.md"), to: NotePath(trusted: "sub/b.md"))
        #expect(sandbox.exists("a.md") && !sandbox.exists("sub"))
        #expect(
            plan.unifiedDiff() == """
                diff --git a/a.md b/sub/b.md
                rename from a.md
                rename to sub/b.md
                diff --git a/index.md b/index.md
                --- a/index.md
                +++ b/index.md
                @@ -2,7 +2,7 @@
                 two
                 three
                 four
                -five [[a]]
                +five [[b]]
                 six
                 seven
                 eight

                """)
    }
}
