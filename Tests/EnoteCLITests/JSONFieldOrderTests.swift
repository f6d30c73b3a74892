import Foundation
import Testing

/// Every `--json` prints its library result's documented fields in a fixed order, so scripts
/// that read them keep working: one case per command, on a vault in git with links, tags,
/// pictures, a note in the trash and one moved outside enote.
@Suite struct JSONFieldOrderTests {
    static let link = [
        "source", "line", "column", "offset", "kind", "destination", "path", "heading", "block", "state", "target",
    ]

    /// The command, where its first object starts (`"    "` in an array, `"  "` alone), and
    /// its fields in order.
    static let cases: [(arguments: [String], indent: String, fields: [String])] = [
        (["show", "grocery", "--json"], "  ", SampleNotes.jsonFields + ["fields", "body", "warnings"]),
        (["trash", "list", "--json"], "    ", ["path", "original", "removed", "reason"]),
        (["tags", "--json"], "    ", ["tag", "normalized", "count"]),
        (["links", "links", "--json"], "    ", link),
        (["backlinks", "grocery", "--json"], "    ", link + ["text"]),
        (["related", "links", "--json"], "    ", SampleNotes.jsonFields + ["reasons", "reason"]),
        (["gallery", "--json"], "    ", ["path", "title", "images"]),
        (["doctor", "--json"], "    ", ["kind", "location", "message"]),
        (["log", "grocery", "--json"], "    ", [
            "commit", "date", "author", "subject", "path", "previous_path", "change", "fields", "lines_added", "lines_removed",
        ]),
        (["mv", "grocery", "shopping", "--dry-run", "--json"], "  ", ["from", "to", "rewritten_notes", "rewritten_links", "diff"]),
        (["tag", "rename", "home", "house", "--dry-run", "--json"], "  ", ["from", "to", "merged", "rewritten_notes", "rewritten_tags", "diff"]),
        (["doctor", "--fix-links", "--dry-run", "--json"], "    ", ["from", "to", "ambiguous", "links", "message", "diff"]),
    ]

    /// SampleVault in git, with a note of links, one note in the trash, and a note moved
    /// outside enote that a link named.
    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("links.md", "---\ntitle: Links\n---\nSee [[grocery-list]], [plan](missing.md) and [[welcome]].\n")
        try RenameVault.git(vault, "init", "-q")
        try RenameVault.git(vault, "add", "-A")
        try RenameVault.git(vault, "commit", "-q", "-m", "start")
        try #require(try vault.run("list").status == 0)
        try #require(try vault.run("rm", "ideas").status == 0)
        try FileManager.default.moveItem(at: vault.url("welcome.md"), to: vault.url("hello.md"))
        return vault
    }

    @Test func everyCommandPrintsItsFieldsInOrder() throws {
        let vault = try Self.vault()
        for (arguments, indent, fields) in Self.cases {
            let result = try vault.run(arguments)
            #expect(JSONOutput.keyOrder(result.stdout, indent: indent) == fields, "enote \(arguments.joined(separator: " ")): \(result)")
        }
        let renamed = try vault.run("mv", "grocery", "shopping", "--json")
        #expect(JSONOutput.keyOrder(renamed.stdout, indent: "  ") == ["from", "to", "rewritten_notes", "rewritten_links", "left_alone", "commit"])
        let retagged = try vault.run("tag", "rename", "home", "house", "--json")
        #expect(JSONOutput.keyOrder(retagged.stdout, indent: "  ") == ["from", "to", "merged", "rewritten_notes", "rewritten_tags", "left_alone"])
        let repaired = try vault.run("doctor", "--fix-links", "--json")
        #expect(JSONOutput.keyOrder(repaired.stdout, indent: "    ") == ["from", "to", "rewritten_notes", "rewritten_links", "left_alone"])
    }
}
