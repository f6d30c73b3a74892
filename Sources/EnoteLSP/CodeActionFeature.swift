import EnoteRPC
import Foundation
import NoteVault

/// `textDocument/codeAction`: create the note a dead link points to (a CreateFile and its first
/// heading, only where ``Vault/noteToCreate(for:from:)`` says a note can be made), rewrite the
/// links a note moved outside enote broke (the plan of `enote doctor --fix-links`), set the
/// note's colour (one TextEdit in the front matter), mark a task done or open again (the library's
/// toggle as TextEdits: ``taskActions(lines:context:)``), and move a selection into a new note
/// (``extractAction(_:context:)``).
/// Every change is a WorkspaceEdit the editor applies; the server writes nothing.
extension LanguageServer {
    func codeActions(_ params: JSONValue) throws(ResponseError) -> Reply {
        guard let uri = params["textDocument"]?["uri"]?.string, let range = params["range"]?.decode(LSP.Range.self) else {
            let method = "textDocument/codeAction"
            throw ResponseError(.invalidParams, Localization.text("the parameters of \(method) are not what the protocol says"))
        }
        guard let context = context(for: uri) else { return .null }
        let start = context.document.offset(of: range.start, encoding: context.encoding)
        let end = max(start, context.document.offset(of: range.end, encoding: context.encoding))
        var actions: [JSONValue] = []
        let resolver = context.catalog.resolver()
        var dead: [NoteLink] = []
        for link in context.analysis.links.links where LinkSpans.pointsAtNote(link) {
            let span = LinkSpans.span(of: link, in: context.document)
            guard span.lowerBound <= end, start <= span.upperBound, resolver.resolve(link, from: context.path) == .dead else { continue }
            dead.append(link)
            guard let note = context.workspace.vault.noteToCreate(for: link, from: context.path), let path = note.string else { continue }
            actions.append(createNote(path, title: Self.stem(of: path), context: context))
        }
        if !dead.isEmpty { actions.insert(contentsOf: movedLinkActions(dead, context: context), at: 0) }
        actions += taskActions(lines: (range.start.line + 1)...(max(range.start.line, range.end.line) + 1), context: context)
        actions += colourActions(context)
        if let extract = extractAction(start..<end, context: context) { actions.append(extract) }
        return Reply(JSONValue.array(actions))
    }

    /// One action for each note moved outside enote (recorded by the index) whose repair
    /// rewrites one of these dead links: the whole repair, every file it changes, as one
    /// WorkspaceEdit. None when a file to change is open with unsaved changes (the plan was made
    /// from the file on disk).
    private func movedLinkActions(_ dead: [NoteLink], context: DocumentContext) -> [JSONValue] {
        let workspace = context.workspace
        guard let moves = try? workspace.index.recordedMoves(), moves.contains(where: { !$0.isAmbiguous }),
            let repairs = try? workspace.vault.moveRepairs(index: workspace.index)
        else { return [] }
        let ranges = dead.compactMap(\.destinationRange)
        var actions: [JSONValue] = []
        for repair in repairs {
            guard let plan = repair.plan, let mine = repair.edits.first(where: { $0.path.string == context.path }),
                mine.before == context.document.bytes,
                mine.replacements.contains(where: { replacement in ranges.contains { $0.overlaps(replacement.range) } })
            else { continue }
            var changes: [JSONValue] = []
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
                    JSONValue.from(LSP.TextEdit(range: text.range(of: replacement.range, encoding: context.encoding), newText: replacement.text))
                }
                let version: JSONValue = open?.version.map { .int($0) } ?? .null
                changes.append(.object(["textDocument": .object(["uri": .string(uri), "version": version]), "edits": .array(edits)]))
            }
            guard !changes.isEmpty else { continue }
            let title = Localization.text("Rewrite the links broken by the move of \(plan.from) to \(plan.to)")
            actions.append(
                .object([
                    "title": .string(title), "kind": .string("quickfix"), "isPreferred": .bool(true),
                    "edit": .object(["documentChanges": .array(changes)]),
                ]))
        }
        return actions
    }

    /// A CreateFile that fails if the file appeared since (never written into), then its first
    /// heading.
    private func createNote(_ path: String, title: String, context: DocumentContext) -> JSONValue {
        let uri = context.uri(of: path)
        let origin = JSONValue.from(LSP.Position(line: 0, character: 0))
        let insert = JSONValue.object(["range": .object(["start": origin, "end": origin]), "newText": .string("# \(title)\n")])
        return .object([
            "title": .string(Localization.text("Create the note \(path)")), "kind": .string("quickfix"),
            "edit": .object([
                "documentChanges": .array([
                    .object([
                        "kind": .string("create"), "uri": .string(uri), "options": .object(["overwrite": .bool(false), "ignoreIfExists": .bool(false)]),
                    ]),
                    .object(["textDocument": .object(["uri": .string(uri), "version": .null]), "edits": .array([insert])]),
                ])
            ]),
        ])
    }

    /// "Mark the task done" (or open again) for each task on `lines` (1-based): the byte between
    /// its brackets, and the `✅ DATE` the vault's `task_done_date` adds or removes, as TextEdits
    /// on the text as typed, from the same library call `enote task done` makes.
    func taskActions(lines: ClosedRange<Int>, context: DocumentContext) -> [JSONValue] {
        let stampDay = context.workspace.vault.config.taskDoneDate ? CalendarDay(context.now, in: context.timeZone) : nil
        let uri = context.document.uri
        let version: JSONValue = context.document.version.map { .int($0) } ?? .null
        return context.analysis.tasks.filter { lines.contains($0.line) }.prefix(20).map { task in
            let edits = task.toggleEdits(done: !task.isDone, stampDay: stampDay).map { edit in
                JSONValue.from(LSP.TextEdit(range: context.range(edit.range), newText: String(decoding: edit.bytes, as: UTF8.self)))
            }
            let title = task.isDone ? Localization.text("Mark the task open again") : Localization.text("Mark the task done")
            return .object([
                "title": .string(title), "kind": .string("refactor.rewrite"),
                "edit": .object([
                    "documentChanges": .array([.object(["textDocument": .object(["uri": .string(uri), "version": version]), "edits": .array(edits)])])
                ]),
            ])
        }
    }

    /// One action for each palette colour: the `color:` value replaced, a `color:` line added
    /// before the block's closing `---`, or a front matter block added. A block enote cannot read
    /// gets no action (enote never rewrites it).
    private func colourActions(_ context: DocumentContext) -> [JSONValue] {
        let document = context.document
        let edit: (String) -> LSP.TextEdit
        switch context.analysis.content.frontMatter {
        case .unreadable:
            return []
        case .absent:
            let origin = LSP.Range(start: LSP.Position(line: 0, character: 0), end: LSP.Position(line: 0, character: 0))
            edit = { LSP.TextEdit(range: origin, newText: "---\ncolor: \($0)\n---\n") }
        case .parsed(let frontMatter):
            if let entry = frontMatter.entries.first(where: { $0.key.lowercased() == "color" || $0.key.lowercased() == "colour" }) {
                let span = entry.valueRange ?? entry.range
                let replacesLine = entry.valueRange == nil
                edit = { LSP.TextEdit(range: context.range(span), newText: replacesLine ? "\(entry.key): \($0)\n" : $0) }
            } else {
                let closing = document.lineIndex(of: max(0, context.analysis.content.bodyStart - 1))
                let at = context.range(document.lineStarts[closing]..<document.lineStarts[closing])
                edit = { LSP.TextEdit(range: at, newText: "color: \($0)\n") }
            }
        }
        let uri = document.uri
        let version: JSONValue = document.version.map { .int($0) } ?? .null
        return NoteColor.Palette.allCases.map { colour in
            .object([
                "title": .string(Localization.text("Set the colour to \(colour.rawValue)")), "kind": .string("refactor"),
                "edit": .object([
                    "documentChanges": .array([
                        .object(["textDocument": .object(["uri": .string(uri), "version": version]), "edits": .array([JSONValue.from(edit(colour.rawValue))])])
                    ])
                ]),
            ])
        }
    }
}
