import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// Done on an existing note: saved by the library (``Vault/save(_:to:from:force:)``) only
    /// over the revision the editor started from. A note changed on disk meanwhile is kept and
    /// the editor comes back showing both; one moved, removed or destroyed meanwhile is not
    /// there to show, and the editor comes back on the copy that holds the typed text. Either
    /// way the answer is 409 and says where the text was kept.
    func save(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let path = try Self.notePath(request, after: "/edit/")
        let form = context.form
        let fields = editorFields(form)
        let originalTitle = form["original_title"] ?? ""
        guard let revision = form["revision"].flatMap(NoteRevision.init) else {
            throw .invalidInput("the form did not say which version of the note it started from; open the editor again")
        }
        if let problem = fields.problem {
            let page = EditorPage(
                frame: frame(request, context), path: path, revision: revision.description, fields: fields, originalTitle: originalTitle,
                problem: problem)
            return page.render().response(status: .unprocessableContent)
        }
        // The note as it is now, to tell which keys the form changes. A note that is gone is not
        // an error here: the library's save keeps the typed text as a copy then, which gets
        // every key the form shows, since what the note had is not known any more.
        let current = try? web.vault.read(path)
        var edit = NoteEdit(body: fields.body)
        if fields.title != originalTitle || (current == nil && !fields.title.isEmpty) { edit.title = .set(fields.title) }
        edit.destroy = destroyChange(fields, current: current)
        let hadColor = current?.content.metadata.hasColor ?? false
        if fields.color.isEmpty || (fields.color == "white" && !hadColor) {
            edit.color = hadColor ? .remove : .keep
        } else if let color = fields.parsedColor, !(hadColor && current?.content.metadata.color == color) {
            edit.color = .set(color)
        }
        do {
            switch try web.vault.save(edit, to: path, from: revision) {
            case .saved(let note, _), .unchanged(let note):
                web.wrote([path, note.path])
                return Response(status: .seeOther, headers: [.location: NoteURL.show(note.path)])
            case .trashed(let entry):
                web.wrote([path])
                return Response(status: .seeOther, headers: [.location: "/?trashed=" + QueryEncoding.query(entry.trashedPath)])
            }
        } catch let error where Self.isStale(error) {
            web.wrote([path] + [Self.copy(of: error)].compactMap { $0 })
            return staleSavePage(error, path: path, revision: revision, fields: fields, request, context)
        } catch {
            let page = EditorPage(
                frame: frame(request, context), path: path, revision: revision.description, fields: fields, originalTitle: originalTitle,
                problem: error.message)
            return page.render().response(status: Self.status(of: error))
        }
    }

    /// Whether the library refused a save because the note is no longer the version the
    /// editor started from (changed, moved, removed or destroyed).
    static func isStale(_ error: VaultError) -> Bool {
        switch error {
        case .write(.conflict), .conflictCopy: true
        default: false
        }
    }

    /// The editor after a stale save (409), saying only what happened: the note on disk and the
    /// typed text side by side when the note is still there (and "both versions are kept" only
    /// when a copy was made); the copy itself, to go on editing, when the note is gone.
    func staleSavePage(
        _ error: VaultError, path: NotePath, revision: NoteRevision, fields: EditorPage.Fields, _ request: Request, _ context: WebContext
    ) -> Response {
        let copy = Self.copy(of: error)
        let page: EditorPage
        if let onDisk = try? web.vault.read(path) {
            page = EditorPage(
                frame: frame(request, context), path: path, revision: onDisk.revision.description, fields: fields,
                originalTitle: EditorPage.fields(of: onDisk, timeZone: web.clock.timeZone).title, problem: error.message,
                conflict: (onDisk, copy))
        } else if let copy, let kept = try? web.vault.read(copy) {
            page = EditorPage(
                frame: frame(request, context), path: copy, revision: kept.revision.description, fields: fields,
                originalTitle: EditorPage.fields(of: kept, timeZone: web.clock.timeZone).title, problem: error.message)
        } else {
            page = EditorPage(
                frame: frame(request, context), path: path, revision: revision.description, fields: fields, originalTitle: fields.title,
                problem: error.message)
        }
        return page.render().response(status: .conflict)
    }

    /// The copy of the typed text a stale save kept, if it made one.
    static func copy(of error: VaultError) -> NotePath? {
        switch error {
        case .write(.conflict(_, let copy)): copy
        case .conflictCopy(_, let copy, _, _): copy
        default: nil
        }
    }

    /// Delete: to the trash, then the list with an Undo button. The page's revision goes with
    /// it, so a note changed since the page showed it is not deleted (409), as a stale save is
    /// not written.
    func delete(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let path = try Self.notePath(request, after: "/delete/")
        var revision: NoteRevision?
        if let text = context.form["revision"], !text.isEmpty {
            guard let shown = NoteRevision(text) else {
                throw .invalidInput("the form did not say which version of the note it started from; open the editor again")
            }
            revision = shown
        }
        let entry: TrashEntry
        do {
            entry = try web.vault.trash.move(path, reason: .removed, from: revision)
        } catch .write(.conflict) {
            return Refusal.page(
                .conflict, "\(path) changed after this page showed it, so it was not deleted; open it again to see the new version",
                context.language)
        }
        web.wrote([path])
        return Response(status: .seeOther, headers: [.location: "/?trashed=" + QueryEncoding.query(entry.trashedPath)])
    }
}
