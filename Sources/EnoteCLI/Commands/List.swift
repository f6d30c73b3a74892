import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote list`: the notes, newest first, from the index.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "list",
            abstract: "List notes with their colour, title, description and last change.",
            discussion: """
                Notes whose destroy date has passed are hidden (they wait for `enote expire` or \
                the watcher); --pending shows them too.

                Examples:
                  enote list
                  enote list --sort title --limit 20
                  enote list --color red --json
                  enote list --where tags=home --where status=draft
                  enote list --expiring 3d
                  enote list --since 2026-11-01 --until 1d
                  enote list --tag work/q1 --links-to plan
                  enote list --orphan
                  enote list --dead-links
                """)

        @Option(help: ArgumentHelp("Sort by updated, created, title, order or destroy (default: the vault's sort setting, else updated).", valueName: "key"))
        var sort: VaultConfig.SortKey?

        @Flag(help: "Reverse the order.")
        var reverse = false

        @OptionGroup var filters: FilterOptions

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let input = filters.input
            var filter = try FilterOptions.filter(input, clock: context.clock)
            let index = try context.openIndex(vault)
            try input.resolveNotes(&filter, vault: vault, index: index)
            let key = sort ?? (filter.expiringWithin != nil ? .destroy : vault.config.sort)
            let notes = try index.list(filter, sort: NoteSort(key: key, reverse: reverse), limit: filters.limit)
            Trace.mark("listed")
            defer { Trace.mark("printed") }
            let now = context.clock.now()
            context.summarize(notes.flatMap(\.diagnostics))
            if filters.json {
                Console.out(JSONPrinter.arrayText(notes, clock: context.clock))
                return
            }
            if notes.isEmpty {
                context.note(filter.isRestrictive ? "No notes match" : "No notes yet; create one with enote new TITLE TEXT")
                return
            }
            let dates = context.dates
            let rows = notes.map { note in
                NoteTable.Row(
                    color: note.color, title: note.title, description: note.description,
                    date: key == .destroy ? note.destroy.map { dates.relative($0, now: now) } ?? "" : dates.short(note.updated, now: now))
            }
            context.page(NoteTable(terminal: context.terminal).render(rows))
        }
    }
}

extension VaultConfig.SortKey: ExpressibleByArgument {}
