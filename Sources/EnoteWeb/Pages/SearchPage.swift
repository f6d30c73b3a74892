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
        let hits = (results?.ordered ?? []).map { hit -> HTML in
            switch hit {
            case .note(let note): item(note)
            case .file(let file): item(file)
            }
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

    /// A found note: its swatch, title and snippet, linking to its page; one found in a
    /// picture's or PDF's text says where, and a PDF's opens at the page.
    private func item(_ note: IndexedNote) -> HTML {
        // A hit found only in a picture's or PDF's text says where: `receipt.png: …`.
        let place: HTML = note.foundIn.map { "<span class=\"found-in\">\(frame.text($0.label))</span>: " } ?? .empty
        let snippet: HTML =
            note.snippet.map { "<span class=\"snippet\">\(place)\(HTML(trusted: IndexedNote.htmlSnippet($0)))</span>" }
            ?? (note.foundIn == nil ? .empty : "<span class=\"snippet\">\(place)</span>")
        let file: HTML =
            Self.fileURL(of: note).map { url in
                "<a class=\"found-file\" href=\"\(url)\">\(frame.text("Open the PDF at p. \(String(note.foundIn?.page ?? 1))"))</a>"
            } ?? .empty
        return """
            <li class="note" data-path="\(note.path.description)"><a href="\(Self.url(of: note))">\(Swatch.svg(note.color))<span class="text">\
            <span class="title">\(note.title)</span>\(snippet)</span></a>\(file)</li>
            """
    }

    /// A PDF no note links: its name, where it is and the page its words are on, linking to the
    /// PDF opened at that page.
    private func item(_ file: FileHit) -> HTML {
        let snippet: HTML = file.snippet.map { ": \(HTML(trusted: IndexedNote.htmlSnippet($0)))" } ?? .empty
        return """
            <li class="file" data-path="\(file.place.path.description)"><a href="\(Self.url(of: file))"><span class="text">\
            <span class="title">\(file.title)</span><span class="snippet"><span class="found-in">\(frame.text(file.place.label))</span>\
            \(snippet)</span></span></a></li>
            """
    }

    /// The PDF of a file hit, opened at its page.
    static func url(of file: FileHit) -> String {
        NoteURL.file(file.place.path, page: file.place.page)
    }

    /// The page of a found note; of one found in a picture's or PDF's text, with that text open
    /// (``NotePage/FoundPlace``).
    static func url(of note: IndexedNote) -> String {
        note.foundIn.map { NotePage.FoundPlace.url(of: note.path, at: $0) } ?? NoteURL.show(note.path)
    }

    /// The PDF a note was found in, opened at the page found; `nil` for any other hit.
    static func fileURL(of note: IndexedNote) -> String? {
        guard let place = note.foundIn, let page = place.page else { return nil }
        return NoteURL.file(place.path, page: page)
    }

    /// What `/api/search` returns: `notes` are the found notes in the JSON `enote search --json`
    /// prints (``IndexedNote``'s: `color_rgb` is the swatch, `snippet` HTML with `<mark>`
    /// around matches, `found_in` the file a hit was found in), `urls` the page of each, in the
    /// same order; `places` says, for a hit found in a file's text, where (`contract.pdf p. 2`,
    /// in the reader's language) and for a PDF the URL that opens it at that page.
    package struct Answer: Encodable {
        var query: String
        var total: Int
        var notes: [IndexedNote]
        var urls: [String]
        var places: [Place?]
        /// The PDFs no note links that match, each with its place among the hits.
        var files: [File]
        var summary: String
        var error: String?
        /// What the library says about words it corrected, or about notes that match only some
        /// of the words (empty when the words were found as typed).
        var notices: [String]
    }

    /// A PDF no note links, found: `position` is its place among all the hits (notes and files,
    /// from 0), `label` where its words are (`papers/manual.pdf p. 2`, in the reader's
    /// language), `url` the PDF opened at that page, `snippet` as a note's.
    package struct File: Encodable {
        var path: String
        var title: String
        var label: String
        var url: String
        var snippet: String?
        var position: Int
    }

    /// Where a hit was found, when it was found in a picture's or PDF's text.
    package struct Place: Encodable {
        var label: String
        /// The PDF opened at the page (`/n/contract.pdf#page=2`); `nil` for a picture.
        var file: String?
        /// The words of the link to ``file``.
        var open: String?
    }

    package func answer() -> Answer {
        let notes = results?.notes ?? []
        let total = results?.total ?? 0
        return Answer(
            query: query, total: total, notes: notes, urls: notes.map(Self.url(of:)), places: notes.map(place(of:)),
            files: (results?.files ?? []).map { file in
                File(
                    path: file.place.path.description, title: file.title, label: frame.text(file.place.label), url: Self.url(of: file),
                    snippet: file.snippet.map(IndexedNote.htmlSnippet), position: file.position)
            },
            summary: frame.text("\(count: total) notes match"),
            error: problem.map { frame.text($0) }, notices: notices)
    }

    /// Where `note` was found, for `/api/search`.
    func place(of note: IndexedNote) -> Place? {
        guard let found = note.foundIn else { return nil }
        let open = found.page.map { frame.text("Open the PDF at p. \(String($0))") }
        return Place(label: frame.text(found.label), file: Self.fileURL(of: note), open: open)
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
    /// - Parameter files: Whether PDFs no note links are hits too (not when the list page
    ///   narrows its notes: `files=0`).
    func search(_ request: Request, _ context: WebContext, limit: Int = 50, files: Bool = true) throws(VaultError) -> SearchPage {
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
        let results = try web.read { index throws(VaultError) in try index.search(parsed, filter: filter, limit: limit, files: files) }
        return SearchPage(frame: frame, query: query, results: results, problem: nil)
    }

    /// The most hits `/api/search` returns.
    static let searchLimit = 1000

    func searchPage(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        try search(request, context).render().response()
    }

    func searchJSON(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let asked = FormFields(encoded: request.uri.query ?? "")["limit"].flatMap { Int($0) } ?? 50
        let files = FormFields(encoded: request.uri.query ?? "")["files"] != "0"
        let page = try search(request, context, limit: min(max(asked, 1), Self.searchLimit), files: files)
        return JSONBody.response(page.answer(), context: NoteJSONContext(clock: web.clock))
    }
}
