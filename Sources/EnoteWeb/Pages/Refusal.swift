import Hummingbird
import NoteVault

/// The page of a refused or failed request: its status and one sentence saying what happened
/// and what to do, in the reader's language.
package enum Refusal {
    /// A small page with `message`.
    package static func page(_ status: HTTPResponse.Status, _ message: LocalizedMessage, _ language: Language) -> Response {
        let text = WebMessages.text(message, in: language)
        let title = WebMessages.text("enote serve", in: language)
        let html: HTML = """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title><link rel="stylesheet" href="/assets/style.css"></head>
            <body class="page-refusal"><main><h1>\(status.code) \(status.reasonPhrase)</h1><p class="error">\(text)</p>
            <p><a href="/">enote</a></p></main></body>
            </html>

            """
        return html.response(status: status)
    }
}
