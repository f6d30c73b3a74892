import ArgumentParser
import NoteVault

/// The `enote` command: a notes vault in a folder of Markdown files.
public struct Enote: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "enote",
        abstract: "A notes vault in a folder of Markdown files.",
        discussion: """
            Each note is a .md file with a small YAML front matter block (title, colour, destroy \
            date, updated time). Write notes in any editor, keep the folder in git, and use enote \
            to create, list, search, edit and expire them.

            Exit status: 0 success, 1 error, 2 usage error (a value enote cannot use), 3 conflict (a \
            file changed on disk, or a sync stands in the way).
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, New.self, List.self, Search.self, Show.self, Edit.self, SetCommand.self, Remove.self, TrashCommand.self,
            Move.self, Gallery.self, Export.self, Doctor.self, Index.self, Watch.self, Expire.self, MergeDriver.self, Git.self, Sync.self,
            Log.self, Diff.self, Restore.self, Rename.self, Lsp.self, Mcp.self, Serve.self, Links.self, Backlinks.self, Related.self, Context.self, Tags.self, TagCommand.self, Tasks.self,
            TaskCommand.self, Today.self, Query.self,
        ]
    )

    public init() {}
}

extension CommandConfiguration {
    /// The configuration of a command of `enote` without subcommands.
    ///
    /// ``EnoteMain/parse(_:)`` parses such a command on its own first, and swift-argument-parser
    /// then looks for a completion-script request by parsing the arguments twice more, as two
    /// other commands: a third of the time a search takes with the watcher running. Naming the
    /// parent (`_superCommandName`, the hook it offers for commands run inside another tool)
    /// skips that; completion scripts still come from `enote --generate-completion-script`,
    /// parsed through the whole tree.
    static func enoteCommand(commandName: String, abstract: String, discussion: String) -> CommandConfiguration {
        var configuration = CommandConfiguration(commandName: commandName, abstract: abstract, discussion: discussion)
        configuration._superCommandName = "enote"
        return configuration
    }
}
