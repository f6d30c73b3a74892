import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote index [--rebuild]`: bring the index up to date, or build it again.
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "index",
            abstract: "Update the search index now (every command also does this when needed).",
            discussion: """
                The index (.enote/index.sqlite) is a cache of the notes: deleting it loses \
                nothing. --rebuild builds it again from scratch; a progress bar shows on a \
                terminal.

                Examples:
                  enote index
                  enote index --rebuild
                """)

        @Flag(help: "Delete the index and build it again from the notes.")
        var rebuild = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let started = Date()
            let (_, route) = try context.freshSession(vault, rebuild ? .rebuild : .reindex)
            guard case .walk(let report) = route else { return }
            let seconds = Date().timeIntervalSince(started)
            context.note(
                "Indexed \(count: report.total) notes (\(report.added) added, \(report.updated) updated, \(report.removed) removed) in \(String(format: "%.2f", locale: Locale(identifier: Localization.language.rawValue), seconds)) s"
            )
        }
    }
}
