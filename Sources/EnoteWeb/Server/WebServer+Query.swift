import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// How long one query block may run for a page: past it the block shows its error in
    /// place, and the page (and the server) goes on.
    static let queryTimeLimit: TimeInterval = 2
    /// How long all the blocks of one page may run together: a note of many slow blocks is
    /// answered within this, its later blocks saying they were not run.
    static let pageQueryTimeLimit: TimeInterval = 4

    /// `GET /api/query-views/<path>`: the note's query blocks drawn afresh (an HTML fragment of
    /// `.query-view` elements, in order), for a page that heard notes change (query.js);
    /// `POST /query/move`: a board's card moved to another lane (``moveCard(_:_:)``).
    func addQueryRoutes(to router: Router<WebContext>) {
        router.get("/api/query-views/**") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let path: NotePath
                do throws(PathError) { path = try NoteURL.path(in: request.uri.path, after: "/api/query-views/") } catch { throw .path(error) }
                guard self.web.vault.exists(path) else { throw .noteNotFound(reference: path.description, suggestions: []) }
                let month = Self.month(FormFields(encoded: request.uri.query ?? "")["month"])
                let views = self.queryViews(of: path, month: month, language: context.language)
                return HTML(trusted: "<div id=\"query_views\">" + views.joined() + "</div>").response()
            }
        }
        guard !options.readOnly else { return }
        router.post("/query/move") { request, context in await self.work.run { self.moveCard(request, context) } }
    }

    /// The month a page's `?month=YYYY-MM` names (its first day), or `nil`.
    static func month(_ text: String?) -> CalendarDay? {
        guard let text, text.utf8.count == 7 else { return nil }
        let parts = text.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        return CalendarDay(year: year, month: month, day: 1)
    }

    /// The note's query blocks, each run over the index (within ``queryTimeLimit``, all within
    /// ``pageQueryTimeLimit``) and drawn
    /// by the library's renderer (``QueryHTML``), in the order of the blocks; none when the note
    /// has none. The time taken is the response's `query` server timing.
    func queryViews(of path: NotePath, month: CalendarDay?, language: Language) -> [String] {
        let started = ContinuousClock.now
        let now = web.clock.now()
        let zone = web.clock.timeZone
        let today = CalendarDay(now, in: zone)
        guard let reads = try? web.vault.queryBlocks(of: path, today: today), !reads.isEmpty else { return [] }
        defer {
            let elapsed = ContinuousClock.now - started
            ServerTiming.Account.current?.addQueryTime(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        var options = NoteIndex.QueryOptions(now: now, timeZone: zone, note: path)
        options.timeLimit = Self.queryTimeLimit
        let outcomes: [QueryBlockOutcome]
        do throws(VaultError) {
            outcomes = try web.read { index throws(VaultError) in QueryBlockOutcome.run(reads, index: index, options: options, pageLimit: Self.pageQueryTimeLimit) }
        } catch {
            outcomes = reads.map { .failure(NoteQueryError(error.message, line: $0.block.line, column: 1)) }
        }
        var drawer = QueryHTML(
            today: today, locale: language.webLocale, link: { note, _ in NoteURL.show(note) }, text: { WebMessages.text($0, in: language) })
        drawer.interactive = !self.options.readOnly
        drawer.month = month
        let page = NoteURL.show(path)
        drawer.monthLink = { day in page + "?month=" + String(day.description.prefix(7)) }
        return zip(reads, outcomes).enumerated().map { number, pair in
            drawer.block(pair.1, index: number, line: pair.0.block.line, language: pair.0.block.language)
        }
    }

    /// The names a board cannot move a card by: what enote works out rather than reads from
    /// the front matter.
    static let computedKeys: Set<String> = ["path", "name", "folder", "tags", "file", "this", "created", "updated", "order"]

    /// A board's card moved to another lane: the note's front matter key set to the lane's
    /// value (removed for the lane of notes without it), one line changed and nothing else
    /// (`updated` is not stamped), checked against the revision the page showed: a note changed
    /// since is a 409 and nothing is written. Answers the note's new revision as JSON.
    func moveCard(_ request: Request, _ context: WebContext) -> Response {
        do throws(VaultError) {
            let form = context.form
            let path = try Self.vaultPath(form["path"])
            guard let key = form["key"], !key.isEmpty, !Self.computedKeys.contains(key.lowercased()),
                !key.contains(where: { $0 == "." || $0 == ":" || $0.isWhitespace || $0 == "#" })
            else {
                throw .invalidInput("a board can move a card only by a front matter key")
            }
            guard let revision = form["revision"].flatMap(NoteRevision.init) else {
                throw .invalidInput("the form did not say which version of the note it started from; reload the page")
            }
            let value = form["value"] ?? ""
            // Every other spelling of a key enote knows (`colour` for `color`), so that the line the
            // note has is the one changed rather than a second key added beside it.
            var aliases = FrontMatterKey(spelling: key.lowercased())?.spellings.filter { $0 != key } ?? []
            // A query reads keys whatever their case (`board by Status` groups `status:`): the
            // note's own spelling is the line to change.
            if case .parsed(let frontMatter)? = (try? web.vault.read(path))?.content.frontMatter {
                for entry in frontMatter.entries where entry.key != key && entry.key.lowercased() == key.lowercased() && !aliases.contains(entry.key) {
                    aliases.append(entry.key)
                }
            }
            let change: FrontMatterEditor.Change
            switch form["type"] {
            case "null": change = .remove(key: key, aliases: aliases)
            case "value": change = .set(key: key, aliases: aliases, yaml: YAMLWriter.scalar(value, intent: .timestamp))
            default: change = .set(key: key, aliases: aliases, yaml: YAMLWriter.scalar(value))
            }
            let note = try web.vault.updateFrontMatter(of: path, [change], stampUpdated: false, revision: revision)
            web.wrote([path])
            return JSONBody.response(Revision(path: path.description, revision: note.revision.description))
        } catch {
            return JSONBody.response(JSONBody.Refusal(error: WebMessages.text(error.message, in: context.language)), status: Self.status(of: error))
        }
    }
}
