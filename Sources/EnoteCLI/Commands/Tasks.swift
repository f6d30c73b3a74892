import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote tasks`: the task list items of every note, open ones by default, by due date.
    struct Tasks: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "tasks",
            abstract: "List the tasks (- [ ] items) of every note, by due date.",
            discussion: """
                A task is a list item that starts with [ ] (open) or [x] (done), outside code. \
                Its dates are read as Obsidian Tasks writes them (📅 due, ⏳ scheduled, 🛫 start, \
                ✅ done, priorities 🔺 ⏫ 🔼 🔽 ⏬) or as due:2026-12-01. Open tasks are listed by \
                default, those with the soonest due date first, then those without one; overdue \
                and today's are marked. NOTE:LINE is what `enote task done` takes.

                --due takes today, overdue (before today), 7d or 2w (due within that many days \
                from today, overdue ones included), or a day (2026-12-01).

                Examples:
                  enote tasks
                  enote tasks --due 7d
                  enote tasks --due overdue --tag work
                  enote tasks --in projects --where status=active
                  enote tasks --done --json
                """)

        @Flag(help: "Which tasks: open (the default), done or all.")
        var status: TaskQuery.Status = .open

        @Option(help: ArgumentHelp("Only tasks due today, overdue, within 7d or 2w (overdue included), or on a day (2026-12-01).", valueName: "when"))
        var due: String?

        @Option(name: .customLong("tag"), help: ArgumentHelp("Only tasks with this #tag in their text, or one nested under it (repeatable: all of them).", valueName: "tag"))
        var tags: [String] = []

        @Option(name: .customLong("in"), help: ArgumentHelp("Only tasks of notes in this folder or a folder under it.", valueName: "dir"))
        var folder: String?

        @Option(
            name: .customLong("where"),
            help: ArgumentHelp("Only tasks of notes whose front matter KEY has VALUE (repeatable).", valueName: "key=value"))
        var conditions: [String] = []

        @Option(help: ArgumentHelp("Only tasks of notes of this colour.", valueName: "color"))
        var color: String?

        @Option(help: ArgumentHelp("Show at most this many tasks.", valueName: "n"))
        var limit: Int?

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError(Localization.text("--limit must be 1 or more")) }
            if tags.contains(where: { NoteTag.normalize($0).isEmpty }) { throw ValidationError(Localization.text("--tag needs a tag, for example --tag work")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            var input = NoteFilterInput()
            input.color = color
            input.conditions = conditions
            input.folder = folder
            let notes: NoteFilter
            do { notes = try input.filter(clock: context.clock) } catch { throw UsageError("\("--" + error.field.rawValue): \(error.message)") }
            var query = TaskQuery(notes: notes, today: CalendarDay(context.clock.now(), in: context.clock.timeZone))
            query.status = status
            query.tags = tags
            query.limit = limit
            if let due {
                do { query.due = try TaskQuery.Due(parsing: due) } catch { throw UsageError("--due: \(error.message)") }
            }
            let vault = try context.openVault()
            let tasks = try context.openIndex(vault).tasks(query)
            Trace.mark("listed")
            defer { Trace.mark("printed") }
            context.warn(tasks.flatMap(\.problems))
            if json {
                Console.out(JSONPrinter.arrayText(tasks, clock: context.clock))
                return
            }
            if tasks.isEmpty {
                let restrictive = query.due != nil || !tags.isEmpty || notes.isRestrictive
                context.note(restrictive ? "No tasks match" : status == .done ? "No done tasks" : "No open tasks; a task is a line such as - [ ] call the plumber")
                return
            }
            context.page(TaskTable(terminal: context.terminal, today: query.today).render(tasks))
        }
    }
}

extension TaskQuery.Status: EnumerableFlag {
    public static func help(for value: TaskQuery.Status) -> ArgumentHelp? {
        switch value {
        case .open: "Open tasks (the default)."
        case .done: "Done tasks."
        case .all: "Open and done tasks."
        }
    }
}
