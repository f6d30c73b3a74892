import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote today [DAY]`: the daily note, made when missing, opened in the editor.
    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "today",
            abstract: "Open today's daily note in your editor, creating it first when needed.",
            discussion: """
                The note is journal/YYYY-MM-DD.md unless .enote/config says otherwise \
                (daily_folder, daily_format, daily_template; daily_carry = open-tasks copies the \
                open tasks of the last daily note into a new one). It opens as `enote edit` \
                opens a note; --print prints its path instead.

                DAY is -1 (yesterday), +1 (tomorrow), any number of days before or after today, \
                yesterday, tomorrow, or a day (2026-12-01).

                Examples:
                  enote today
                  enote today -1
                  enote today 2026-12-01 --print
                """)

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The day: -1, +1, yesterday, tomorrow or 2026-12-01 (default: today).", valueName: "day"))
        var day: [String] = []

        @Flag(help: "Print the note's path instead of opening it (it is created all the same).")
        var print = false

        @Flag(help: "Edit even if another editor (Emacs, vim) has the note open.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if day.count > 1 { throw ValidationError(Localization.text("give one day, such as -1, +1 or 2026-12-01")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            let today = CalendarDay(context.clock.now(), in: context.clock.timeZone)
            guard let chosen = day.first.map({ CalendarDay(naming: $0, today: today) }) ?? today else {
                throw UsageError("\"\(day[0])\" is not a day; write -1, +1, yesterday, tomorrow or a day such as 2026-12-01")
            }
            let vault = try context.openVault(forWriting: true)
            let locale = Locale(identifier: Localization.language.locale(environment: context.environment))
            let note = try vault.dailyNotes.note(for: chosen, locale: locale)
            if note.carriedTasks > 0 {
                context.note("Copied the open tasks of the last daily note into \(note.path)")
            }
            if print {
                Console.out(note.path.description)
                return
            }
            let command = try EditorCommand.forEditing(in: vault, environment: context.environment)
            let result = try vault.edit(note.path, with: EditorSession(command: command, environment: context.environment), force: force)
            try Edit.report(result, path: note.path, context: context)
        }
    }
}
