import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote doctor [--fix-links [--dry-run]]`: what to fix by hand, and the links broken by
    /// notes moved outside enote.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "doctor",
            abstract: "Check the vault for problems to fix by hand; exit status 1 when there are any.",
            discussion: """
                Reports front matter enote cannot read (file:line), duplicate keys and invalid \
                values, notes that are not text, broken links and pictures, temp files left by a \
                crash, duplicate titles, names that macOS or Windows would merge or refuse, \
                symbolic links, pictures in attachments/ that no note shows, pictures and PDFs \
                whose text could not be read (damaged, encrypted, too large) and why, and \
                whether tesseract and the vault's languages are installed to read pictures. It \
                also says whether a watcher (enote watch) is running for the vault.

                A note moved or renamed outside enote (a file manager, mv, git mv) is recognised \
                by its content at the next index update; doctor lists each link the move broke \
                (moved-link), and --fix-links rewrites them as enote mv would have. A move that \
                more than one note fits (identical files) is reported, never repaired.

                Examples:
                  enote doctor
                  enote doctor --json
                  enote doctor --fix-links --dry-run
                  enote doctor --fix-links
                """)

        @Flag(help: "Rewrite the links broken by notes moved outside enote.")
        var fixLinks = false

        @Flag(help: "With --fix-links: print the changes as a unified diff and change nothing.")
        var dryRun = false

        @Flag(help: "With --fix-links: rewrite even if another editor has a note to change open.")
        var force = false

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if (dryRun || force) && !fixLinks { throw ValidationError(Localization.text("--dry-run and --force go with --fix-links")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            if fixLinks { return try runFixLinks(context) }
            let vault = try context.openVault()
            let index = try context.openIndex(vault, purpose: .check)
            let findings = try VaultDoctor(vault: vault, index: index, environment: context.environment).examine()
            if json {
                Console.out(JSONPrinter.arrayText(findings, clock: context.clock))
            } else if findings.isEmpty {
                context.note("No problems found")
            } else {
                context.page(findings.map { "\(SafeText.escaped($0.location)): \($0.kind.rawValue): \(SafeText.escaped($0.message.text))\n" }.joined())
                context.note("\(count: findings.count) problems found")
                if findings.contains(where: { $0.kind == .movedLink }) {
                    context.note("Links broken by notes moved outside enote are rewritten by enote doctor --fix-links")
                }
            }
            if let pid = vault.runningWatcher() {
                context.note("A watcher is running for this vault (pid \(pid))")
            } else {
                context.note(
                    "No watcher is running for this vault, so each command brings the index up to date itself; to keep one running: enote watch --print-service"
                )
            }
            context.note(EmbeddingModel.load().summary)
            if !findings.isEmpty { throw ExitCode(1) }
        }

        /// `--fix-links`: the repairs planned (`--dry-run`) or made.
        private func runFixLinks(_ context: CommandContext) throws {
            let vault = try context.openVault(forWriting: !dryRun)
            let index = try context.openIndex(vault, purpose: .check)
            if dryRun {
                let repairs = try vault.moveRepairs(index: index)
                let diff = repairs.map { $0.unifiedDiff() }.joined()
                if json {
                    Console.out(JSONPrinter.arrayText(repairs, clock: context.clock))
                } else {
                    Console.out(diff, terminator: "")
                    for repair in repairs { if let message = repair.message { context.note(message) } }
                }
                return
            }
            let skipped = try vault.moveRepairs(index: index).filter(\.move.isAmbiguous)
            let results = try vault.repairMovedLinks(index: index, force: force, afterStep: context.afterRenameStep)
            if json {
                let entries = results.map(FixLinksEntry.repaired) + skipped.map(FixLinksEntry.skipped)
                Console.out(JSONPrinter.arrayText(entries, clock: context.clock))
            } else {
                for result in results {
                    context.note(
                        "Rewrote the links to \(result.from), moved to \(result.to) (links rewritten: \(result.rewrittenLinks), in files: \(result.rewrittenNotes.count))"
                    )
                    for message in result.leftAloneMessages { context.note(message) }
                }
                if results.isEmpty && skipped.isEmpty { context.note("No links broken by notes moved outside enote") }
            }
            for repair in skipped {
                if let message = repair.message { context.note(message) }
            }
            if !skipped.isEmpty { throw ExitCode(1) }
        }
    }

    /// One element of `--fix-links --json`: a repair made, or a move left alone (ambiguous),
    /// each in its own JSON form (``MoveRepairResult``, ``MoveRepair``).
    enum FixLinksEntry: Encodable {
        case repaired(MoveRepairResult)
        case skipped(MoveRepair)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .repaired(let result): try result.encode(to: encoder)
            case .skipped(let repair): try repair.encode(to: encoder)
            }
        }
    }
}
