import EnoteRPC
import Foundation
import NoteVault

extension ReadingTools {
    static let context = Tool(
        name: "context", title: "Context for a question",
        description: """
            The passages of the vault that best answer a question, within a budget: one call instead of search then read. \
            The same search as `search` (words and meaning) finds the notes; of each, the section that holds most of the \
            question's rarer words is given, not the whole note, with its path, heading and line to cite (read from that line \
            for more); a passage repeating another is left out; then the paths of the other notes found. The whole answer \
            is at most max_tokens (bytes ÷ 4; default 1000) or max_bytes.
            """,
        inputSchema: Schema.arguments(
            [
                ("question", Schema.string("The question, in plain words (or the words to find).", maxLength: 1000)),
                (
                    "max_tokens",
                    Schema.integer(
                        "The most tokens of the answer, counted as bytes ÷ 4 (default 1000).", minimum: ContextBudget.minimumTokens,
                        maximum: ToolResult.maximumBytes / ContextBudget.bytesPerToken)
                ),
                ("max_bytes", Schema.integer("The most bytes of the answer, instead of max_tokens.", minimum: ContextBudget.minimumBytes, maximum: ToolResult.maximumBytes)),
            ] + filterProperties, required: ["question"]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(filterNames.union(["question", "max_tokens", "max_bytes"]))
        let text = try arguments.string("question", text: true)
        let tokens = try arguments.optionalInt("max_tokens", in: Int.min...Int.max)
        let bytes = try arguments.optionalInt("max_bytes", in: Int.min...Int.max)
        let budget: ContextBudget
        do throws(ContextBudget.Problem) {
            budget = try ContextBudget(tokens: tokens, bytes: bytes, maximumBytes: ToolResult.maximumBytes)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the arguments max_tokens and max_bytes: \(error.message.text)"))
        }
        let query: SearchQuery
        do throws(SearchQuery.QueryError) {
            query = try SearchQuery(question: text)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the argument question: \(error.message.text)"))
        }
        let started = DispatchTime.now().uptimeNanoseconds
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        let filter: NoteFilter
        switch try call.vault.withIndex({ index throws(ResponseError) in try Self.filter(call, index: index) }) {
        case .success(let made): filter = made
        case .failure(let error): return .failure(error)
        }
        do throws(VaultError) {
            let pack = try call.vault.withIndex { index throws(VaultError) in try index.context(for: query, budget: budget.bytes, filter: filter) }
            var answer = ToolResult(pack)
            answer.serverMilliseconds = Double((DispatchTime.now().uptimeNanoseconds - started) / 1000) / 1000
            return answer
        } catch {
            return .failure(error)
        }
    }
}
