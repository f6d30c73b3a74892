import Foundation
import Hummingbird
import NoteVault

/// The frame around every page: the head (stylesheet, scripts, the CSRF token for scripts),
/// the bar (home, search, tasks, today's note, gallery, trash, new note, language) and the content.
package struct PageFrame: Sendable {
    package var language: Language
    /// The session's CSRF token, for scripts (`<meta name="csrf-token">`) and forms.
    package var csrfToken: String?
    /// Whether editing is switched off (`--read-only`): no "New note" button.
    package var readOnly: Bool
    /// The path of the page, for the language links to come back to.
    package var path: String

    package init(language: Language, csrfToken: String?, readOnly: Bool, path: String) {
        self.language = language
        self.csrfToken = csrfToken
        self.readOnly = readOnly
        self.path = path
    }

    /// `message` in the page's language.
    package func text(_ message: LocalizedMessage) -> String {
        WebMessages.text(message, in: language)
    }

    /// The hidden field every form that changes something carries.
    package var csrfField: HTML {
        guard let csrfToken else { return .empty }
        return "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">"
    }

    /// The whole page.
    package func page(title: String, kind: String, scripts: [String] = [], query: String = "", _ content: HTML) -> HTML {
        // search.js on every page: typing in the header's search box narrows the page at once.
        let names = ["live.js", "search.js"] + scripts.filter { $0 != "live.js" && $0 != "search.js" }
        let scriptTags = HTML.join(names.map { "<script src=\"/assets/\($0)\" defer></script>" as HTML })
        let languages = HTML.join(
            Language.allCases.map { other -> HTML in
                let name = Self.languageNames[other] ?? other.rawValue
                if other == language { return "<span class=\"lang current\" lang=\"\(other.rawValue)\">\(name)</span>" }
                let back = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
                return "<a class=\"lang\" lang=\"\(other.rawValue)\" href=\"/lang?set=\(other.rawValue)&amp;back=\(back)\">\(name)</a>"
            }, separator: " ")
        let newButton: HTML = readOnly ? .empty : "<a class=\"button new\" href=\"/new\">\(text("New note"))</a>"
        return """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="csrf-token" content="\(csrfToken ?? "")">
            <title>\(title) · enote</title>
            <link rel="stylesheet" href="/assets/style.css">
            \(scriptTags)
            </head>
            <body class="page-\(kind)" data-page="\(kind)">
            <header class="bar">
            <a class="home" href="/">enote</a>
            <form class="search" action="/search" method="get" role="search">
            <input type="search" name="q" id="header-search" value="\(query)" placeholder="\(text("Search"))" aria-label="\(text("Search"))" autocomplete="off">
            </form>
            <a class="tasks-link" href="/tasks">\(text("Tasks"))</a>
            <a class="today-link" href="/today">\(text("Today"))</a>
            <a class="gallery-link" href="/gallery">\(text("Gallery"))</a>
            <a class="trash-link" href="/trash">\(text("Trash"))</a>
            \(newButton)
            <nav class="languages">\(languages)</nav>
            </header>
            <div id="live_status" class="live-status" role="status" hidden></div>
            <main>
            \(content)
            </main>
            </body>
            </html>

            """
    }

    /// Each language's name in itself.
    static let languageNames: [Language: String] = [.english: "English", .russian: "Русский", .japanese: "日本語"]
}

extension HTML {
    /// An HTML response with `status`.
    package func response(status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: markup)))
    }
}
