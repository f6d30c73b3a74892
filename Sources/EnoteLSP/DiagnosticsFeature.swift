import EnoteRPC
import Foundation
import NoteVault

extension LanguageServer {
    /// How long the input must be quiet before the diagnostics of a changed or saved document
    /// are published (those of a document just opened are published at once): longer than the
    /// gap between the messages of one burst, shorter than a reader notices.
    static let diagnosticsQuietMilliseconds: Int32 = 150

    /// Marks the diagnostics of the document at `uri` (changed or saved) as due; ``run()``
    /// publishes them once the input goes quiet. The document's vault is opened now (or the log
    /// says once why there is none).
    func scheduleDiagnostics(_ uri: String) {
        guard !pendingDiagnostics.contains(uri), location(of: uri) != nil else { return }
        pendingDiagnostics.append(uri)
    }

    /// Publishes every due diagnostic, each for its document as it is now.
    func publishPendingDiagnostics() {
        let due = pendingDiagnostics
        pendingDiagnostics = []
        for uri in due { publishDiagnostics(uri) }
    }

    /// Sends the diagnostics of the document at `uri` as it is now (typed, not saved).
    func publishDiagnostics(_ uri: String) {
        guard let context = context(for: uri) else { return }
        let found = DocumentDiagnostics.find(context)
        writer.notify(
            "textDocument/publishDiagnostics", Reply(LSP.PublishDiagnosticsParams(uri: uri, version: context.document.version, diagnostics: found)))
    }
}

/// The problems of one note as the editor shows them: what the reader rejects or warns about in
/// the front matter, task dates that are not days, a destroy date already past, dead and
/// ambiguous links, conflict markers.
///
/// One message carries at most ``limit`` of them, and then one more that says the rest are not
/// shown: a note with a hundred thousand dead links would otherwise make a message of tens of
/// megabytes, and the work stops once the limit is passed.
enum DocumentDiagnostics {
    /// The most problems one message carries.
    static let limit = 1_000

    /// The longest text of a link or a list of paths quoted in a message.
    static let quotedLength = 200

    static func find(_ context: DocumentContext) -> [LSP.Diagnostic] {
        var found: [LSP.Diagnostic] = []
        let content = context.analysis.content
        for diagnostic in content.diagnostics {
            found.append(
                LSP.Diagnostic(
                    range: range(line: diagnostic.line, column: diagnostic.column, in: context), severity: diagnostic.severity == .error ? .error : .warning,
                    code: diagnostic.kind.rawValue, message: diagnostic.message.text))
        }
        // A task date that is not a day, as the index reports it.
        for problem in context.analysis.tasks.flatMap(\.problems) {
            found.append(
                LSP.Diagnostic(
                    range: range(line: problem.line, column: problem.column, in: context), severity: .warning, code: "taskDate", message: problem.message.text))
        }
        if case .date(let date) = content.metadata.destroy, date.resolved(in: context.timeZone) <= context.now,
            let entry = context.analysis.entries.last(where: { FrontMatterKey(spelling: $0.key) == .destroy })
        {
            let when = RelativeTime.words(date.resolved(in: context.timeZone), now: context.now, timeZone: context.timeZone)
            let message: LocalizedMessage =
                "the destroy date has passed (\(when)): enote destroys this note the next time expiry runs (enote expire, or a running enote watch); change or remove destroy to keep it"
            found.append(LSP.Diagnostic(range: context.lineRange(entry.line - 1), severity: .warning, code: "destroyPassed", message: message.text))
        }
        found += linkDiagnostics(context, atMost: limit + 1 - found.count)
        for line in ConflictMarkers.lines(in: context.document.bytes) where found.count <= limit {
            found.append(LSP.Diagnostic(range: context.lineRange(line - 1), severity: .error, code: "conflictMarkers", message: ConflictMarkers.message.text))
        }
        guard found.count > limit else { return found }
        found.removeLast(found.count - limit)
        let message: LocalizedMessage = "only the first \(limit) problems of this note are shown; there are more"
        found.append(LSP.Diagnostic(range: context.range(0..<0), severity: .information, code: "tooManyProblems", message: message.text))
        return found
    }

    /// Dead and ambiguous links, the first `atMost` of them: every link the library calls dead
    /// (``LinkResolver/resolve(_:from:filesUnder:)``, as `enote links` reports them), a missing
    /// picture or PDF too; URLs are not judged.
    static func linkDiagnostics(_ context: DocumentContext, atMost: Int) -> [LSP.Diagnostic] {
        var found: [LSP.Diagnostic] = []
        for link in context.analysis.links.links where !link.isExternal {
            guard found.count < atMost else { break }
            switch context.catalog.resolution(of: link, from: context.path) {
            case .dead:
                let message: LocalizedMessage = "no note answers to this link (\(quoted(link.target.path))); create the note or correct the link"
                found.append(
                    LSP.Diagnostic(range: context.range(LinkSpans.span(of: link, in: context.document)), severity: .warning, code: "deadLink", message: message.text))
            case .ambiguous(let paths):
                let message: LocalizedMessage =
                    "this link matches several notes (\(quoted(paths.joined(separator: ", ")))); write more of the path to choose one"
                found.append(
                    LSP.Diagnostic(
                        range: context.range(LinkSpans.span(of: link, in: context.document)), severity: .warning, code: "ambiguousLink", message: message.text))
            case .resolved, .external:
                break
            }
        }
        return found
    }

    /// `text`, cut to ``quotedLength`` characters (and `…`) when it is longer.
    static func quoted(_ text: String) -> String {
        guard text.utf8.count > quotedLength, text.count > quotedLength else { return text }
        return String(text.prefix(quotedLength)) + "…"
    }

    /// The range of a reader's diagnostic: from its column (counted in characters) to the end of
    /// its line, or the whole line, or the start of the file when it has no line.
    static func range(line: Int?, column: Int?, in context: DocumentContext) -> LSP.Range {
        guard let line, line >= 1 else { return context.range(0..<0) }
        let index = min(line - 1, context.document.lineStarts.count - 1)
        let start = context.document.lineStarts[index]
        let end = context.document.lineContentEnd(index)
        guard let column, column > 1 else { return context.range(start..<end) }
        let text = String(decoding: context.document.bytes[start..<end], as: UTF8.self)
        let prefix = text.prefix(column - 1)
        return context.range(min(end, start + prefix.utf8.count)..<end)
    }
}

/// Where links are written.
enum LinkSpans {
    /// The bytes of a link: from its `[`, `![`, `<` or `[[` to the end of its destination and
    /// the bracket that closes it.
    static func span(of link: NoteLink, in document: TextDocument) -> Range<Int> {
        let start = min(link.place.offset, document.bytes.count)
        var end = max(start, min(link.destinationRange?.upperBound ?? start, document.bytes.count))
        let bytes = document.bytes
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "]"), bytes[end + 1] == UInt8(ascii: "]") {
            end += 2
        } else if end < bytes.count, bytes[end] == UInt8(ascii: ")") || bytes[end] == UInt8(ascii: ">") {
            end += 1
        }
        return start..<end
    }

    /// The link of the document whose span holds byte `offset`.
    static func link(at offset: Int, in context: DocumentContext) -> NoteLink? {
        context.analysis.links.links.last { link in
            let span = span(of: link, in: context.document)
            return span.contains(offset) || span.upperBound == offset
        }
    }
}
