import Foundation
import Testing

@testable import NoteVault

/// `Vault.renameTag`: every form of a tag is renamed, nothing else changes, and an unsafe rename
/// stops before any file is touched.
@Suite("Vault.renameTag")
struct TagRenameTests {
    let sandbox: VaultSandbox
    init() throws { sandbox = try VaultSandbox() }

    /// The ``RenameError`` `body` throws, if any.
    static func renameError(_ body: () throws -> Void) -> RenameError? {
        do {
            try body()
            return nil
        } catch {
            if case .rename(let error)? = error as? VaultError { return error }
            return nil
        }
    }

    /// A note before and after renaming `work` to `job`.
    struct Form: CustomTestStringConvertible, Sendable {
        var name: String
        var before: String
        var after: String
        var testDescription: String { name }
    }

    static let forms: [Form] = [
        Form(name: "flow list", before: "---\ntags: [work, home]\n---\nx\n", after: "---\ntags: [job, home]\n---\nx\n"),
        Form(name: "flow list, no spaces, quoted", before: "---\ntags: [\"home\",'Work']\n---\n", after: "---\ntags: [\"home\",'job']\n---\n"),
        Form(name: "block list", before: "---\ntags:\n  - home\n  - work\n---\n", after: "---\ntags:\n  - home\n  - job\n---\n"),
        Form(
            name: "block list with a comment", before: "---\ntags:\n- work # the office\n- home\n---\n",
            after: "---\ntags:\n- job # the office\n- home\n---\n"),
        Form(name: "comma string", before: "---\ntags: home,work\n---\n", after: "---\ntags: home,job\n---\n"),
        Form(name: "space string", before: "---\ntags: work home  # work\n---\n", after: "---\ntags: job home  # work\n---\n"),
        Form(name: "nested in front matter", before: "---\ntags: [work/q1, workshop]\n---\n", after: "---\ntags: [job/q1, workshop]\n---\n"),
        Form(name: "quoted hash item", before: "---\ntags: [\"#work\"]\n---\n", after: "---\ntags: [\"#job\"]\n---\n"),
        Form(
            name: "other keys untouched", before: "---\ntitle: work\nwork: work\ntags: [work]\n---\n",
            after: "---\ntitle: work\nwork: work\ntags: [job]\n---\n"),
        Form(name: "body tag", before: "Done #work today.\n", after: "Done #job today.\n"),
        Form(name: "body tag, any case", before: "#WORK and #Work\n", after: "#job and #job\n"),
        Form(name: "nested body tag", before: "#work/q1/jan #work/\n", after: "#job/q1/jan #job/\n"),
        Form(name: "prefix of another tag", before: "#workshop #works #work-life\n", after: "#workshop #works #work-life\n"),
        Form(name: "code span and block", before: "`#work` #work\n\n```\n#work\n```\n\n    #work\n", after: "`#work` #job\n\n```\n#work\n```\n\n    #work\n"),
        Form(name: "heading", before: "# work\n\n## work #work\n", after: "# work\n\n## work #job\n"),
        Form(name: "not after a letter, not a number", before: "a#work #123 x\n", after: "a#work #123 x\n"),
        Form(name: "link destination and URL", before: "[a](x.md#work) https://e.org/#work #work\n", after: "[a](x.md#work) https://e.org/#work #job\n"),
        Form(name: "CRLF and BOM", before: "\u{FEFF}---\r\ntags: [work]\r\n---\r\n#work\r\n", after: "\u{FEFF}---\r\ntags: [job]\r\n---\r\n#job\r\n"),
    ]

    @Test(arguments: forms)
    func renamesEveryForm(_ form: Form) throws {
        try sandbox.write("note.md", form.before)
        try sandbox.write("other.md", "#work\n")
        let vault = try sandbox.vault()
        _ = try vault.renameTag("work", to: "job")
        #expect(sandbox.text("note.md") == form.after)
        #expect(!sandbox.exists(".enote/rename.journal"))
    }

    @Test func unicodeTagsCompareNormalisedAndKeepTheirBytes() throws {
        let nfd = "Cafe\u{301}"
        try sandbox.write("a.md", "---\ntags: [\(nfd)]\n---\n#CAFÉ/paris #café\n")
        let vault = try sandbox.vault()
        _ = try vault.renameTag("café", to: "кафе")
        #expect(sandbox.text("a.md") == "---\ntags: [кафе]\n---\n#кафе/paris #кафе\n")
    }

    @Test(arguments: ["two words", "123", "a,b", "#x", "", "a]"])
    func anInvalidNewTagChangesNothing(_ new: String) throws {
        try sandbox.write("a.md", "---\ntags: [work]\n---\n#work\n")
        let vault = try sandbox.vault()
        #expect(Self.renameError { _ = try vault.renameTag("work", to: new) } == .invalidTag(new))
        #expect(sandbox.text("a.md") == "---\ntags: [work]\n---\n#work\n")
    }

    @Test func anUnusedTagIsAnError() throws {
        try sandbox.write("a.md", "#home\n")
        let vault = try sandbox.vault()
        #expect(Self.renameError { _ = try vault.renameTag("work", to: "job") } == .unusedTag("work"))
    }

    @Test func aFormThatCannotBeRewrittenStopsEverything() throws {
        try sandbox.write("a.md", "#work\n")
        try sandbox.write("b.md", "---\ntags: \"wo\\x72k\"\n---\n")
        let vault = try sandbox.vault()
        #expect(Self.renameError { _ = try vault.renameTag("work", to: "job") } == .tagNotRewritable(NotePath(trusted: "b.md"), tag: "work"))
        #expect(sandbox.text("a.md") == "#work\n")
    }

    @Test func mergingIntoAnExistingTagSaysSo() throws {
        try sandbox.write("a.md", "#work\n")
        try sandbox.write("b.md", "#job/x\n")
        let vault = try sandbox.vault()
        let plan = try vault.planTagRename("#work", to: "job")
        #expect(plan.merges && plan.notesWithNewTag == [NotePath(trusted: "b.md")])
        #expect(plan.unifiedDiff() == "diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -1,1 +1,1 @@\n-#work\n+#job\n")
    }

    @Test func aRenameStoppedAfterTheJournalIsCompletedByTheNextCommand() throws {
        try sandbox.write("a.md", "#work\n")
        try sandbox.write("b.md", "---\ntags: work\n---\n")
        let vault = try sandbox.vault()
        let plan = try vault.planTagRename("work", to: "job")
        try RenameJournal(plan: plan).write(in: vault)
        #expect(sandbox.text("a.md") == "#work\n")
        let completed = try #require(try vault.completeInterruptedRename())
        #expect(completed.oldTag == "work" && completed.newTag == "job")
        #expect(sandbox.text("a.md") == "#job\n" && sandbox.text("b.md") == "---\ntags: job\n---\n")
        #expect(!sandbox.exists(".enote/rename.journal"))
    }
}
