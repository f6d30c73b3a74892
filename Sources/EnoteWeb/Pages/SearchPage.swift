import Foundation
import Hummingbird
import NoteVault

/// Search results: a plain form that works without JavaScript (`/search?q=`), and the same hits
/// as JSON for the search-as-you-type script (`/api/search?q=`).
package struct SearchPage {
    let frame: PageFrame
    let query: String
    let results: SearchResults?
    let problem: LocalizedMessage?

    package init(frame: PageFrame, query: String, results: SearchResults?, problem: LocalizedMessage?) {
        self.frame = frame
        self.query = query
        self.results = results
        self.problem = problem
    }

    package func render() -> HTML {
        let hits = (results?.notes ?? []).map { note -> HTML in
            let snippet: HTML = note.snippet.map { "<span class=\"snippet\">\(HTML(trusted: IndexedNote.htmlSnippet($0)))</span>" } ?? .empty
            return """
                <li class="note" data-path="\(note.path.description)"><a href="\(NoteURL.show(note.path))">\(Swatch.svg(note.color))<span class="text">\
                <span class="title">\(note.title)</span>\(snippet)</span></a></li>
                """
        }
        let summary: HTML =
            if let problem { "<p class=\"error\">\(frame.text(problem))</p>" } else if let results {
                "<p class=\"count\" id=\"search-count\">\(frame.text("\(count: results.total) notes match"))</p>"
            } else { .empty }
        let notices = HTML.join(self.notices.map { "<p class=\"notice\">\($0)</p>" as HTML }, separator: "\n")
        let content: HTML = """
            <h1>\(frame.text("Search"))</h1>
            <form class="search-page" action="/search" method="get" role="search">
            <input type="search" name="q" id="search-input" value="\(query)" autofocus autocomplete="off" aria-label="\(frame.text("Search"))">
            <button type="submit">\(frame.text("Search"))</button>
            </form>
            \(notices)
            \(summary)
            <ul class="notes" id="search-results">
            \(HTML.join(hits, separator: "\n"))
            </ul>
            """
        return frame.page(title: frame.text("Search"), kind: "search", scripts: ["search.js"], query: query, content)
    }

    /// What `/api/search` returns: `notes` are the found notes in the JSON `enote search --json`
    /// prints (``IndexedNote``'s: `color_rgb` is the swatch, `snippet` HTML with `<mark>`
    /// around matches), `urls` the page of each, in the same order.
    package struct Answer: Encodable {
        var query: String
        var total: Int
        var notes: [IndexedNote]
        var urls: [String]
        var summary: String
        var error: String?
        /// What the library says about words it corrected, or about notes that match only some
        /// of the words (empty when the words were found as typed).
        var notices: [String]
    }

    package func answer() -> Answer {
        let notes = results?.notes ?? []
        let total = results?.total ?? 0
        return Answer(
            query: query, total: total, notes: notes, urls: notes.map { NoteURL.show($0.path) }, summary: frame.text("\(count: total) notes match"),
            error: problem.map { frame.text($0) }, notices: notices)
    }

    /// The corrections and the "some of the words" notice, in the reader's language.
    var notices: [String] {
        guard let results else { return [] }
        var notices = results.corrections.map { frame.text($0.message) }
        if !results.matchesEveryWord { notices.append(frame.text(SearchResults.someWordsMessage)) }
        return notices
    }
}

extension WebServer {
    /// The search the page asks for: its results, or why the query finds nothing. What a word
    /// finds (its forms, the last word as the beginning of one, a slip corrected) is the
    /// library's one rule (``SearchPlanner``), the same as `enote search`'s.
    /// - Parameter limit: How many hits to return: the page shows 50; the header's search box
    ///   asks for more (`limit=`, at most ``searchLimit``) to narrow a long list.
    func search(_ request: Request, _ context: WebContext, limit: Int = 50) throws(VaultError) -> SearchPage {
        let fields = FormFields(encoded: request.uri.query ?? "")
        let query = fields["q"] ?? ""
        let frame = frame(request, context)
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return SearchPage(frame: frame, query: query, results: nil, problem: nil)
        }
        let parsed: SearchQuery
        do {
            parsed = try SearchQuery(parsing: query)
        } catch {
            return SearchPage(frame: frame, query: query, results: nil, problem: error.message)
        }
        let filter = NoteFilter(now: web.clock.now())
        let results = try web.read { index throws(VaultError) in try index.search(parsed, filter: filter, limit: limit) }
        return SearchPage(frame: frame, query: query, results: results, problem: nil)
    }

    /// The most hits `/api/search` returns.
    static let searchLimit = 1000

    func searchPage(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        try search(request, context).render().response()
    }

    func searchJSON(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let asked = FormFields(encoded: request.uri.query ?? "")["limit"].flatMap { Int($0) } ?? 50
        let page = try search(request, context, limit: min(max(asked, 1), Self.searchLimit))
        return JSONBody.response(page.answer(), context: NoteJSONContext(clock: web.clock))
    }
}
