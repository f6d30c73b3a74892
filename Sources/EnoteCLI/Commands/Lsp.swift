import ArgumentParser
import EnoteLSP
import Foundation
import NoteVault

extension Enote {
    /// `enote lsp`: the language server, for editors.
    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "lsp",
            abstract: "Serve the Language Server Protocol on stdin and stdout, for editors.",
            discussion: """
                An editor starts it and talks to it over stdin and stdout (LSP 3.17). For notes in \
                a vault (found above each file, as enote finds it) it shows problems as you type \
                (front matter, destroy dates, dead links, conflict markers), the note a link leads \
                to on hover, and completes links, tags and front matter. A file outside any vault \
                is left alone, with one line in the editor's log saying why. It reads the index; \
                run enote watch as well to see changes made outside the editor at once.

                Examples:
                  Neovim: vim.lsp.start({ name = "enote", cmd = { "enote", "lsp" } })
                  Helix:  [language-server.enote] command = "enote", args = ["lsp"]
                """)

        func run() throws {
            // The server's own string tables, after the library's (its messages are not the
            // command line's).
            Localization.frontEnd = LspMessages.frontEnd
            let status = LanguageServer(input: STDIN_FILENO, output: STDOUT_FILENO).run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
