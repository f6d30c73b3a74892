import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote index [--rebuild]`: bring the index up to date, or build it again.
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "index",
            abstract: "Update the search index now (every command also does this when needed).",
            discussion: """
                The index (.enote/index.sqlite) is a cache of the notes: deleting it loses \
                nothing. --rebuild builds it again from scratch; a progress bar shows on a \
                terminal. With the embedding model installed, it then gives every note \
                without them its vectors for search by meaning (stopped, it goes on from \
                there next time). Last, it reads the text of the pictures and PDFs notes \
                show or link that are new or changed (PDF text layers with poppler, pictures \
                and scanned pages with tesseract), so that search finds them by the words in \
                them; the watcher does the same behind your back.

                Examples:
                  enote index
                  enote index --rebuild
                """)

        @Flag(help: "Delete the index and build it again from the notes.")
        var rebuild = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault(forWriting: true)
            let started = Date()
            let (session, route) = try context.freshSession(vault, rebuild ? .rebuild : .reindex)
            if case .walk(let report) = route {
                let seconds = Date().timeIntervalSince(started)
                context.note(
                    "Indexed \(count: report.total) notes (\(report.added) added, \(report.updated) updated, \(report.removed) removed) in \(Self.seconds(seconds)) s"
                )
            }
            try embed(session, context)
            try readAttachments(session, context)
        }

        /// Reads the text of the pictures and PDFs that are new or changed, with a progress bar
        /// on a terminal (the file, and the page of a long PDF).
        private func readAttachments(_ session: VaultSession, _ context: CommandContext) throws {
            let started = Date()
            let bar = ProgressBar(label: Localization.text("Reading pictures and PDFs"), terminal: context.terminal)
            defer { bar.finish() }
            let done = try session.withIndex { (index) throws(VaultError) in
                try index.readAttachments(
                    environment: context.environment,
                    progress: { progress in
                        var detail = progress.current.map { SafeText.escaped($0.description) } ?? ""
                        if progress.pagesTotal > 1 { detail += " \(progress.pagesDone)/\(progress.pagesTotal)" }
                        bar.update(done: progress.done, total: progress.pending, detail: detail)
                        return true
                    })
            }
            bar.finish()
            if done.busy {
                context.note("Pictures and PDFs are being read by another enote (the watcher, or enote index); they become searchable as it reads them")
                return
            }
            if let reason = done.unavailable { context.note(reason) }
            // Text found in the cache (a rebuilt index) is not news; reading and failing are.
            if done.read > 0 {
                context.note("Read the text of \(count: done.read) pictures and PDFs in \(Self.seconds(Date().timeIntervalSince(started))) s")
            }
            if done.failed > 0 { context.note("\(count: done.failed) pictures and PDFs could not be read; enote doctor says why") }
        }

        /// Gives the notes without vectors theirs (meaning search), with a progress bar on a
        /// terminal; a run stopped here goes on from where it stopped next time.
        private func embed(_ session: VaultSession, _ context: CommandContext) throws {
            guard case .success(let model) = EmbeddingModel.load(environment: context.environment) else { return }
            let started = Date()
            let bar = ProgressBar(label: Localization.text("Embedding"), terminal: context.terminal)
            defer { bar.finish() }
            let done = try session.withIndex { (index) throws(VaultError) in
                try index.embedPending(with: model) { progress in
                    bar.update(done: progress.embedded, total: progress.pending)
                    return true
                }
            }
            bar.finish()
            guard done.pending > 0 else { return }
            context.note("Embedded \(count: done.embedded) notes for meaning search in \(Self.seconds(Date().timeIntervalSince(started))) s")
        }

        private static func seconds(_ value: Double) -> String {
            String(format: "%.2f", locale: Locale(identifier: Localization.language.rawValue), value)
        }
    }
}
