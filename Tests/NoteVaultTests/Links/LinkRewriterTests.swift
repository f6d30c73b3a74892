import Testing

@testable import NoteVault

/// One rewrite row: a vault as it is after a move, a linking note, the link as written, the
/// moved note's new path, and the new destination text.
struct RewriteCase: Sendable, CustomTestStringConvertible {
    var paths: [String]
    var aliases: [String: [String]] = [:]
    var source = "index.md"
    var text: String
    var newTarget: String
    var expected: String?
    var testDescription: String { "\(text) → \(newTarget)" }
}

@Suite("LinkRewriter")
struct LinkRewriterTests {
    static let cases: [RewriteCase] = [
        RewriteCase(paths: ["index.md", "Archive/Plan.md"], text: "[p](Plan.md)", newTarget: "Archive/Plan.md", expected: "Archive/Plan.md"),
        RewriteCase(paths: ["index.md", "Archive/Plan.md"], text: "[p](Plan)", newTarget: "Archive/Plan.md", expected: "Archive/Plan"),
        RewriteCase(
            paths: ["notes/a.md", "Archive/Plan.md"], source: "notes/a.md", text: "[p](../Plan.md#Goals)", newTarget: "Archive/Plan.md",
            expected: "../Archive/Plan.md#Goals"),
        RewriteCase(paths: ["index.md", "Trip notes.md"], text: "[p](Plan.md)", newTarget: "Trip notes.md", expected: "<Trip notes.md>"),
        RewriteCase(paths: ["index.md", "Trip notes.md"], text: "[p](<Plan.md>)", newTarget: "Trip notes.md", expected: "<Trip notes.md>"),
        RewriteCase(paths: ["index.md", "Plan B.md"], text: "[p](Plan%20A.md)", newTarget: "Plan B.md", expected: "Plan%20B.md"),
        RewriteCase(paths: ["index.md", "Thé.md"], text: "[p](Caf%C3%A9.md)", newTarget: "Thé.md", expected: "Th%C3%A9.md"),
        RewriteCase(paths: ["index.md", "Thé.md"], text: "[p](Café.md)", newTarget: "Thé.md", expected: "Thé.md"),
        RewriteCase(paths: ["index.md", "Archive/Plan.md"], text: "[p](./Plan.md)", newTarget: "Archive/Plan.md", expected: "./Archive/Plan.md"),
        RewriteCase(
            paths: ["notes/a.md", "Archive/Plan.md"], source: "notes/a.md", text: "[p](/Plan.md)", newTarget: "Archive/Plan.md",
            expected: "/Archive/Plan.md"),
        RewriteCase(paths: ["deep/index.md", "Plan.md"], source: "deep/index.md", text: "[p](Plan.md)", newTarget: "Plan.md", expected: "../Plan.md"),
        RewriteCase(paths: ["index.md", "Archive/Plan.md"], text: "[[Plan]]", newTarget: "Archive/Plan.md", expected: "Plan"),
        RewriteCase(paths: ["index.md", "Project.md"], text: "[[Plan|the plan]]", newTarget: "Project.md", expected: "Project|the plan"),
        RewriteCase(paths: ["index.md", "Project.md"], text: "[[Plan#Goals]]", newTarget: "Project.md", expected: "Project#Goals"),
        RewriteCase(paths: ["index.md", "Project.md"], text: "[[Plan#^b1|x]]", newTarget: "Project.md", expected: "Project#^b1|x"),
        RewriteCase(paths: ["index.md", "Project.md"], text: "[[Plan.md]]", newTarget: "Project.md", expected: "Project.md"),
        RewriteCase(paths: ["index.md", "Project.md"], text: "| [[Plan\\|x]] |", newTarget: "Project.md", expected: "Project\\|x"),
        RewriteCase(paths: ["index.md", "Project.md"], text: "![[Plan]]", newTarget: "Project.md", expected: "Project"),
        RewriteCase(paths: ["index.md", "a/Plan.md", "b/Plan.md"], text: "[[Plan]]", newTarget: "b/Plan.md", expected: "b/Plan"),
        RewriteCase(paths: ["index.md", "new/Plan.md", "x/Plan.md"], text: "[[old/Plan]]", newTarget: "new/Plan.md", expected: "new/Plan"),
        RewriteCase(paths: ["index.md", "Later/Alpha.md"], aliases: ["Later/Alpha.md": ["A1"]], text: "[[A1]]", newTarget: "Later/Alpha.md", expected: "A1"),
        RewriteCase(paths: ["index.md", "Archive/Plan.md"], text: "[p][x]\n\n[x]: Plan.md \"t\"", newTarget: "Archive/Plan.md", expected: "Archive/Plan.md"),
        RewriteCase(paths: ["index.md", "Über/Straße.md"], text: "[[Plan]]", newTarget: "Über/Straße.md", expected: "Straße"),
        RewriteCase(paths: ["index.md", "a/Plan.md", "b/Plan.md"], text: "[[plan#h]]", newTarget: "a/Plan.md", expected: "a/Plan#h"),
        RewriteCase(paths: ["index.md"], text: "<https://example.com>", newTarget: "x.md", expected: nil),
    ]

    @Test(arguments: cases)
    func rewritesInTheFormWritten(_ row: RewriteCase) throws {
        let bytes = Array(row.text.utf8)
        let link = try #require(NoteLinkExtractor.extract(bytes: bytes, bodyStart: 0).links.first)
        let resolver = LinkResolver(paths: row.paths, aliases: row.aliases)
        let replacement = LinkRewriter.replacement(for: link, in: row.source, to: row.newTarget, resolver: resolver)
        #expect(replacement == row.expected)
        guard let replacement, let range = link.destinationRange else { return }
        // Spliced into the note, the link leads to the moved note, and nothing else changed.
        let rewritten = Array(bytes[..<range.lowerBound]) + Array(replacement.utf8) + Array(bytes[range.upperBound...])
        let again = NoteLinkExtractor.extract(bytes: rewritten, bodyStart: 0).links
        #expect(again.count == NoteLinkExtractor.extract(bytes: bytes, bodyStart: 0).links.count)
        for link in again {
            #expect(resolver.resolve(link, from: row.source) == .resolved(row.newTarget))
        }
    }

    @Test(arguments: [("", "a.md", "a.md"), ("x/", "a.md", "../a.md"), ("x/y/", "x/z/a.md", "../z/a.md"), ("x/", "x/a.md", "a.md")])
    func relativePaths(_ folder: String, _ target: String, _ expected: String) {
        #expect(RelativePath.of(target, from: folder) == expected)
    }
}
