import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote show NOTE`: one note.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "show",
            abstract: "Show a note: its details and text, or as JSON, raw bytes or HTML.",
            discussion: """
                NOTE is a path (with or without .md), a title, or the start of a title.

                Examples:
                  enote show grocery
                  enote show work/plan --json
                  enote show "Grocery list" --html > list.html
                  enote show receipts --attachments

                --attachments shows the text read from the note's pictures and PDFs (each \
                page, and whether it was read by OCR), which search finds with the note; \
                `enote index` reads the files that are new.
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Flag(help: "Print one JSON object.")
        var json = false

        @Flag(help: "Print the file exactly as it is.")
        var raw = false

        @Flag(help: "Print the body as HTML (rendered by libcmark; raw HTML and javascript: links removed).")
        var html = false

        @Flag(help: "Show the text read from the note's pictures and PDFs instead (with --json: one object).")
        var attachments = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if [json, raw, html].filter({ $0 }).count > 1 {
                throw ValidationError(Localization.text("choose one of --json, --raw and --html"))
            }
            if attachments && (raw || html) {
                throw ValidationError(Localization.text("--attachments goes with --json or alone"))
            }
        }

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let path = try context.resolve(note, in: vault)
            let (note, snapshot) = try vault.readWithSnapshot(path)
            // The index's `updated` also counts edits made without stamping it.
            let index = try context.openIndex(vault)
            let updated = try index.note(at: path)?.updated
            let timeZone = context.clock.timeZone
            let now = context.clock.now()
            if attachments {
                let found = try index.attachments(of: path)
                if json {
                    Console.out(JSONPrinter.text(AttachmentsOfNote(path: path, attachments: found), clock: context.clock))
                } else if found.isEmpty {
                    context.note("\(path.description) shows no pictures and links no PDFs")
                } else {
                    context.page(AttachmentText(attachments: found, terminal: context.terminal).render())
                }
                return
            }
            if raw {
                if context.terminal.isInteractive {
                    Console.out(SafeText.escaped(String(decoding: snapshot.bytes, as: UTF8.self), keepingNewlines: true), terminator: "")
                } else {
                    Console.outBytes(snapshot.bytes)
                }
                return
            }
            if json {
                Console.out(JSONPrinter.text(DetailedNote(note: note, updated: updated), clock: context.clock))
                return
            }
            if html {
                Console.out(note.content.bodyHTML, terminator: "")
                return
            }
            context.warn(note.content.diagnostics)
            context.page(
                NoteDetails(note: note, updated: updated ?? note.updated(in: timeZone), dates: context.dates, terminal: context.terminal, now: now).render())
        }
    }
}

/// The human-readable form of one note for `show`: a header of its fields, then its text.
struct NoteDetails {
    let note: Note
    let updated: Date
    let dates: DateDisplay
    let terminal: Terminal
    let now: Date

    func render() -> String {
        let timeZone = dates.timeZone
        let metadata = note.content.metadata
        let table = NoteTable(terminal: terminal)
        let bold = terminal.usesColor ? "\u{1B}[1m" : ""
        let reset = terminal.usesColor ? "\u{1B}[0m" : ""
        var fields: [(label: String, value: String)] = [
            (Localization.text("path:"), SafeText.escaped(note.path.description)),
            (Localization.text("color:"), metadata.color.description),
            (Localization.text("updated:"), dates.full(updated)),
            (Localization.text("created:"), dates.full(note.created(in: timeZone))),
        ]
        switch metadata.destroy {
        case .none: break
        case .date:
            if let date = note.destroyDate(in: timeZone) {
                let when = date <= now ? Localization.text("passed; waiting for expiry") : dates.relative(date, now: now)
                fields.append((Localization.text("destroy:"), "\(dates.full(date)) (\(when))"))
            }
        case .invalid(let text, _):
            fields.append((Localization.text("destroy:"), Localization.text("\(SafeText.escaped(text)) (not a valid date; the note is kept)")))
        case .ambiguous:
            fields.append((Localization.text("destroy:"), Localization.text("ambiguous (set twice; the note is kept)")))
        }
        if !metadata.tags.isEmpty { fields.append((Localization.text("tags:"), SafeText.escaped(metadata.tags.joined(separator: ", ")))) }
        if !note.content.body.imageSources.isEmpty {
            fields.append((Localization.text("images:"), SafeText.escaped(note.content.body.imageSources.joined(separator: ", "))))
        }
        // Values line up after the widest label (a wide character counts as two columns).
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        var lines = ["\(table.swatch(metadata.color)) \(bold)\(SafeText.escaped(note.title))\(reset)"]
        lines += fields.map { DisplayWidth.pad($0.label, to: labelWidth) + " " + $0.value }
        var text = lines.joined(separator: "\n") + "\n\n"
        if let problem = note.content.textProblem {
            text += "(\(problem))\n"
        } else {
            // CRLF is a line ending here, not a control character to show as `\r`.
            var body = note.content.bodyText.replacingOccurrences(of: "\r\n", with: "\n")
            if !body.hasSuffix("\n") { body += "\n" }
            text += SafeText.escaped(body, keepingNewlines: true)
        }
        return text
    }
}
