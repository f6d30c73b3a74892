import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// The routes that only read: the list, search, a note and its pictures, the live feed, the
    /// assets, the language switch and the sign-in page.
    func addReadingRoutes(to router: Router<WebContext>) {
        router.get("/") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.listPage(request, context) }
        }
        router.get("/search") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.searchPage(request, context) }
        }
        router.get("/api/search") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.searchJSON(request, context) }
        }
        router.get("/n/**") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.showPath(request, context) }
        }
        router.get("/api/revision/**") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.revisionJSON(request, context) }
        }
        router.get("/events") { _, _ in self.eventStream() }
        router.get("/assets/:name") { _, context in
            self.assets.response(for: context.parameters.get("name") ?? "") ?? Refusal.page(.notFound, "No such file", context.language)
        }
        router.get("/lang") { request, _ in
            let query = FormFields(encoded: request.uri.query ?? "")
            let back = Self.localPath(query["back"])
            var response = Response(status: .seeOther, headers: [.location: back])
            if let language = query["set"].flatMap(Language.init(rawValue:)) {
                response.headers[.setCookie] = "enote_lang=\(language.rawValue); Path=/; SameSite=Strict; Max-Age=31536000"
            }
            return response
        }
        addSignInRoutes(to: router)
        addGalleryRoutes(to: router)
        addTrashRoutes(to: router)
        addTaskRoutes(to: router)
        addQueryRoutes(to: router)
    }

    /// `text` when it is a path on this server, else `/`: never a redirect to another site
    /// (`//evil.example`, `/\evil.example`, which browsers read as a host, or a scheme).
    static func localPath(_ text: String?) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
            !text.contains(where: { $0.isNewline || $0 == "\t" })
        else { return "/" }
        return text
    }

    /// The HTTP status for a library error, by its kind: the one place each gets its status.
    /// What the user sent is a 422, a race (the note changed or went, a sync stands in the way)
    /// a 409, a failure a 500; a refusal says which (no such note, a path or vault it may not
    /// touch, too large, another editor's lock) or is a 422.
    static func status(of error: VaultError) -> HTTPResponse.Status {
        switch error.kind {
        case .input: .unprocessableContent
        case .race: .conflict
        case .failure: .internalServerError
        case .refused:
            switch error {
            case .noteNotFound: .notFound
            case .path, .readOnly: .forbidden
            case .write(.tooLarge): .contentTooLarge
            case .openElsewhere: .conflict
            default: .unprocessableContent
            }
        }
    }

    func listPage(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let query = FormFields(encoded: request.uri.query ?? "")
        let asked = ListPage.Request(query: query)
        if let problem = asked.problem { return Refusal.page(.badRequest, problem, context.language) }
        var filter: NoteFilter
        do throws(NoteFilterInput.Problem) { filter = try asked.input.filter(clock: web.clock) } catch {
            return Refusal.page(.badRequest, "\(error.field.rawValue): \(error.message)", context.language)
        }
        let now = filter.now
        let key = asked.sort ?? (filter.expiringWithin != nil ? .destroy : web.vault.config.sort)
        let found: Result<([IndexedNote], Int), VaultError> = try web.read { index throws(VaultError) in
            do throws(VaultError) { try asked.input.resolveNotes(&filter, vault: web.vault, index: index) } catch { return .failure(error) }
            let notes = try index.list(filter, sort: NoteSort(key: key, reverse: asked.reverse), limit: asked.limit)
            return .success((notes, notes.count < asked.limit ? notes.count : try index.count(filter)))
        }
        let notes: [IndexedNote]
        let total: Int
        switch found {
        case .success(let result): (notes, total) = result
        case .failure(let error): return Refusal.page(.badRequest, error.message, context.language)
        }
        var page = ListPage(
            frame: frame(request, context), notes: notes, total: total, request: asked, sort: key, now: now, timeZone: web.clock.timeZone,
            trashed: query["trashed"])
        page.isRestrictive = filter.isRestrictive
        page.color = filter.color
        page.limit = web.vault.noteLimit()
        return page.render().response()
    }

    /// `/n/<path>`: a note's page (opened from a search hit found in one of its files, with that
    /// file's text open: ``NotePage/FoundPlace``), or a picture or PDF beside it
    /// (``fileResponse(_:)``); a folder's URL leads to the list of that folder.
    func showPath(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let raw = request.uri.path
        let slashed = raw.count > "/n/".count && raw.hasSuffix("/")
        let path: NotePath
        do { path = try NoteURL.path(in: slashed ? String(raw.dropLast()) : raw, after: "/n/") } catch { throw .path(error) }
        if (try? web.vault.fileStatus(path))?.kind == .directory {
            return Response(status: .seeOther, headers: [.location: "/?folder=" + QueryEncoding.query(path.description)])
        }
        if slashed { throw .noteNotFound(reference: path.description + "/", suggestions: []) }
        if !path.isMarkdown { return try fileResponse(path) }
        // One libcmark parse reads the note, its links and its body (RenderedNote).
        let rendered = try web.vault.readRendered(path)
        var page = NotePage(frame: frame(request, context), note: rendered.note, now: web.clock.now(), timeZone: web.clock.timeZone)
        let found = indexedLinks(of: rendered)
        (page.tags, page.backlinks, page.related) = (found.tags, backlinks(found), found.related)
        page.attachments = found.attachments
        page.foundPlace = NotePage.FoundPlace(query: FormFields(encoded: request.uri.query ?? ""))
        (page.linkedBody, page.deadLinks) = linkedBody(of: rendered, resolutions: found.resolutions)
        page.queryViews = queryViews(of: path, month: Self.month(FormFields(encoded: request.uri.query ?? "")["month"]), language: context.language)
        return page.render().response()
    }

    /// `/api/revision/<path>`: the note's current revision, for a page that heard it changed.
    func revisionJSON(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let path: NotePath
        do { path = try NoteURL.path(in: request.uri.path, after: "/api/revision/") } catch { throw .path(error) }
        let revision = web.vault.exists(path) ? try web.vault.read(path).revision.description : ""
        return JSONBody.response(Revision(path: path.description, revision: revision))
    }

    /// The answer of `/api/revision/<path>`: the revision is empty when the note is gone.
    struct Revision: Encodable {
        var path: String
        var revision: String
    }
}
