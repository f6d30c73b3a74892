import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote tag …`: changes to a tag across the vault.
    struct TagCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Change a tag in every note.",
            discussion: "Example:\n  enote tag rename work job",
            subcommands: [TagRename.self])
    }

    /// `enote tag rename OLD NEW [--dry-run] [--json] [--force]`.
    struct TagRename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a tag, and the tags nested under it, in every note.",
            discussion: """
                OLD is renamed to NEW in front matter tags (a list or a string) and in the body \
                (#old becomes #new, #old/sub becomes #new/sub), in any case; code, headings and \
                every other byte stay as they are. When NEW is already in use the two tags are \
                merged, and enote says so.

                The rename stops before touching any file when NEW is not a tag or a note to \
                change is open in an editor. The plan is written to .enote/ first: a rename cut \
                short (a crash, kill -9) is completed by the next enote command.

                Examples:
                  enote tag rename work job
                  enote tag rename projects/old projects/archive --dry-run
                """)

        @Argument(help: "The tag to rename (with or without #).")
        var old: String

        @Argument(help: ArgumentHelp("Its new name.", valueName: "new"))
        var new: String

        @Flag(help: "Print the changes as a unified diff and change nothing.")
        var dryRun = false

        @Flag(help: "Rename even if another editor has a note to change open.")
        var force = false

        @Flag(help: "Print the result as JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: !dryRun)
            if dryRun {
                let plan = try vault.planTagRename(old, to: new)
                if json {
                    Console.out(JSONPrinter.text(plan, clock: context.clock))
                } else {
                    Console.out(plan.unifiedDiff(), terminator: "")
                }
                return
            }
            let result = try vault.renameTag(old, to: new, force: force, afterStep: context.afterRenameStep)
            let plan = result.plan
            if json {
                Console.out(JSONPrinter.text(result, clock: context.clock))
            } else {
                context.note("Renamed the tag \(plan.old) to \(plan.new) (tags rewritten: \(result.rewrittenTags), in notes: \(result.rewrittenNotes.count))")
                if let merged = plan.mergeMessage { context.note(merged) }
            }
            for message in result.leftAloneMessages { context.note(message) }
        }
    }
}
