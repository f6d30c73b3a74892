import Markdown

extension NoteHeadline {
    /// A note typed whole, its first line of text meant as the title (`enote new --edit` without
    /// a title): the title by the same rule a list uses for a note without a `title` key
    /// (Markdown removed through libcmark, whitespace collapsed, cut at ``titleLength``), and
    /// the text without that line.
    ///
    /// Lines before it that hold no text (a rule, a picture) stay in the body.
    ///
    /// ```swift
    /// NoteHeadline.splittingTitle(from: "# Grocery *list*\n\nPotatoes\n")
    /// // (title: "Grocery list", body: "\nPotatoes\n")
    /// ```
    /// - Returns: An empty title when no line holds text.
    public static func splittingTitle(from text: String) -> (title: String, body: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (position, line) in lines.enumerated() {
            var words = CollapsedLines(MarkdownSummary(parsing: String(line)).plainText)
            guard let first = words.next() else { continue }
            let body = lines[..<position].filter { !$0.allSatisfy(\.isWhitespace) } + lines[(position + 1)...]
            return (truncate(first, to: titleLength), body.joined(separator: "\n"))
        }
        return ("", text)
    }
}
