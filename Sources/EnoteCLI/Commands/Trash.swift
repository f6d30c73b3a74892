import ArgumentParser
import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

extension Enote {
    /// `enote trash [list | restore NOTE | empty]`.
    struct TrashCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trash",
            abstract: "List, restore or empty the trash.",
            discussion: """
                Removed and expired notes wait in .trash/ until the trash is emptied.

                Examples:
                  enote trash
                  enote trash restore grocery-list
                  enote trash empty --yes
                """,
            subcommands: [ListTrash.self, Restore.self, Empty.self],
            defaultSubcommand: ListTrash.self)
    }
}

extension Enote.TrashCommand {
    struct ListTrash: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the notes in the trash, newest first.",
            discussion: "Example:\n  enote trash list --json")

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let entries = vault.trash.entries()
            if json {
                Console.out(JSONPrinter.arrayText(entries, clock: context.clock))
                return
            }
            if entries.isEmpty {
                context.note("The trash is empty")
                return
            }
            let now = context.clock.now()
            let width = entries.map { DisplayWidth.of(SafeText.escaped($0.originalPath)) }.max() ?? 0
            let dates = context.dates
            for entry in entries {
                let date = dates.short(entry.date, now: now)
                Console.out("\(DisplayWidth.pad(SafeText.escaped(entry.originalPath), to: width))  \(date)  \(Enote.TrashCommand.reason(entry.reason))")
            }
        }
    }

    /// Why a note is in the trash, in the user's language.
    static func reason(_ reason: TrashEntry.Reason) -> String {
        switch reason {
        case .removed: Localization.text("removed")
        case .expired: Localization.text("expired")
        case .emptied: Localization.text("emptied")
        case .replaced: Localization.text("replaced by enote restore")
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Move a note from the trash back to where it was.",
            discussion: """
                NOTE is its path in the trash or where it was, or the start of either. If that \
                name is taken again, the note comes back beside it (plan-2.md).

                Example:
                  enote trash restore grocery-list
                """)

        @Argument(help: "The note in the trash.")
        var note: String

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let entries = vault.trash.entries()
            let candidates = entries.map { NoteResolver.Candidate(path: NotePath(trusted: $0.trashedPath), title: $0.originalPath) }
            let path = try NoteResolver.resolve(note, among: candidates)
            let chosen = entries.first { $0.trashedPath == path.description }!
            let restored = try vault.trash.restore(chosen)
            context.note("Restored \(restored)")
            Console.out(restored.description)
        }
    }

    struct Empty: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "empty",
            abstract: "Delete everything in the trash for good.",
            discussion: "Asks for confirmation on a terminal; --yes skips the question.\n\nExample:\n  enote trash empty --yes")

        @Flag(help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let count = vault.trash.entries().count
            // Nothing to delete is not an error, and needs no confirmation.
            if count == 0, vault.trash.isEmpty {
                context.note("The trash is empty")
                return
            }
            if !yes {
                guard Confirmation.canAsk else {
                    throw CommandFailure("emptying the trash deletes \(count: count) notes for good; run it again with --yes to confirm")
                }
                guard Confirmation.ask("Delete \(count: count) notes in the trash for good?") else {
                    context.note("The trash was not emptied")
                    return
                }
            }
            let deleted = try vault.trash.empty(index: try context.openIndex(vault))
            context.note("Deleted \(count: deleted) notes from the trash")
        }
    }
}
