import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote list`: the notes, newest first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List notes with their colour, title, description and last change.",
            discussion: """
                Notes whose destroy date has passed are not shown (they are waiting to be moved \
                to the trash by `enote expire` or the watcher).

                Examples:
                  enote list
                  enote list --sort title --limit 20
                  enote list --color red --json
                """)

        @Option(help: ArgumentHelp("Sort by updated, created, title or order (default: the vault's sort setting, else updated).", valueName: "key"))
        var sort: VaultConfig.SortKey?

        @Flag(help: "Reverse the order.")
        var reverse = false

        @Option(help: ArgumentHelp("Only notes of this colour.", valueName: "color"))
        var color: String?

        @Option(help: ArgumentHelp("Show at most this many notes.", valueName: "n"))
        var limit: Int?

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
        }

        func run() throws {
            let context = CommandContext(globals)
            let colorFilter = try color.map { text in
                do { return try NoteColor(parsing: text) } catch { throw context.fail("--color: \(error)") }
            }
            let vault = try context.openVault()
            let (allNotes, diagnostics) = vault.readAllNotes()
            context.summarize(diagnostics)
            let now = context.clock.now()
            let timeZone = context.clock.timeZone
            var notes = allNotes.filter { note in
                if let destroy = note.destroyDate(in: timeZone), destroy <= now { return false }
                if let colorFilter, note.content.metadata.color != colorFilter { return false }
                return true
            }
            notes = NoteOrdering.sorted(notes, by: sort ?? vault.config.sort, timeZone: timeZone)
            if reverse { notes.reverse() }
            if let limit { notes = Array(notes.prefix(limit)) }

            if json {
                Console.out(JSONValue.array(notes.map { NoteJSON.object($0, timeZone: timeZone, now: now) }).rendered())
                return
            }
            let rows = notes.map { note in
                NoteTable.Row(color: note.content.metadata.color, title: note.title, description: note.description,
                              date: context.dates.short(note.updated(in: timeZone), now: now))
            }
            Console.out(NoteTable(terminal: context.terminal).render(rows), terminator: "")
        }
    }
}

extension VaultConfig.SortKey: ExpressibleByArgument {}

/// The orders `list` offers.
enum NoteOrdering {
    static func sorted(_ notes: [Note], by key: VaultConfig.SortKey, timeZone: TimeZone) -> [Note] {
        switch key {
        case .updated:
            return notes.map { ($0, $0.updated(in: timeZone)) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.path < $1.0.path }.map(\.0)
        case .created:
            return notes.map { ($0, $0.created(in: timeZone)) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.path < $1.0.path }.map(\.0)
        case .title:
            return notes.sorted {
                let order = $0.title.localizedStandardCompare($1.title)
                return order == .orderedSame ? $0.path < $1.path : order == .orderedAscending
            }
        case .order:
            let withOrder = notes.filter { $0.content.metadata.order != nil }
                .sorted { let (a, b) = ($0.content.metadata.order ?? "", $1.content.metadata.order ?? ""); return a != b ? a < b : $0.path < $1.path }
            let without = sorted(notes.filter { $0.content.metadata.order == nil }, by: .updated, timeZone: timeZone)
            return withOrder + without
        case .destroy:
            let far = Date.distantFuture
            return notes.sorted { ($0.destroyDate(in: timeZone) ?? far, $0.path.description) < ($1.destroyDate(in: timeZone) ?? far, $1.path.description) }
        }
    }
}
