import ArgumentParser
import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

extension Enote {
    /// `enote new TITLE [BODY]`: creates a note.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "new",
            abstract: "Create a note (it needs a title and content).",
            discussion: """
                The content comes from BODY, else from standard input when it is not a terminal, \
                else from your editor with --edit. Without content nothing is created. Prints the \
                new note's path.

                Examples:
                  enote new "Grocery list" "Potatoes, eggs" --color red
                  enote new "Standup" --destroy 3d < notes.txt
                  enote new "Plan" --in work --edit
                  enote new "Garden" "The tomatoes are red." --image ~/Pictures/tomatoes.jpg
                  enote new "Weekly meeting" --template meeting
                """)

        @Argument(help: "The title (with --edit it may be left out: the first line you write becomes the title).")
        var title: String?

        @Argument(help: "The content, in Markdown.")
        var body: String?

        @Option(
            help: ArgumentHelp("A colour: white, red, orange, yellow, green, blue, purple, pink, gray, \"#RRGGBB\" or \"hsb(H, S%, B%)\".", valueName: "color"))
        var color: String?

        @Option(
            help: ArgumentHelp(
                "When the note destroys itself: a date (2026-12-01, \"2026-12-01 18:00\") or a time from now (30m, 12h, 3d, 2w, tomorrow).", valueName: "when"))
        var destroy: String?

        @Option(name: .customLong("in"), help: ArgumentHelp("The folder to create the note in, relative to the vault.", valueName: "dir"))
        var folder: String?

        @Flag(help: "Write the content in your editor ($VISUAL or $EDITOR).")
        var edit = false

        @Option(
            name: .customLong("image"),
            help: ArgumentHelp("A picture (PNG, JPEG, GIF, WebP or HEIC) to copy into attachments/ and show in the note; repeatable.", valueName: "file"))
        var images: [String] = []

        @Option(help: ArgumentHelp("Start from .enote/templates/NAME.md ({{title}}, {{date}} and {{time}} are filled in).", valueName: "name"))
        var template: String?

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if title == nil && !edit {
                throw ValidationError(Localization.text("a note needs a title: enote new TITLE [BODY], or enote new --edit"))
            }
        }

        func run() throws {
            let context = CommandContext(globals)
            let parsedColor = try color.map { text in
                do { return try NoteColor(parsing: text) } catch { throw UsageError("--color: \(error)") }
            }
            let destroyDate = try destroy.map { text throws(UsageError) in try DestroyOption.parse(text, clock: context.clock) }
            let vault = try context.openVault(forWriting: true)
            // Every picture is checked before anything is created.
            let attachments = try images.map { path throws(VaultError) in try ImageAttachment.load(path) }
            let templateText = try template.map { name in try vault.template(named: name) }
            var noteTitle = title ?? ""
            var content = body ?? ""
            // What was typed in the editor, kept outside the vault if the note cannot be written.
            var typed: (session: EditorSession, bytes: [UInt8], fileName: String)?
            if body == nil, !edit, templateText == nil, attachments.isEmpty, isatty(STDIN_FILENO) == 0 {
                content = String(decoding: try StandardInput.readNoteText(), as: UTF8.self)
            }
            if edit {
                let command = try EditorCommand.forEditing(in: vault, environment: context.environment)
                let session = EditorSession(command: command, environment: context.environment)
                let fileName = Vault.newNoteName(slug: Slug.make(from: noteTitle.isEmpty ? "new note" : noteTitle), attempt: 1)
                switch try session.edit(Array(content.utf8), fileName: fileName) {
                case .done(let bytes):
                    content = String(decoding: bytes, as: UTF8.self)
                    typed = (session, bytes, fileName)
                case .unchanged:
                    throw CommandFailure("Nothing was written; no note was created")
                case .cancelled(let status, let copy):
                    guard let copy else { throw CommandFailure("The editor exited with status \(status); no note was created") }
                    throw CommandFailure("The editor exited with status \(status); no note was created. What you wrote is kept in \(copy)")
                }
                if title == nil {
                    (noteTitle, content) = NoteHeadline.splittingTitle(from: content)
                }
            }
            let new = NewNote(
                title: noteTitle, body: content, color: parsedColor, destroy: destroyDate, folder: folder,
                images: attachments, template: templateText)
            let note: Note
            do throws(VaultError) {
                note = try vault.create(new)
            } catch {
                guard let typed, let copy = typed.session.keep(typed.bytes, fileName: typed.fileName) else { throw error }
                throw CommandFailure("\(error.message). What you wrote is kept in \(copy)")
            }
            Console.out(note.path.description)
        }
    }
}
