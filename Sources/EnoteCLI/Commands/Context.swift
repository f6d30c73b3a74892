import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote context QUESTION`: the passages of the vault that best answer a question, within a
    /// budget: what an agent's `context` tool answers, for a prompt written by hand or a script.
    struct Context: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "context",
            abstract: "Show the passages that best answer a question, within a budget.",
            discussion: """
                The same search as `enote search` finds the notes (by words and, once the vault \
                is embedded, by meaning); of each, the section that holds most of the question's \
                rarer words is shown, with its path, line and heading, none repeating another, \
                until the budget is spent; then the other notes found. The budget counts the \
                JSON text that `--json` prints on one line (and the MCP `context` tool answers): \
                --tokens N is 4 times N bytes.

                Examples:
                  enote context "How do I set up sync on a new laptop?"
                  enote context what did we decide about the roof --tokens 500 --json
                """)

        @Argument(parsing: .remaining, help: "The question, in plain words.")
        var question: [String] = []

        @Option(help: "The most tokens of the answer, counted as bytes / 4 (default 1000).")
        var tokens: Int?

        @Option(help: "The most bytes of the answer, instead of --tokens.")
        var bytes: Int?

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            do throws(ContextBudget.Problem) {
                _ = try ContextBudget(tokens: tokens, bytes: bytes)
            } catch {
                throw ValidationError(error.message.text)
            }
        }

        func run() throws {
            let context = CommandContext(globals)
            let query: SearchQuery
            do throws(SearchQuery.QueryError) {
                query = try SearchQuery(question: question.joined(separator: " "))
            } catch {
                throw UsageError(error.message)
            }
            let budget = try ContextBudget(tokens: tokens, bytes: bytes)
            let vault = try context.openVault()
            let early = MeaningLookup.started(for: query, limit: NoteIndex.contextCandidates, in: vault)
            let index = try context.openIndex(vault)
            let pack = try index.context(for: query, budget: budget.bytes, filter: NoteFilter(now: context.clock.now()), early: early)
            if json {
                // On one line: the text the budget counts.
                Console.out(JSONPrinter.lineText(pack, clock: context.clock))
                return
            }
            if pack.passages.isEmpty {
                context.note("No notes match")
                return
            }
            var output = ""
            for passage in pack.passages {
                let place = "\(passage.path.description):\(passage.line)" + (passage.heading.isEmpty ? "" : "  (\(passage.heading))")
                output += SafeText.escaped(place) + "\n"
                for line in passage.text.split(separator: "\n", omittingEmptySubsequences: false) {
                    output += "    " + SafeText.escaped(String(line)) + "\n"
                }
                output += "\n"
            }
            if !pack.more.isEmpty {
                let others = pack.more.map { SafeText.escaped($0.description) }.joined(separator: ", ")
                output += Localization.text("Also found: \(others)") + "\n"
            }
            context.page(output)
        }
    }
}
