import Markdown

/// A note's body as HTML, for front ends that show it (`enote show --html`).
extension NoteContent {
    /// The body (front matter left out) rendered by libcmark, safely: raw HTML and
    /// `javascript:` links removed, so the result is inert in a browser.
    public var bodyHTML: String {
        MarkdownHTML.render(bodyText)
    }
}
