import EnoteTestSupport
import Foundation
import Testing

/// `enote context QUESTION` through the real binary: the passages that answer, cited by path,
/// line and heading, within the budget `--json`'s one-line text counts; what it refuses.
@Suite struct ContextCommandTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault(sample: false)
        try vault.write(
            "house/roof.md",
            "---\ntitle: Roof\n---\n# Roof\n\nThe house is old.\n\n## Decision\n\nWe decided on slate tiles from the quarry in Wales, fitted in April by\nthe roofer who did the church.\n")
        for number in 0..<8 {
            try vault.write("diary/\(number).md", "---\ntitle: Day \(number)\n---\nThe house was quiet and we decided nothing.\n")
        }
    }

    @Test func thePassagesAreCitedAndTheJSONIsWithinItsBudget() throws {
        let json = try vault.run(["context", "--json", "--bytes", "700", "what", "tiles", "did", "we", "decide", "on", "for", "the", "roof?"])
        #expect(json.status == 0, "\(json)")
        let pack = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let first = try #require((pack["passages"] as? [[String: Any]])?.first)
        #expect(first["path"] as? String == "house/roof.md")
        #expect(first["heading"] as? String == "Decision")
        #expect(first["line"] as? Int == 10)
        #expect(first["text"] as? String == "We decided on slate tiles from the quarry in Wales, fitted in April by the roofer who did the church.")
        // The budget counts the one-line text `--json` prints, as the agent's tool answers it.
        #expect(json.stdoutBytes.count <= 700 + 1, "\(json.stdoutBytes.count)")
        #expect(json.stdout.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        let text = try vault.run(["context", "tiles", "for", "the", "roof"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.hasPrefix("house/roof.md:10  (Decision)\n    We decided on slate tiles"), "\(text.stdout)")
    }

    @Test(arguments: [
        (["context", "--tokens", "10", "roof"], "the budget in tokens must be from 64 to"),
        (["context", "--bytes", "100", "roof"], "the budget in bytes must be from 256 to"),
        (["context", "--tokens", "100", "--bytes", "1000", "roof"], "give a budget in tokens or in bytes, not both"),
        (["context", "?!"], "the question has no letters or digits"),
    ])
    func aBadRequestIsRefusedWithWhatToDo(arguments: [String], says: String) throws {
        let result = try vault.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func nothingFoundIsSaid() throws {
        let result = try vault.run(["context", "zeppelin"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No notes match"), "\(result.stderr)")
    }
}
