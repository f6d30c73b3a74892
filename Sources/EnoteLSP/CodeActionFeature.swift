import EnoteRPC
import Foundation
import NoteVault

/// `textDocument/codeAction`: create the note a dead link points to (a CreateFile and the front
/// matter `enote new` writes, ``Vault/draft(_:at:)``, only where ``Vault/noteToCreate(for:from:)``
/// says a note can be made), rewrite the
/// links a note moved outside enote broke (the plan of `enote doctor --fix-links`), set the
/// note's colour (one TextEdit in the front matter), mark a task done or open again (the library's
/// toggle as TextEdits: ``taskActions(lines:context:)``), write a query block's results below it
/// (``queryBlockActions(lines:context:)``), and move a selection into a new note
/// (``extractAction(_:context:)``).
/// Every change is a WorkspaceEdit the editor applies; the server writes nothing.
extension LanguageServer {
    func codeActions(_ params: LSP.CodeActionParams) throws(ResponseError) -> Reply {
        let range = params.range
        guard let context = context(for: params.textDocument.uri) else { return .null }
        let start = context.document.offset(of: range.start, encoding: context.encoding)
        let end = max(start, context.document.offset(of: range.end, encoding: context.encoding))
        var actions: [LSP.CodeAction] = []
        var dead: [NoteLink] = []
        var creating: Set<String> = []
        for link in context.analysis.links.links where !link.isExternal {
            let span = LinkSpans.span(of: link, in: context.document)
            guard span.lowerBound <= end, start <= span.upperBound, context.catalog.resolution(of: link, from: context.path) == .dead else { continue }
            dead.append(link)
            // A reference link and its definition name one note: one action.
            guard let note = context.workspace.vault.noteToCreate(for: link, from: context.path), let path = note.string,
                creating.insert(path).inserted, let draft = try? context.workspace.vault.draft(NewNote(title: Self.stem(of: path), body: ""), at: note)
            else { continue }
            actions.append(createNote(path, bytes: draft.bytes, context: context))
        }
        if !dead.isEmpty { actions.insert(contentsOf: movedLinkActions(dead, context: context), at: 0) }
        actions += taskActions(lines: (range.start.line + 1)...(max(range.start.line, range.end.line) + 1), context: context)
        actions += queryBlockActions(lines: (range.start.line + 1)...(max(range.start.line, range.end.line) + 1), context: context)
        actions += colourActions(context)
        if let extract = extractAction(start..<end, context: context) { actions.append(extract) }
        return Reply(actions)
    }

    /// One action for each note moved outside enote (recorded by the index) whose repair
    /// rewrites one of these dead links: the whole repair, every file it changes, as one
    /// WorkspaceEdit. None when a file to change is open with unsaved changes (the plan was made
    /// from the file on disk).
    private func movedLinkActions(_ dead: [NoteLink], context: DocumentContext) -> [LSP.CodeAction] {
        let workspace = context.workspace
        guard let moves = try? workspace.withIndex({ index throws(VaultError) in try index.recordedMoves() }), moves.contains(where: { !$0.isAmbiguous }),
            let repairs = try? workspace.withIndex({ index throws(VaultError) in try workspace.vault.moveRepairs(index: index) })
        else { return [] }
        let ranges = dead.compactMap(\.destinationRange)
        var actions: [LSP.CodeAction] = []
        for repair in repairs {
            guard let plan = repair.plan, let mine = repair.edits.first(where: { $0.path.string == context.path }),
                mine.before == context.document.bytes,
                mine.replacements.contains(where: { replacement in ranges.contains { $0.overlaps(replacement.range) } })
            else { continue }
            var changes: [LSP.DocumentChange] = []
            for edit in repair.edits {
                guard let path = edit.path.string else { continue }
                let uri = context.uri(of: path)
                let open = documents.document(uri)
                if let open, open.bytes != edit.before {
                    changes = []
                    break
                }
                let text = open ?? TextDocument(uri: uri, version: nil, text: String(decoding: edit.before, as: UTF8.self))
                let edits = edit.replacements.map { replacement in
                    LSP.TextEdit(range: text.range(of: replacement.range, encoding: context.encoding), newText: replacement.text)
                }
                changes.append(.edit(LSP.TextDocumentEdit(uri: uri, version: open?.version, edits: edits)))
            }
            guard !changes.isEmpty else { continue }
            let title = Localization.text("Rewrite the links broken by the move of \(plan.from) to \(plan.to)")
            actions.append(LSP.CodeAction(title: title, kind: .quickFix, isPreferred: true, edit: LSP.WorkspaceEdit(changes)))
        }
        return actions
    }

    /// A CreateFile that fails if the file appeared since (never written into), then the note's
    /// text (`bytes`, its draft).
    private func createNote(_ path: String, bytes: [UInt8], context: DocumentContext) -> LSP.CodeAction {
        let uri = context.uri(of: path)
        let insert = LSP.TextEdit.atStart(String(decoding: bytes, as: UTF8.self))
        return LSP.CodeAction(
            title: Localization.text("Create the note \(path)"), kind: .quickFix,
            edit: LSP.WorkspaceEdit([.create(LSP.CreateFile(uri: uri)), .edit(LSP.TextDocumentEdit(uri: uri, version: nil, edits: [insert]))]))
    }

    /// "Mark the task done" (or open again) for each task on `lines` (1-based): the byte between
    /// its brackets, and the `✅ DATE` the vault's `task_done_date` adds or removes, as TextEdits
    /// on the text as typed, from the same library call `enote task done` makes.
    func taskActions(lines: ClosedRange<Int>, context: DocumentContext) -> [LSP.CodeAction] {
        let stampDay = context.workspace.vault.config.taskDoneDate ? CalendarDay(context.now, in: context.timeZone) : nil
        let document = context.document
        return context.analysis.tasks.filter { lines.contains($0.line) }.prefix(20).map { task in
            let edits = task.toggleEdits(done: !task.isDone, stampDay: stampDay).map { edit in
                LSP.TextEdit(range: context.range(edit.range), newText: String(decoding: edit.bytes, as: UTF8.self))
            }
            let title = task.isDone ? Localization.text("Mark the task open again") : Localization.text("Mark the task done")
            return LSP.CodeAction(
                title: title, kind: .refactorRewrite,
                edit: LSP.WorkspaceEdit([.edit(LSP.TextDocumentEdit(uri: document.uri, version: document.version, edits: edits))]))
        }
    }

    /// One action for each palette colour: the byte edits of `enote set --color`
    /// (``FrontMatterEditor/edits(_:to:reading:file:)``: the `color:` value replaced, a line added
    /// before the block's closing `---`, or a block added, in the file's line endings) as
    /// `TextEdit`s. None where `enote set` refuses: a block enote cannot read or does not read as
    /// key: value lines, a colour given twice, a file that is not text.
    private func colourActions(_ context: DocumentContext) -> [LSP.CodeAction] {
        let document = context.document
        let content = context.analysis.content
        guard content.textProblem == nil else { return [] }
        return NoteColor.Palette.allCases.compactMap { colour in
            let change = FrontMatterEditor.Change.set(.color, YAMLWriter.scalar(colour.rawValue))
            guard let edits = try? FrontMatterEditor.edits([change], to: document.bytes, reading: content.frontMatter, file: context.path), !edits.isEmpty
            else { return nil }
            let textEdits = edits.map { edit in
                LSP.TextEdit(range: context.range(edit.range), newText: String(decoding: edit.bytes, as: UTF8.self))
            }
            return LSP.CodeAction(
                title: Localization.text("Set the colour to \(colour.rawValue)"), kind: .refactor,
                edit: LSP.WorkspaceEdit([.edit(LSP.TextDocumentEdit(uri: document.uri, version: document.version, edits: textEdits))]))
        }
    }
}
