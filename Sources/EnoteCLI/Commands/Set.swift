import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote set NOTE --color C …`: change front matter fields surgically.
    struct SetCommand: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "set",
            abstract: "Change a note's title, colour or destroy date.",
            discussion: """
                Only the changed lines and `updated` are rewritten; every other byte of the file \
                (comments, key order, line endings) stays, so `git diff` shows just those lines.

                Examples:
                  enote set grocery --color green
                  enote set plan --color "hsb(288, 0%, 100%)"
                  enote set standup --destroy tomorrow
                  enote set standup --no-destroy
                  enote set plan --color red --resolve    # after a merge recorded conflicts:
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Option(help: ArgumentHelp("A new title.", valueName: "title"))
        var title: String?

        @Option(help: ArgumentHelp("A colour: a palette name, \"#RRGGBB\" or \"hsb(H, S%, B%)\".", valueName: "color"))
        var color: String?

        @Flag(help: "Remove the colour (back to white).")
        var noColor = false

        @Option(help: ArgumentHelp("When the note destroys itself: a date or a time from now (3d, tomorrow).", valueName: "when"))
        var destroy: String?

        @Flag(help: "Remove the destroy date.")
        var noDestroy = false

        @Flag(help: "Remove the conflicts: entry a git merge recorded, once the values are as you want them.")
        var resolve = false

        @Flag(help: "With --title: give the file the new title's name (rewriting every link to it, as `enote mv` does).")
        var rename = false

        @Flag(help: "Change the note even if another editor has it open.")
        var force = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if title == nil && color == nil && destroy == nil && !noDestroy && !noColor && !resolve {
                throw ValidationError(Localization.text("nothing to change: give --title, --color, --no-color, --destroy or --no-destroy"))
            }
            if destroy != nil && noDestroy { throw ValidationError(Localization.text("--destroy and --no-destroy cannot be used together")) }
            if color != nil && noColor { throw ValidationError(Localization.text("--color and --no-color cannot be used together")) }
            if let title, title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(Localization.text("--title cannot be empty")) }
            if let title, title.contains(where: \.isNewline) { throw ValidationError(Localization.text("--title must be one line")) }
            if rename && title == nil { throw ValidationError(Localization.text("--rename needs --title: the new name is made from the title")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            var changes: [FrontMatterEditor.Change] = []
            if let title { changes.append(.set(.title, YAMLWriter.scalar(title.trimmingCharacters(in: .whitespaces)))) }
            if let color {
                do {
                    changes.append(.set(.color, YAMLWriter.scalar(try NoteColor(parsing: color).description)))
                } catch {
                    throw UsageError("--color: \(error.message)")
                }
            }
            if noColor { changes.append(.remove(.color)) }
            if let destroy {
                let date = try DestroyOption.parse(destroy, clock: context.clock)
                changes.append(.set(.destroy, NoteDate.stamp(date, in: context.clock.timeZone)))
            }
            if noDestroy { changes.append(.remove(.destroy)) }
            if resolve { changes.append(MergeConflicts.removal) }
            let vault = try context.openVault(forWriting: true)
            let path = try context.resolve(note, in: vault)
            // The title's slug as the note's new name, in its folder (the rename rule of enote mv).
            let target = try rename ? title.map { try vault.renameTarget(Vault.newNoteName(slug: Slug.make(from: $0), attempt: 1), for: path) } : nil
            if let target, target != path {
                // Everything that would stop the rename stops it before the title changes.
                _ = try vault.planRename(path, to: target)
            }
            let note = try vault.updateFrontMatter(of: path, changes, force: force)
            context.note("Updated \(note.path)")
            if let target, target != path {
                let result = try vault.renameNote(path, to: target, force: force)
                context.note("Renamed \(result.from) to \(result.to) (links rewritten: \(result.rewrittenLinks), in files: \(result.rewrittenNotes.count + 1))")
            }
        }

    }
}
