import ArgumentParser
import EnoteMCP
import Foundation
import NoteVault

extension Enote {
    /// `enote mcp [serve | log | undo N]`: the agent server, and the person's record of what
    /// agents wrote.
    struct Mcp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve the vault to AI agents (Model Context Protocol), and list or undo what they wrote.",
            discussion: """
                An agent's client (Claude Desktop, Claude Code, VS Code and others) starts `enote mcp` and talks to it over stdin \
                and stdout. Agents search and read notes, and change them only in ways that cannot hurt them: an exact \
                text replaced against the revision the agent read, a create that never overwrites, front matter keys set \
                one by one, moves that rewrite links, deletes to the trash. A note open in an editor, changed since the \
                agent read it, or outside the folders you allow (mcp_write in ~/.config/enote/config) is refused. Every \
                write is journaled in .enote/ with the text it replaced: `enote mcp log` lists them, `enote mcp undo N` \
                reverts one unless the note changed since.

                Examples:
                  enote mcp
                  enote mcp --read-only
                  enote mcp --commit
                  enote mcp log
                  enote mcp undo 12
                """,
            subcommands: [Serve.self, Log.self, Undo.self],
            defaultSubcommand: Serve.self)
    }
}

extension Enote.Mcp {
    /// `enote mcp serve`: the server itself (what `enote mcp` runs).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the Model Context Protocol on stdin and stdout (what enote mcp runs).",
            discussion: """
                Like enote serve, it keeps the index live as enote watch does while it runs (or uses a running enote \
                watch), so agents see every save at once and notes expire at their destroy date.
                """)

        @Flag(help: "Agents may only read: every tool that changes a note is left out, and refused.")
        var readOnly = false

        @Flag(help: "In a vault kept in git, commit each agent write on its own, with the client's name in the message.")
        var commit = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            // The server's own string tables, after the library's.
            Localization.frontEnd = MCPMessages.frontEnd
            var options = MCPServer.Options(root: vault.root)
            options.readOnly = readOnly
            options.commitEachWrite = commit
            options.environment = context.environment
            let status = MCPServer(input: STDIN_FILENO, output: STDOUT_FILENO, options: options).run()
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// `enote mcp log`: the agents' writes, newest first.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "List the writes agents made, newest first, with their numbers for enote mcp undo.",
            discussion: "Examples:\n  enote mcp log\n  enote mcp log --limit 100 --json")

        @Option(help: ArgumentHelp("How many writes to list (default 20).", valueName: "n"))
        var limit = 20

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let entries = AgentJournal(vault: vault).entries(last: max(1, limit))
            let zone = context.clock.timeZone
            if json {
                Console.out(JSONPrinter.arrayText(entries.map(AgentJournal.ListedWrite.init), clock: context.clock))
                return
            }
            if entries.isEmpty {
                context.note("No agent has written anything in this vault")
                return
            }
            var output = ""
            for entry in entries {
                let place = entry.to.map { "\(entry.path) → \($0)" } ?? entry.path
                let undone = entry.undoes.map { " (#\($0))" } ?? ""
                output += "\(entry.number)  \(NoteDate.stamp(entry.date, in: zone))  \(SafeText.escaped(entry.client))  \(entry.tool)\(undone)  \(SafeText.escaped(place))\n"
            }
            context.page(output)
        }
    }

    /// `enote mcp undo N`: reverts one write, unless the note changed since.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Revert an agent's write by its number (enote mcp log lists them), unless the note changed since.",
            discussion: """
                The text the write replaced comes back, a note it created goes to the trash, a note it deleted comes \
                back, a note it moved moves back. When the note changed after the write (you edited it, say), nothing \
                is changed: undoing would lose that change.

                Example:
                  enote mcp undo 12
                """)

        @Argument(help: "The write's number.")
        var number: Int

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let editor = AgentEditor(vault: vault, limits: .none)
            let index = try context.openIndex(vault)
            let write = try editor.undo(number, graph: IndexLinkGraph(index: index), client: "enote mcp undo")
            context.note("Undid write \(String(number)) (\(write.path))")
        }
    }
}
