import EnoteRPC
import Foundation
import NoteVault

/// Renaming a note from the editor: `textDocument/prepareRename`, `textDocument/rename` and
/// `workspace/willRenameFiles`. The plan is ``Vault/planRename(_:to:graph:)``'s, the one
/// `enote mv` writes (its link graph answered from the index); the server only turns its byte edits into a `WorkspaceEdit` the editor
/// applies (a RenameFile and the link edits), and never writes a file itself.
extension LanguageServer {
    /// What a rename at a position renames: the note a link leads to, or the document's own note
    /// from its `title:` value or its first heading of level 1; with the span the editor marks.
    func renameTarget(_ context: DocumentContext, at position: LSP.Position) -> (path: String, span: Range<Int>)? {
        let offset = context.document.offset(of: position, encoding: context.encoding)
        if let link = LinkSpans.link(at: offset, in: context), !link.isExternal,
            case .resolved(let path) = context.catalog.resolution(of: link, from: context.path), NotePath.isMarkdownName(path)
        {
            return (path, link.destinationRange ?? LinkSpans.span(of: link, in: context.document))
        }
        for span in titleSpans(context) where span.contains(offset) || span.upperBound == offset {
            return (context.path, span)
        }
        return nil
    }

    /// The bytes of the note's title: the `title:` value and the text of the first `# heading`.
    private func titleSpans(_ context: DocumentContext) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        if let title = context.analysis.entries.first(where: { $0.key.lowercased() == "title" }), let range = title.valueRange {
            spans.append(range)
        }
        let bytes = context.document.bytes
        if let heading = NoteHeading.headings(in: bytes, bodyStart: context.analysis.content.bodyStart).first(where: { $0.level == 1 }) {
            let line = heading.line - 1
            guard line < context.document.lineStarts.count else { return spans }
            var start = context.document.lineStarts[line]
            let end = context.document.lineContentEnd(line)
            while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            while start < end, bytes[start] == UInt8(ascii: "#") { start += 1 }
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            spans.append(start..<end)
        }
        return spans
    }

    /// `textDocument/prepareRename`: the span to rename and the note's name as the placeholder,
    /// or `null` where there is nothing to rename.
    func prepareRename(_ context: DocumentContext, at position: LSP.Position) -> Reply {
        switch renameSubject(context, at: position) {
        case .note(let path, let span):
            return Reply(PrepareRenameResult(range: context.range(span), placeholder: Self.stem(of: path)))
        case .tag(let name, let span):
            return Reply(PrepareRenameResult(range: context.range(span), placeholder: name))
        case .heading(let heading, let span):
            return Reply(PrepareRenameResult(range: context.range(span), placeholder: heading.text))
        case nil:
            return .null
        }
    }

    /// What a rename at a position renames.
    enum RenameSubject {
        /// A note: from a link to it, its `title:` or its first `# heading`.
        case note(String, Range<Int>)
        /// A tag, everywhere it is used.
        case tag(String, Range<Int>)
        /// A heading other than the title, with the links that name it.
        case heading(NoteHeading, Range<Int>)
    }

    /// A link to a note first, then a tag (one may stand in the title heading), then the note's
    /// title, then another heading.
    func renameSubject(_ context: DocumentContext, at position: LSP.Position) -> RenameSubject? {
        let offset = context.document.offset(of: position, encoding: context.encoding)
        if let link = LinkSpans.link(at: offset, in: context), !link.isExternal, let target = renameTarget(context, at: position) {
            return .note(target.path, target.span)
        }
        if let tag = tag(at: offset, in: context) { return .tag(tag.name, tag.span) }
        if let target = renameTarget(context, at: position) { return .note(target.path, target.span) }
        if let heading = heading(at: offset, in: context) { return .heading(heading.heading, heading.span) }
        return nil
    }

    /// `textDocument/rename`: the note renamed to `newName` (where ``Vault/renameTarget(_:for:)``
    /// puts it, as `enote mv` does: a name in the note's folder, a path from the vault's root),
    /// with every link the rename plan rewrites.
    func rename(_ decoded: LSP.RenameParams) throws(ResponseError) -> Reply {
        guard let context = context(for: decoded.textDocument.uri) else { return .null }
        let path: String
        switch renameSubject(context, at: decoded.position) {
        case .note(let note, _): path = note
        case .tag(let name, _): return try renameTag(name, to: decoded.newName, context: context)
        case .heading(let heading, _): return try renameHeading(heading, to: decoded.newName, context: context)
        case nil:
            throw ResponseError(
                .requestFailed,
                Localization.text("there is nothing to rename here: put the cursor on a link to a note, the note's title, a tag or a heading"))
        }
        let newPath: NotePath
        do throws(VaultError) {
            newPath = try context.workspace.vault.renameTarget(decoded.newName, for: NotePath(trusted: path))
        } catch {
            throw ResponseError(.invalidParams, error.description)
        }
        let plan = try plan(context.workspace, from: path, to: newPath)
        var changes = try textChanges(plan.edits, in: context.workspace)
        changes.append(.rename(LSP.RenameFile(oldUri: context.uri(of: path), newUri: context.uri(of: newPath.description))))
        return Reply(LSP.WorkspaceEdit(changes))
    }

    /// `workspace/willRenameFiles`: the link edits for the notes, pictures and folders the
    /// editor is about to move, planned per vault as one move (``Vault/planMoves(_:graph:)``), so
    /// that files moved together keep their links to each other and no range gets two edits. The
    /// edits are for the files as they are, before the move, as the protocol says. A batch the
    /// plan refuses (a link that would become ambiguous, two files moved to one path) gets no
    /// edits, and a log line says why.
    func willRenameFiles(_ params: LSP.RenameFilesParams) -> Reply {
        var batches: [(workspace: VaultWorkspace, moves: [RenameMove])] = []
        for file in params.files {
            guard let (workspace, old) = place(of: file.oldUri), let (other, new) = place(of: file.newUri), other === workspace
            else { continue }
            let move = RenameMove(from: old, to: new)
            if let index = batches.firstIndex(where: { $0.workspace === workspace }) {
                batches[index].moves.append(move)
            } else {
                batches.append((workspace, [move]))
            }
        }
        var changes: [LSP.DocumentChange] = []
        for (workspace, moves) in batches {
            do throws(ResponseError) {
                let plan: RenameBatchPlan
                do throws(VaultError) {
                    plan = try workspace.withIndex { index throws(VaultError) in try workspace.vault.planMoves(moves, graph: IndexLinkGraph(index: index)) }
                } catch {
                    throw ResponseError(.requestFailed, error.description)
                }
                changes += try textChanges(plan.edits, in: workspace)
            } catch {
                let names = moves.map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
                log(.warning, "enote lsp: the links were not updated for the move of \(names): \(error.message)")
            }
        }
        guard !changes.isEmpty else { return .null }
        return Reply(LSP.WorkspaceEdit(changes))
    }

    /// The vault and vault-relative path of a file or folder URI (which need not exist), or nil
    /// outside every vault.
    private func place(of uri: String) -> (VaultWorkspace, NotePath)? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let file = url.standardizedFileURL.path
        guard let root = try? VaultLocator.locate(explicit: nil, environment: [:], currentDirectory: (file as NSString).deletingLastPathComponent),
            let workspace = workspace(at: root), let relative = workspace.relativePath(of: file),
            let path = try? NotePath(validating: relative, purpose: .lookup)
        else { return nil }
        return (workspace, path)
    }

    private func plan(_ workspace: VaultWorkspace, from: String, to destination: NotePath) throws(ResponseError) -> RenamePlan {
        do throws(VaultError) {
            return try workspace.withIndex { index throws(VaultError) in
                try workspace.vault.planRename(NotePath(trusted: from), to: destination, graph: IndexLinkGraph(index: index))
            }
        } catch {
            throw ResponseError(.requestFailed, error.description)
        }
    }

    /// One `TextDocumentEdit` for each file whose links change, its ranges in the client's
    /// encoding. A file open with unsaved changes would get edits made for another text, so the
    /// rename stops and asks for it to be saved.
    func textChanges(_ edits: [RenamePlan.FileEdit], in workspace: VaultWorkspace) throws(ResponseError) -> [LSP.DocumentChange] {
        var changes: [LSP.DocumentChange] = []
        for edit in edits where !edit.replacements.isEmpty {
            guard let path = edit.path.string else { continue }
            let uri = URL(fileURLWithPath: workspace.vault.root + "/" + path).absoluteString
            let open = documents.document(uri)
            if let open, open.bytes != edit.before {
                throw ResponseError(.requestFailed, Localization.text("\(path) has changes that are not saved; save it, then rename again"))
            }
            let text = open ?? TextDocument(uri: uri, version: nil, text: String(decoding: edit.before, as: UTF8.self))
            let edits = edit.replacements.map { replacement in
                LSP.TextEdit(range: text.range(of: replacement.range, encoding: encoding), newText: replacement.text)
            }
            changes.append(.edit(LSP.TextDocumentEdit(uri: uri, version: open?.version, edits: edits)))
        }
        return changes
    }

    /// A note's file name without its folder and `.md`.
    static func stem(of path: String) -> String {
        NotePath.droppingMarkdownExtension(path.split(separator: "/").last.map(String.init) ?? path)
    }
}

/// The answer of `textDocument/prepareRename`: the span to rename and the name to offer.
struct PrepareRenameResult: Encodable, Sendable {
    var range: LSP.Range
    var placeholder: String
}
