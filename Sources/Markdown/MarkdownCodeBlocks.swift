import CCMark

/// The fenced code blocks of a Markdown text, as libcmark reads them: what a note's query
/// blocks (```` ```enote ````, ```` ```dataview ````, ```` ```tasks ````) are found with, so a
/// fence inside a list, a quote or another block is read exactly as a renderer would.
package struct MarkdownCodeBlock: Sendable, Equatable {
    /// The first word of the info string, lowercased (`dataview` of ```` ```dataview title ````).
    package var language: String
    /// The block's text, without the fences (and without a quote's `>` or a list's indent).
    package var text: String
    /// The 1-based line of the opening fence, in the text given.
    package var line: Int
    /// The 1-based line of the closing fence (the last line when the block is not closed).
    package var endLine: Int

    /// Every fenced code block of `markdown` whose language is one of `languages` (all when
    /// `nil`), in document order.
    package static func blocks(in markdown: String, languages: Set<String>? = nil) -> [MarkdownCodeBlock] {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            CMarkTree.withDocument(UnsafeRawBufferPointer(bytes)) { root in
                var blocks: [MarkdownCodeBlock] = []
                CMarkTree.walk(root) { event, node, type in
                    // Only a fenced block has an info string; an indented one names no language.
                    guard event == .enter, type == CMARK_NODE_CODE_BLOCK else { return }
                    let info = CMarkTree.string(cmark_node_get_fence_info(node))
                    let language = String(info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first ?? "").lowercased()
                    if language.isEmpty { return }
                    if let languages, !languages.contains(language) { return }
                    blocks.append(
                        MarkdownCodeBlock(
                            language: language, text: CMarkTree.string(cmark_node_get_literal(node)), line: Int(cmark_node_get_start_line(node)),
                            endLine: Int(cmark_node_get_end_line(node))))
                }
                return blocks
            } ?? []
        }
    }
}
