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
        let content: HTML = """
            <h1>\(frame.text("Search"))</h1>
            <form class="search-page" action="/search" method="get" role="search">
            <input type="search" name="q" id="search-input" value="\(query)" autofocus autocomplete="off" aria-label="\(frame.text("Search"))">
            <button type="submit">\(frame.text("Search"))</button>
            </form>
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
    }

    package func answer() -> Answer {
        let notes = results?.notes ?? []
        let total = results?.total ?? 0
        return Answer(
            query: query, total: total, notes: notes, urls: notes.map { NoteURL.show($0.path) }, summary: frame.text("\(count: total) notes match"),
            error: problem.map { frame.text($0) })
    }
}

extension WebServer {
    /// The search the page asks for: its results, or why the query finds nothing. As you type,
    /// the last word is still being written, so it is searched as a prefix (`potat` finds
    /// `potatoes`), as `potat*` would be on the command line, once it has
    /// ``prefixMinimum`` letters (see ``asYouType(_:)``).
    func search(_ request: Request, _ context: WebContext, asYouType: Bool = false) throws(VaultError) -> SearchPage {
        let query = FormFields(encoded: request.uri.query ?? "")["q"] ?? ""
        let frame = frame(request, context)
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return SearchPage(frame: frame, query: query, results: nil, problem: nil)
        }
        let words = asYouType ? Self.asYouType(query) : query
        let parsed: SearchQuery
        do {
            parsed = try SearchQuery(parsing: words)
        } catch {
            return SearchPage(frame: frame, query: query, results: nil, problem: error.message)
        }
        let filter = NoteFilter(now: web.clock.now())
        let results = try web.read { index throws(VaultError) in try index.search(parsed, filter: filter, limit: 50) }
        return SearchPage(frame: frame, query: query, results: results, problem: nil)
    }

    /// The shortest last word searched as a prefix as you type.
    static let prefixMinimum = 3

    /// The words typed so far as a query: the last word as a prefix once it has
    /// ``prefixMinimum`` letters, before that as a whole word. A prefix of one or two letters
    /// matches most of the words a vault has (`s*` reaches 94% of 100,000 notes, and took 1.4 s
    /// where the word `sandwich` takes 40 ms), and names nothing the next letter would not.
    /// Chinese, Japanese and Korean words are prefixes from their first character.
    /// A last word ending a phrase (`"`) or already a prefix (`*`) is left as typed.
    static func asYouType(_ query: String) -> String {
        guard let last = query.last, !last.isWhitespace, last != "*", last != "\"" else { return query }
        let word = query.reversed().prefix { !$0.isWhitespace && $0 != "\"" && $0 != "(" }
        // Chinese, Japanese and Korean (from U+2E80) say a word in one or two characters.
        let ideographic = word.contains { ($0.unicodeScalars.first?.value ?? 0) >= 0x2E80 }
        return word.count >= prefixMinimum || ideographic ? query + "*" : query
    }

    func searchPage(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        try search(request, context).render().response()
    }

    func searchJSON(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        JSONBody.response(try search(request, context, asYouType: true).answer(), context: NoteJSONContext(clock: web.clock))
    }
}
