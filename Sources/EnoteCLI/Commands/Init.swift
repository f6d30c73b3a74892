import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote init [DIR] [--sample]`: makes a folder a vault.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "init",
            abstract: "Make a folder a vault (a folder that already holds notes is adopted as it is).",
            discussion: """
                Writes .enote/ with a commented config and a .gitignore that keeps the index and \
                locks out of git. Existing notes are never changed.

                Examples:
                  enote init ~/Notes
                  enote init --sample demo     # a vault with the preset notes
                  enote init --git-setup       # in a git clone: merge notes key by key
                """)

        @Argument(help: ArgumentHelp("The folder (default: the current folder); created if missing.", valueName: "dir"))
        var directory: String?

        @Flag(help: "Copy the preset sample notes into the vault (existing files are kept).")
        var sample = false

        @Flag(
            inversion: .prefixedNo,
            help: "In a git repository, set up enote's merge driver (as enote git setup does); asked on a terminal when neither is given.")
        var gitSetup: Bool?

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let folder = directory ?? globals.vault ?? FileManager.default.currentDirectoryPath
            // The notes' languages, for search, from the user's locale (LC_ALL, LC_MESSAGES, LANG).
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { context.environment[$0] }.first { !$0.isEmpty }
            let outcome = try VaultInitializer.initialize(at: folder, sample: sample, languages: SearchLanguage.forLocale(locale))
            // Build the index now, so the first command after init is fast and quiet.
            try VaultSession(vault: try Vault(root: outcome.root), role: .command).fresh()
            if outcome.created {
                context.note("Created a vault in \(outcome.root)")
            } else {
                context.note("\(outcome.root) is already a vault; nothing was changed")
            }
            if outcome.adoptedNotes > 0 {
                context.note("Adopted \(count: outcome.adoptedNotes) existing notes")
            }
            if !outcome.sampleFiles.isEmpty {
                context.note("Copied \(count: outcome.sampleFiles.count) sample files")
            }
            for skipped in outcome.skippedSampleFiles {
                context.note("Kept the existing \(skipped) (not replaced by the sample)")
            }
            try offerGitSetup(context, root: outcome.root)
            Console.out(outcome.root)
        }

        /// In a git work tree, installs the merge driver when asked to (or when the user says yes).
        private func offerGitSetup(_ context: CommandContext, root: String) throws {
            guard gitSetup != false else { return }
            let setup = MergeDriverSetup(vault: try Vault(root: root))
            guard gitSetup == true || (setup.isInGitWorkTree && !setup.isInstalled) else { return }
            if gitSetup == nil {
                guard Confirmation.canAsk else {
                    context.note("This vault is in a git repository: run enote git setup so that git merges notes key by key")
                    return
                }
                guard Confirmation.ask("This vault is in a git repository. Set up enote's merge driver, so that git merges notes key by key?") else {
                    return
                }
            }
            let installed = try setup.install(executable: MergeDriverSetup.executableForCurrentProcess())
            if installed.addedAttributes || installed.configuredDriver {
                context.note("Set up the enote merge driver; commit .gitattributes so that every clone uses it")
            }
        }
    }
}
