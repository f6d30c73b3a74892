import ArgumentParser
import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

extension Enote {
    /// `enote expire`: destroy the notes whose destroy date has passed.
    struct Expire: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "expire",
            abstract: "Move notes whose destroy date has passed to the trash (or delete them, if the vault says so).",
            discussion: """
                The watcher does this by itself at each destroy time. A note is kept when its \
                date is invalid or set twice, its front matter has errors, it is open in another \
                editor, it changed since it was checked, or a git operation is in progress. A pass \
                that would destroy many notes at once (a clock far ahead?) stops and asks.

                Examples:
                  enote expire --dry-run
                  enote expire
                """)

        @Flag(help: "Only list what would be destroyed.")
        var dryRun = false

        @Flag(help: "Destroy even when more notes are due than the vault's expiry_cap allows.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: !dryRun)
            let index = try context.openIndex(vault)
            let expirer = Expirer(vault: vault, index: index)
            var report = try expirer.run(dryRun: true, force: force)
            if let refusal = report.refusal {
                guard Confirmation.canAsk, !dryRun else { throw CommandFailure(refusal) }
                Console.err("enote: \(refusal.text)")
                guard Confirmation.ask("Destroy them now?") else {
                    context.note("Nothing was destroyed")
                    return
                }
                report = try expirer.run(dryRun: true, force: true)
            }
            if !dryRun, !report.expired.isEmpty {
                report = try expirer.run(force: force || report.refusal == nil)
            }
            let timeZone = context.clock.timeZone
            for note in report.expired {
                let when = NoteDate.stamp(note.destroy, in: timeZone)
                let outcome: LocalizedMessage = dryRun ? "would be destroyed" : note.trashedAs.map { "moved to .trash/\($0)" } ?? "deleted"
                Console.out("\(SafeText.escaped(note.path.description))\t\(when)\t\(outcome.text)")
            }
            for note in report.skipped {
                context.note("kept \(note.path): \(note.reason)")
            }
            if report.expired.isEmpty {
                context.note(dryRun ? "No note is due" : "No note was destroyed")
            }
        }
    }
}
