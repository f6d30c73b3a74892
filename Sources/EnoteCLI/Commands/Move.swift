import ArgumentParser
import NoteVault

extension Enote {
    /// `enote move NOTE --before OTHER | --after OTHER | --top | --bottom`: manual order.
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "move",
            abstract: "Put a note in its place for `enote list --sort order`.",
            discussion: """
                Writes an `order` key between the neighbours' keys, so only the moved note's file \
                changes (and not its `updated` time). Notes without a position come after the \
                ordered ones, newest first. Keys that are numbers sort as numbers (9 before 10) and \
                before any other key, which sorts as text; next to notes that share a key, the note \
                goes before or after all of them.

                Examples:
                  enote move grocery --top
                  enote move plan --after grocery
                  enote list --sort order
                """)

        @Argument(help: "The note to move.", completion: NoteCompletion.notes)
        var note: String

        @Option(help: ArgumentHelp("Put it just before this note.", valueName: "note"), completion: NoteCompletion.notes)
        var before: String?

        @Option(help: ArgumentHelp("Put it just after this note.", valueName: "note"), completion: NoteCompletion.notes)
        var after: String?

        @Flag(help: "Put it first.")
        var top = false

        @Flag(help: "Put it last of the ordered notes.")
        var bottom = false

        @Flag(help: "Move even if another editor has a note open.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            let chosen = [before != nil, after != nil, top, bottom].filter { $0 }.count
            if chosen != 1 { throw ValidationError(Localization.text("say where: one of --before NOTE, --after NOTE, --top or --bottom")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let path = try context.resolve(note, in: vault)
            let placement: Placement
            if let before {
                placement = .before(try context.resolve(before, in: vault))
            } else if let after {
                placement = .after(try context.resolve(after, in: vault))
            } else {
                placement = top ? .top : .bottom
            }
            if placement == .before(path) || placement == .after(path) {
                throw CommandFailure("a note cannot be moved next to itself")
            }
            let index = try context.openIndex(vault)
            let result = try ManualOrder(index: index).move(path, to: placement, force: force)
            context.note("Moved \(result.moved) (order \(result.key))")
            if !result.alsoChanged.isEmpty {
                context.note("Also gave a position to: \(result.alsoChanged.map(\.description).joined(separator: ", "))")
            }
        }
    }
}
