import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote git …`: the vault as a git repository.
    struct Git: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "git",
            abstract: "Set up a vault kept in git.",
            subcommands: [Setup.self]
        )

        /// `enote git setup`: installs the merge driver.
        struct Setup: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "setup",
                abstract: "Make git merge notes with enote's merge driver.",
                discussion: """
                    Adds "*.md merge=enote" to the vault's .gitattributes (commit it, so every \
                    clone asks for the driver) and the driver command to this clone's .git/config \
                    (not shared by git: run this once on each machine; enote doctor reports a \
                    clone without it). Whatever is already there is kept. The trash is kept out \
                    of git (.trash/.gitignore; enote writes one whenever it makes .trash/).

                    Examples:
                      enote git setup
                    """)

            @OptionGroup var globals: GlobalOptions

            func run() throws {
                let context = CommandContext(globals)
                let vault = try context.openVault()
                let setup = MergeDriverSetup(vault: vault)
                let outcome: MergeDriverSetup.Outcome
                outcome = try setup.install(executable: MergeDriverSetup.executableForCurrentProcess())
                if outcome.addedAttributes {
                    context.note("Added \(MergeDriverSetup.attributeLine) to .gitattributes; commit it so that every clone uses the driver")
                }
                if outcome.configuredDriver {
                    context.note("Configured the enote merge driver in this clone's git config")
                }
                if outcome.keptTrashOutOfGit {
                    context.note("Added .trash/.gitignore, so removed and expired notes stay out of git")
                }
                if outcome.trashIsTracked {
                    context.note("Files in .trash/ are already committed in git; `git rm -r --cached .trash` takes them out of git (they stay here)")
                }
                if !outcome.addedAttributes && !outcome.configuredDriver {
                    context.note("The enote merge driver is already set up")
                }
            }
        }
    }
}
