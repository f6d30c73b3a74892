import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote mv NOTE NEW [--dry-run] [--commit]`: rename or move a note and keep every link.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "mv",
            abstract: "Rename or move a note, rewriting every link to it.",
            discussion: """
                Every link that led to the note is rewritten in the form it was written (a relative \
                path, percent-encoded or not, with or without .md; a wikilink by name stays a name \
                while the name is unique, else becomes a path; #heading, #^block and |alias parts \
                are kept), and so are the relative links inside the moved note. Nothing else in any \
                file changes. A bare NEW (no /) stays in the note's folder; a path, or a name after a \
                leading /, is from the vault's root (the editor's rename reads it the same way). NEW \
                may be a folder (ending in /, or one that exists) to keep the name; .md is added \
                when missing.

                Paths are case-sensitive: a rename that changes only case rewrites the Markdown \
                paths that named the note.

                The rename stops before touching any file when NEW exists (or differs from another \
                name in its folder only in case or Unicode normalisation), a folder on its way is a \
                file, a link would become ambiguous or lead elsewhere, or a note to change is open \
                in an editor. Only then is the plan written to .enote/: a rename cut short (a \
                crash, kill -9) is completed by the next enote command.

                Examples:
                  enote mv "trip notes" archive/2024/kyoto.md
                  enote mv plan archive/ --dry-run
                  enote mv plan project-plan --commit
                """)

        @Argument(help: "The note to rename.", completion: NoteCompletion.notes)
        var note: String

        @Argument(help: ArgumentHelp("Its new path (a folder when it ends in /).", valueName: "new"))
        var new: String

        @Flag(help: "Print the changes as a unified diff and change nothing.")
        var dryRun = false

        @Flag(help: "In a git work tree, commit the rename and the rewritten notes as one commit.")
        var commit = false

        @Flag(help: "Rename even if another editor has a note to change open.")
        var force = false

        @Flag(help: "Print the result as JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let (vault, path, index) = try context.openNote(note, forWriting: !dryRun)
            let target = try vault.renameTarget(new, for: path)
            if dryRun {
                let plan = try vault.planRename(path, to: target, graph: IndexLinkGraph(index: index))
                if json {
                    Console.out(JSONPrinter.text(plan, clock: context.clock))
                } else {
                    Console.out(plan.unifiedDiff(), terminator: "")
                }
                return
            }
            let repository = GitRepository(folder: vault.root)
            if commit, repository.text(["rev-parse", "--is-inside-work-tree"]) != "true" {
                throw CommandFailure("--commit needs a git work tree, and \(vault.root) is not in one; nothing was renamed")
            }
            var result = try vault.renameNote(path, to: target, graph: IndexLinkGraph(index: index), force: force, afterStep: context.afterRenameStep)
            if commit {
                result.commit = try Self.commit(result, in: vault)
            }
            if json {
                Console.out(JSONPrinter.text(result, clock: context.clock))
            } else {
                context.note("Renamed \(result.from) to \(result.to) (links rewritten: \(result.rewrittenLinks), in files: \(result.rewrittenNotes.count + 1))")
            }
            for message in result.leftAloneMessages { context.note(message) }
        }

        /// Commits the old and new path and the rewritten notes (and nothing else) as one commit,
        /// by the library's rule (``Vault/commit(_:message:)``: paths taken literally, under the lock).
        static func commit(_ result: RenameResult, in vault: Vault) throws -> String? {
            do throws(PathCommitError) {
                return try vault.commit([result.from, result.to] + result.rewrittenNotes, message: "Rename \(result.from) to \(result.to)")
            } catch .notAWorkTree {
                throw CommandFailure("the note was renamed, but \(vault.root) is not in a git work tree; commit it yourself")
            } catch .gitFailed(let reason) {
                throw CommandFailure("the note was renamed, but git could not commit it (\(reason)); commit it yourself")
            }
        }
    }
}
