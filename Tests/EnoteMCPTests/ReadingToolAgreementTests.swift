import Foundation
import Testing

/// One JSON form per fact for every front end: each reading tool of `enote mcp` answers with the
/// library's items exactly as its twin on the command line prints them with `--json` (the same
/// members, in the same order, with the same values), over SampleVault and a few notes that
/// link, tag and move (a search asked for its full detail); and each answer is given once, as
/// its text, with nothing that varies between equal questions.
@Suite struct ReadingToolAgreementTests {
    static let files: [String: String] = [
        "links/hub.md": """
            ---
            title: Hub
            tags: [Plans, area/Work]
            ---
            # Hub

            To [[welcome]], [[nowhere]], [[twin]], [ideas](../ideas.md), <https://example.com> and #Plans.

            ## Next steps

            Back to [[#Next steps]] and [[spoke|the spoke]].

            """,
        "links/spoke.md": "# Spoke\n\nSee [[hub]] and [[hub#Next steps]]; #plans again.\n",
        "a/twin.md": "# Twin A\n",
        "b/twin.md": "# Twin B\n",
    ]

    /// One pair of twins: the command line's arguments, the tool and its arguments, and the
    /// member of the tool's answer that holds the items.
    struct Twin: CustomTestStringConvertible, Sendable {
        var command: [String]
        var tool: String
        var arguments: String
        var member: String
        var testDescription: String { "\(command.joined(separator: " ")) ↔ \(tool)" }
    }

    static let twins: [Twin] = [
        Twin(command: ["tags", "--json"], tool: "tags", arguments: "{}", member: "tags"),
        Twin(command: ["list", "--json"], tool: "list", arguments: #"{"limit":200}"#, member: "notes"),
        Twin(command: ["list", "--json", "--sort", "updated", "--tag", "plans"], tool: "list", arguments: #"{"limit":200,"sort":"updated","tags":["plans"]}"#, member: "notes"),
        Twin(command: ["search", "kyoto", "--json", "--limit", "50"], tool: "search", arguments: #"{"query":"kyoto","limit":50,"detail":"full"}"#, member: "notes"),
        Twin(command: ["search", "hub", "--json", "--limit", "50"], tool: "search", arguments: #"{"query":"hub","limit":50,"detail":"full"}"#, member: "notes"),
        Twin(command: ["links", "links/hub.md", "--json"], tool: "links", arguments: #"{"note":"links/hub.md"}"#, member: "links"),
        Twin(command: ["backlinks", "links/hub.md", "--json"], tool: "backlinks", arguments: #"{"note":"links/hub.md"}"#, member: "links"),
        Twin(command: ["backlinks", "welcome.md", "--json"], tool: "backlinks", arguments: #"{"note":"welcome.md"}"#, member: "links"),
        Twin(command: ["related", "links/hub.md", "--json", "--limit", "20"], tool: "related", arguments: #"{"note":"links/hub.md"}"#, member: "notes"),
        Twin(command: ["log", "links/spoke.md", "--json"], tool: "history", arguments: #"{"note":"links/spoke.md"}"#, member: "commits"),
        Twin(command: ["log", "welcome.md", "--json"], tool: "history", arguments: #"{"note":"welcome.md"}"#, member: "commits"),
    ]

    @Test(arguments: twins)
    func toolAnswersAsTheCommandLinePrints(_ twin: Twin) throws {
        // Given a vault in git whose spoke was renamed once (its history has a previous path)
        let vault = try AgreementVault(files: Self.files)
        try vault.git("init", "-q")
        try vault.git("add", "-A")
        try vault.git("commit", "-q", "-m", "first")
        try vault.git("mv", "links/spoke.md", "links/spoke-old.md")
        try vault.git("commit", "-q", "-m", "rename")
        try vault.git("mv", "links/spoke-old.md", "links/spoke.md")
        try vault.write("links/spoke.md", "# Spoke\n\nSee [[hub]] and [[hub#Next steps]]; #plans again, and more.\n")
        try vault.git("commit", "-q", "-am", "back and changed")

        // When the command line and the server answer
        let printed = try vault.json(twin.command)
        let server = try vault.server()
        let answer = try server.callTool(twin.tool, twin.arguments)

        // Then the items agree, member for member and in order
        let expected = try #require(printed.items, "\(printed)")
        #expect(!expected.isEmpty, "the twin \(twin.testDescription) compares nothing")
        let items = try #require(answer.value[twin.member]?.items, "\(answer.value)")
        #expect(items.count == expected.count, "\(twin.testDescription)")
        for (item, twinItem) in zip(items, expected) {
            #expect(item.keys == twinItem.keys, "\(twin.testDescription): members differ")
            #expect(item == twinItem, "\(twin.testDescription)")
        }
        // And the answer is given once, and again the same
        #expect(answer.result["structuredContent"] == nil, "\(twin.tool) repeats its answer as structured content")
        #expect(answer.value["server_ms"] == nil)
        let again = try server.callTool(twin.tool, twin.arguments)
        #expect(again.result["content"] == answer.result["content"], "\(twin.tool): equal questions, other bytes")
    }
}
