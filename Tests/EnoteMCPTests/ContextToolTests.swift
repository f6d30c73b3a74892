import Foundation
import Testing

/// The `context` tool: the library's context pack for a question, its whole answer within the
/// budget the agent gives (in tokens, counted as bytes ÷ 4, or in bytes), each passage cited by
/// a path and a line that `read` starts from; bad budgets and questions are refused with what to
/// do.
@Suite struct ContextToolTests {
    static let guide = """
        # Kiln guide

        The kiln is in the shed and this guide is about firing it.

        ## Loading

        Shelves go in first, then the pots, a finger's width apart.

        ## Firing schedule

        Bisque firing climbs at 100 degrees an hour to 600, then at 150 degrees an hour to
        cone 04, and the kiln is left shut to cool for a whole day before it is opened.

        """

    static var files: [String: String] {
        var files = ["kiln/guide.md": guide]
        for number in 0..<12 {
            files["journal/day \(number).md"] = "# Day \(number)\n\n" + String(repeating: "Threw pots at the wheel; the kiln was cold. ", count: 30) + "\n"
        }
        return files
    }

    @Test(arguments: [("max_tokens", 64), ("max_tokens", 300), ("max_bytes", 256), ("max_bytes", 1500), ("max_bytes", 60_000)])
    func theWholeAnswerIsWithinItsBudget(unit: String, amount: Int) throws {
        let vault = try AgreementVault(files: Self.files)
        let server = try vault.server()
        let answer = try server.callTool("context", #"{"question":"How fast does the bisque firing climb?","\#(unit)":\#(amount)}"#)
        let text = try #require(answer.result["content"]?.items?.first?["text"]?.string)
        let budget = unit == "max_tokens" ? amount * 4 : amount
        #expect(text.utf8.count <= budget, "\(text.utf8.count) > \(budget)")
        #expect(answer.value.keys == ["passages", "more", "total"])
        if budget >= 1000 {
            let first = try #require(answer.value["passages"]?.items?.first)
            #expect(first["path"]?.string == "kiln/guide.md")
            #expect(first["heading"]?.string == "Firing schedule")
            #expect(first["text"]?.string?.hasPrefix("Bisque firing climbs at 100 degrees an hour") == true, "\(first)")
            // The line it cites is where `read` finds its first words.
            let line = try #require(first["line"])
            guard case .number(let number) = line else { Issue.record("line: \(line)"); return }
            let read = try server.callTool("read", #"{"note":"kiln/guide.md","from_line":\#(Int(number)),"to_line":\#(Int(number))}"#)
            #expect(read.value["text"]?.string?.hasPrefix("Bisque firing climbs") == true, "\(read.value)")
        }
    }

    @Test func equalQuestionsGetEqualBytes() throws {
        let vault = try AgreementVault(files: Self.files)
        let server = try vault.server()
        let first = try server.callTool("context", #"{"question":"kiln shelves"}"#)
        let second = try server.callTool("context", #"{"question":"kiln shelves"}"#)
        #expect(first.result["content"] == second.result["content"])
        #expect(first.result["_meta"]?["enote/server_ms"] != nil)
    }

    @Test(arguments: [
        (#"{"question":"kiln","max_tokens":100,"max_bytes":1000}"#, "max_tokens and max_bytes: give a budget in tokens or in bytes, not both"),
        (#"{"question":"kiln","max_bytes":100}"#, "the budget in bytes must be from 256 to 60000"),
        (#"{"question":"kiln","max_tokens":1000000}"#, "the budget in tokens must be from 64 to 15000"),
        (#"{"question":"?! --"}"#, "the question has no letters or digits"),
        (#"{"question":"kiln","budget":3}"#, "budget"),
        (#"{"max_tokens":100}"#, "question"),
    ])
    func aBadArgumentIsRefusedWithWhatToDo(arguments: String, says: String) throws {
        let vault = try AgreementVault(files: Self.files)
        let line = try vault.server().request("tools/call", #"{"name":"context","arguments":\#(arguments)}"#)
        #expect(line.contains(says), "\(line.prefix(400))")
        #expect(line.contains(#""error""#) || line.contains(#""isError":true"#), "\(line.prefix(400))")
    }
}
