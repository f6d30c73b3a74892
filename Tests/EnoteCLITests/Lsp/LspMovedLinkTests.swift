import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The code action "rewrite the links broken by a move made outside enote": offered on a dead
/// link whose note the index saw moved, it returns the repair of `enote doctor --fix-links` as
/// one WorkspaceEdit. The oracle is `enote doctor --fix-links` on a copy of the vault.
@Suite struct LspMovedLinkTests {
    static let files: [String: String] = [
        "kyoto.md": "---\ntitle: Киото\n---\n# Киото 😀\n\nТекст про [Осаку](trips/osaka.md).\n",
        "plans.md": "😀 Поездка в [[kyoto]] и [Киото](kyoto.md#Киото%20😀) 日本 [нет](missing.md)\n",
        "trips/osaka.md": "日本: [назад](<../kyoto.md>) и [[kyoto|город]]\n",
    ]

    /// The vault, indexed, then `kyoto.md` moved to `travel/kyoto.md` with `rename(2)` and seen
    /// by one more index update.
    static func movedVault() throws -> TemporaryVault {
        let vault = try TemporaryVault(sample: false)
        for (path, text) in files { try vault.write(path, text) }
        #expect(try vault.run("list").status == 0)
        try FileManager.default.createDirectory(at: vault.url("travel"), withIntermediateDirectories: true)
        try #require(rename(vault.url("kyoto.md").path, vault.url("travel/kyoto.md").path) == 0)
        #expect(try vault.run("list").status == 0)
        return vault
    }

    @Test func aDeadLinkToAMovedNoteOffersTheRepairOfDoctorFixLinks() throws {
        let vault = try Self.movedVault()
        let oracle = try Self.movedVault()
        let fix = try oracle.run("doctor", "--fix-links")
        #expect(fix.status == 0, "\(fix)")

        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, Self.files["plans.md"]!)
        let character = "😀 Поездка в [[kyoto]] и [Ки".utf16.count
        let actions = LspCodeActionTests.actions(client, uri, line: 0, character: character)
        let repair = try #require(
            actions.first { ($0["title"] as? String) == "Rewrite the links broken by the move of kyoto.md to travel/kyoto.md" }, "\(actions)")
        #expect(repair["kind"] as? String == "quickfix")
        #expect(try vault.tree() == (try Self.movedVault().tree()), "the server writes nothing")
        try LspRenameTests.apply(try #require(repair["edit"] as? [String: Any]), to: vault, encoding: "utf-16")
        #expect(try LspRenameTests.texts(of: vault) == LspRenameTests.texts(of: oracle))
        #expect(try vault.text("plans.md").contains("[Киото](travel/kyoto.md#Киото%20😀)"))

        // A dead link to a note that was never there: only the offer to create it.
        let other = LspCodeActionTests.actions(client, uri, line: 0, character: Self.files["plans.md"]!.utf16.count - 4)
        #expect(!other.contains { ($0["title"] as? String)?.hasPrefix("Rewrite the links") == true }, "\(other)")
        #expect(other.contains { ($0["title"] as? String)?.contains("missing.md") == true }, "\(other)")
    }

    @Test func noRepairIsOfferedForADocumentWithUnsavedChanges() throws {
        let vault = try Self.movedVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, "Unsaved " + Self.files["plans.md"]!)
        let actions = LspCodeActionTests.actions(client, uri, line: 0, character: "Unsaved 😀 Поездка в [[kyoto]] и [Ки".utf16.count)
        #expect(!actions.contains { ($0["title"] as? String)?.hasPrefix("Rewrite the links") == true }, "\(actions)")
    }
}
