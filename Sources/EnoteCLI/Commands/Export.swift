import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote export NOTE [--html] [-o FILE]`: share a note.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "export",
            abstract: "Export a note as plain text, or as a standalone HTML page.",
            discussion: """
                The HTML page is inert: raw HTML and javascript: links are removed and a Content \
                Security Policy forbids scripts. Pictures are linked relative to the output file, \
                or embedded with --embed-images.

                Examples:
                  enote export grocery
                  enote export plan --html -o plan.html
                  enote export garden --html --embed-images -o garden.html
                """)

        @Argument(help: "The note.", completion: NoteCompletion.notes)
        var note: String

        @Flag(help: "A standalone HTML page instead of plain text.")
        var html = false

        @Flag(help: "Put the pictures inside the page (with --html).")
        var embedImages = false

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if embedImages && !html { throw ValidationError(Localization.text("--embed-images goes with --html")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let path = try context.resolve(note, in: vault)
            let note = try vault.read(path)
            let exporter = NoteExporter(vault: vault)
            let outputURL = output.map {
                URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
            }
            let folder = outputURL?.deletingLastPathComponent().path ?? FileManager.default.currentDirectoryPath
            let index = try context.openIndex(vault)
            let updated = try index.note(at: path)?.updated
            let text =
                html
                ? exporter.html(
                    note, embedImages: embedImages, outputFolder: folder, updated: updated, index: index,
                    locale: Locale(identifier: Localization.language.rawValue)) : exporter.plainText(note)
            guard let outputURL else {
                if context.terminal.isInteractive {
                    context.page(SafeText.escaped(text, keepingNewlines: true))
                } else {
                    Console.out(text, terminator: "")
                }
                return
            }
            do {
                try Data(text.utf8).write(to: outputURL, options: .atomic)
            } catch {
                throw CommandFailure("could not write \(outputURL.path): \(error.localizedDescription)")
            }
            context.note("Wrote \(outputURL.path)")
        }
    }
}
