import Markdown
import NoteVault

extension NotePage {
    /// The scripts a note's page needs for its query views: query.js (a board's moves, live
    /// redrawing) and tasks.js (a task's checkbox); none without views.
    var queryScripts: [String] { queryViews.isEmpty ? [] : ["query.js", "tasks.js"] }

    /// The body's HTML with each query block's code replaced by its view, in place: the k-th
    /// block libcmark drew as ```` ```enote ````, ```` ```dataview ```` or ```` ```tasks ````
    /// code (``QueryBlock/blocks(in:)``'s order) by ``queryViews``[k].
    func withQueryViews(_ body: String) -> String {
        guard !queryViews.isEmpty else { return body }
        let views = queryViews
        return MarkdownHTML.replacingCodeBlocks(body, languages: Set(QueryBlock.languages.keys)) { number in
            number < views.count ? views[number] : nil
        }
    }
}
