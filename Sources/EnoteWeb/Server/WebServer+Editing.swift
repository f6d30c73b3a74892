import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// The routes that change notes (left out with `--read-only`, where the guard refuses every
    /// POST as well): new, edit (Done), delete to the trash, and undo.
    func addEditingRoutes(to router: Router<WebContext>) {
        router.get("/new") { request, context in
            await self.answer(context) { () throws(VaultError) in
                if let limit = self.web.vault.noteLimit(), limit.isReached {
                    return DemoLimit.page(limit, frame: self.frame(request, context)).response(status: .forbidden)
                }
                let page = EditorPage(
                    frame: self.frame(request, context), path: nil, revision: "", fields: self.newEditorFields(), originalTitle: "")
                return page.render().response()
            }
        }
        router.post("/new") { request, context in
            await self.answer(context) { () throws(VaultError) in self.create(request, context) }
        }
        router.get("/edit/**") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.editorPage(request, context) }
        }
        router.post("/edit/**") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.save(request, context) }
        }
        router.post("/delete/**") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.delete(request, context) }
        }
        addOrderRoutes(to: router)
        addPictureRoutes(to: router)
        router.post("/undo") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.undo(request, context) }
        }
    }

    /// The fields a submitted editor holds (a browser sends CRLF line ends: the note gets LF).
    static func fields(of form: FormFields) -> EditorPage.Fields {
        var fields = EditorPage.Fields()
        fields.title = form["title"] ?? ""
        fields.body = (form["body"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        fields.color = form["color"] ?? ""
        return fields
    }

    /// Done on a new note: created through the library, which refuses one without a title or
    /// content (the editor comes back with the typed text and the reason).
    func create(_ request: Request, _ context: WebContext) -> Response {
        let fields = editorFields(context.form)
        if let problem = fields.problem {
            let page = EditorPage(frame: frame(request, context), path: nil, revision: "", fields: fields, originalTitle: "", problem: problem)
            return page.render().response(status: .unprocessableContent)
        }
        var images: [ImageAttachment] = []
        if let upload = context.upload, !upload.bytes.isEmpty {
            do {
                images = [try ImageAttachment(bytes: upload.bytes, name: upload.fileName)]
            } catch {
                let page = EditorPage(frame: frame(request, context), path: nil, revision: "", fields: fields, originalTitle: "", problem: error.message)
                return page.render().response(status: Self.pictureStatus(of: upload))
            }
        }
        let color = fields.parsedColor == .palette(.white) ? nil : fields.parsedColor
        do {
            let note = try web.vault.create(NewNote(title: fields.title, body: fields.body, color: color, destroy: fields.destroyDate, images: images))
            web.wrote([note.path])
            return Response(status: .seeOther, headers: [.location: NoteURL.show(note.path)])
        } catch {
            let page = EditorPage(frame: frame(request, context), path: nil, revision: "", fields: fields, originalTitle: "", problem: error.message)
            return page.render().response(status: Self.status(of: error))
        }
    }

    /// `/edit/<path>`: the editor on the note as it is now.
    func editorPage(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let path = try Self.notePath(request, after: "/edit/")
        let note = try web.vault.read(path)
        let fields = editorFields(of: note)
        let problem = note.content.textProblem?.message
        return EditorPage(
            frame: frame(request, context), path: path, revision: note.revision.description, fields: fields, originalTitle: fields.title,
            problem: problem
        ).render().response()
    }

    /// Undo of a delete: the note comes back from the trash.
    func undo(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let name = context.form["entry"] ?? ""
        guard let entry = web.vault.trash.entries().first(where: { $0.trashedPath == name }) else {
            throw .noteNotFound(reference: ".trash/" + name, suggestions: [])
        }
        let restored = try web.vault.trash.restore(entry)
        web.wrote([restored])
        return Response(status: .seeOther, headers: [.location: NoteURL.show(restored)])
    }

    /// The note path after `prefix` in the request.
    static func notePath(_ request: Request, after prefix: String) throws(VaultError) -> NotePath {
        do { return try NoteURL.path(in: request.uri.path, after: prefix) } catch { throw .path(error) }
    }
}

/// Percent-encoding of a query value.
enum QueryEncoding {
    static func query(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
