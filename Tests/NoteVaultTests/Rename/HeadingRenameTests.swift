import Foundation
import Testing

@testable import NoteVault

/// `Vault.planHeadingRename`: the heading's text and every link that names it change, in the
/// form each link was written; nothing else does, and a rename links could not follow is refused.
@Suite("Vault.planHeadingRename")
struct HeadingRenameTests {
    let sandbox: VaultSandbox
    init() throws { sandbox = try VaultSandbox() }

    /// Each file's text after the plan's edits are applied (the plan's `after`), by path.
    func applied(_ plan: HeadingRenamePlan) -> [String: String] {
        var texts: [String: String] = [:]
        for edit in plan.edits {
            var bytes = edit.before
            for replacement in edit.replacements.reversed() { bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8)) }
            #expect(bytes == edit.after, "the replacements of \(edit.path) give its new text")
            texts[edit.path.description] = String(decoding: edit.after, as: UTF8.self)
        }
        return texts
    }

    @Test func everyFormOfLinkFollowsTheHeading() throws {
        try sandbox.write("kyoto.md", "# Киото\n\n## Старый город 😀\n\nСм. [[#Старый город 😀]] и [здесь](#старый-город-😀).\n")
        try sandbox.write(
            "plans.md",
            "[[kyoto#Старый город 😀]] [[Kyoto#старый-город-😀|там]] [a](kyoto.md#%D0%A1%D1%82%D0%B0%D1%80%D1%8B%D0%B9%20%D0%B3%D0%BE%D1%80%D0%BE%D0%B4%20%F0%9F%98%80)\n"
                + "[b](<kyoto.md#Старый город 😀>) [c](kyoto.md#старый-город-😀) [[kyoto#Другое]] [[kyoto]]\n")
        try sandbox.write("trips/osaka.md", "日本 [d](../kyoto.md#Старый%20город%20😀)\n")
        try sandbox.write("other.md", "[[other#Старый город 😀]]\n\n## Старый город 😀\n")
        let vault = try sandbox.vault()
        let plan = try vault.planHeadingRename(in: NotePath(trusted: "kyoto.md"), line: 3, to: "Новый (город) 京都")
        #expect(plan.old == "Старый город 😀")
        #expect(plan.edits.map(\.path.description) == ["kyoto.md", "plans.md", "trips/osaka.md"])
        let texts = applied(plan)
        #expect(texts["kyoto.md"] == "# Киото\n\n## Новый (город) 京都\n\nСм. [[#Новый (город) 京都]] и [здесь](#новый-%28город%29-京都).\n")
        #expect(
            texts["plans.md"]
                == "[[kyoto#Новый (город) 京都]] [[Kyoto#Новый (город) 京都|там]] [a](kyoto.md#%D0%9D%D0%BE%D0%B2%D1%8B%D0%B9%20%28%D0%B3%D0%BE%D1%80%D0%BE%D0%B4%29%20%E4%BA%AC%E9%83%BD)\n"
                + "[b](<kyoto.md#Новый (город) 京都>) [c](kyoto.md#новый-%28город%29-京都) [[kyoto#Другое]] [[kyoto]]\n")
        #expect(texts["trips/osaka.md"] == "日本 [d](../kyoto.md#Новый%20%28город%29%20京都)\n")
    }

    @Test func rewrittenLinksStillLeadToTheRenamedHeading() throws {
        try sandbox.write("a.md", "# A\n\n### Next steps ###\n")
        try sandbox.write("b.md", "[x](a.md#next-steps) [[a#Next steps]] [y](<a.md#Next steps>)\n")
        let vault = try sandbox.vault()
        let plan = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 3, to: "Последние шаги")
        let texts = applied(plan)
        #expect(texts["a.md"] == "# A\n\n### Последние шаги ###\n")
        let after = NoteContent(bytes: Array(try #require(texts["b.md"]).utf8), path: "b.md")
        let headings = NoteLinkExtractor.extract(after).links.map { $0.target.heading.map(NoteHeading.anchor) }
        #expect(headings == Array(repeating: NoteHeading.anchor("Последние шаги"), count: 3))
    }

    /// A link names a heading as the note's page gives it an id (``NoteHeading/target(of:in:)``):
    /// one written as that slug (`#whats-new` for `What's new?`) follows the rename, and one
    /// whose slug is another heading's stays.
    @Test func aLinkWrittenAsThePagesSlugFollowsTheHeading() throws {
        try sandbox.write("a.md", "# A\n\n## What's new? 😀\n\n## Next steps!\n")
        try sandbox.write("b.md", "[x](a.md#whats-new) [[a#whats new]] [[a#Next steps]]\n")
        let vault = try sandbox.vault()
        let plan = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 3, to: "Новое")
        #expect(applied(plan)["b.md"] == "[x](a.md#новое) [[a#Новое]] [[a#Next steps]]\n")
        let refused = TagRenameTests.renameError { _ = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 3, to: "Next steps") }
        #expect(refused == .headingExists(NotePath(trusted: "a.md"), heading: "Next steps"))
    }

    @Test func theSecondOfTwoSameNamedHeadingsTakesNoLinkAlong() throws {
        try sandbox.write("a.md", "# A\n\n## Notes\n\nfirst [[#notes]]\n\n## Notes\n\nsecond\n")
        try sandbox.write("b.md", "[[a#Notes]] [x](a.md#notes)\n")
        let vault = try sandbox.vault()
        let second = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 7, to: "Later notes")
        #expect(second.edits.map(\.path.description) == ["a.md"])
        #expect(applied(second)["a.md"] == "# A\n\n## Notes\n\nfirst [[#notes]]\n\n## Later notes\n\nsecond\n")
        let first = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 3, to: "Early notes")
        #expect(applied(first)["a.md"] == "# A\n\n## Early notes\n\nfirst [[#Early notes]]\n\n## Notes\n\nsecond\n")
        #expect(applied(first)["b.md"] == "[[a#Early notes]] [x](a.md#early-notes)\n")
    }

    @Test(arguments: ["", "a | b", "x]]", "#tag", "two\nlines", "^block"])
    func aTextLinksCannotNameIsRefused(_ new: String) throws {
        try sandbox.write("a.md", "# A\n\n## B\n")
        let vault = try sandbox.vault()
        #expect(TagRenameTests.renameError { _ = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 3, to: new) } == .invalidHeading(new))
    }

    @Test func aTextAnotherHeadingHasIsRefused() throws {
        try sandbox.write("a.md", "# A\n\n## B\n\n## Next steps\n")
        let vault = try sandbox.vault()
        let error = TagRenameTests.renameError { _ = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: 3, to: "next-steps") }
        #expect(error == .headingExists(NotePath(trusted: "a.md"), heading: "next-steps"))
    }

    @Test func aLineWithoutAHeadingIsRefused() throws {
        try sandbox.write("a.md", "# A\n\ntext\n\n```\n## not a heading\n```\n")
        let vault = try sandbox.vault()
        for line in [3, 6, 40] {
            let error = TagRenameTests.renameError { _ = try vault.planHeadingRename(in: NotePath(trusted: "a.md"), line: line, to: "X") }
            #expect(error == .noHeading(NotePath(trusted: "a.md"), line: line))
        }
    }
}
