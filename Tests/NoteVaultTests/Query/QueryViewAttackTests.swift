import Foundation
import Testing

@testable import NoteVault

/// Query results drawn from a hostile vault: titles and names that would break the Markdown
/// a result is written as.
@Suite("Query views under attack")
struct QueryViewAttackTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("p/pipe.md", VaultSandbox.noteText(title: "A | B", body: "x\n", extra: ["status: active"]))
        try sandbox.write("p/x|y.md", VaultSandbox.noteText(title: "C | D", body: "x\n", extra: ["status: done"]))
    }

    func run(_ text: String) throws -> QueryResult {
        let query = try QueryParser.parse(text, language: .enote)
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        options.timeLimit = 30
        return try sandbox.openIndex().run(query, options: options)
    }

    /// The cells of a pipe table row, split at unescaped `|`.
    static func cells(_ line: String) -> Int {
        var count = 0
        var previous: Character = " "
        for character in line {
            if character == "|", previous != "\\" { count += 1 }
            previous = character
        }
        return count - 1
    }

    @Test("a note whose title (or file name) holds | stays in its cell of a table, in both link styles")
    func pipeInTitle() throws {
        let result = try run("table status from folder p sort file.name")
        for options in [
            QueryResult.MarkdownOptions(linkStyle: .markdown, from: NotePath(trusted: "dash.md")),
            QueryResult.MarkdownOptions(linkStyle: .wikilink),
        ] {
            let markdown = result.markdown(options)
            let lines = markdown.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(markdown)")
            for line in lines { #expect(Self.cells(line) == 2, "\(line)") }
        }
    }
}
