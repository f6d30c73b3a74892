import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote task done|undone NOTE:LINE`: marks one task.
    struct TaskCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "task",
            abstract: "Mark a task done or open again.",
            discussion: "Examples:\n  enote task done plan:12\n  enote task undone work/plan.md:12",
            subcommands: [TaskDone.self, TaskUndone.self])
    }

    /// `enote task done NOTE:LINE`.
    struct TaskDone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Mark the task on a line of a note done: [ ] becomes [x].",
            discussion: """
                Only the byte between the brackets changes (and `✅ YYYY-MM-DD` is added after \
                the task when the vault's config says task_done_date = true); every other byte \
                of the note stays. NOTE:LINE is what `enote tasks` prints. When that line holds \
                no task any more (the note changed), nothing is written and the exit status is 3.

                Examples:
                  enote task done plan:12
                  enote task done "work/plan.md:12"
                """)

        @OptionGroup var options: TaskMarkOptions

        func run() throws { try options.mark(done: true) }
    }

    /// `enote task undone NOTE:LINE`.
    struct TaskUndone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undone",
            abstract: "Mark the task on a line of a note open again: [x] becomes [ ].",
            discussion: """
                Only the byte between the brackets changes (and a `✅ YYYY-MM-DD` after the task \
                is removed when the vault's config says task_done_date = true). When that line \
                holds no task any more, nothing is written and the exit status is 3.

                Example:
                  enote task undone plan:12
                """)

        @OptionGroup var options: TaskMarkOptions

        func run() throws { try options.mark(done: false) }
    }
}

/// What `task done` and `task undone` take, and the work they share.
struct TaskMarkOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The note and the line of the task, as `enote tasks` prints them.", valueName: "note:line"), completion: NoteCompletion.notes)
    var place: String

    @Flag(help: "Change the note even if another editor (Emacs, vim, enote edit) has it open.")
    var force = false

    @OptionGroup var globals: GlobalOptions

    func validate() throws {
        if Self.split(place) == nil {
            throw ValidationError(Localization.text("\"\(place)\" is not NOTE:LINE; write the note and the line of the task, such as plan.md:12"))
        }
    }

    /// `note:12` → (`note`, 12): the line after the last colon.
    static func split(_ text: String) -> (note: String, line: Int)? {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line >= 1, colon > text.startIndex else { return nil }
        return (String(text[..<colon]), line)
    }

    func mark(done: Bool) throws {
        guard let (reference, line) = Self.split(place) else { return }
        let context = CommandContext(globals)
        let (vault, path, _) = try context.openNote(reference, forWriting: true)
        switch try vault.setTask(in: path, line: line, done: done, force: force) {
        case .changed(_, let task):
            context.note(done ? "Done: \(task.summary) (\(path):\(line))" : "Open again: \(task.summary) (\(path):\(line))")
        case .unchanged(_, let task):
            context.note(done ? "Already done: \(task.summary) (\(path):\(line))" : "Already open: \(task.summary) (\(path):\(line))")
        }
    }
}
