import CCMark

/// Renders Markdown as readable plain text for sharing: paragraphs separated by blank lines,
/// list items with `-` or their number, code kept as it is, links as `text (url)`, images as
/// their alternative text, raw HTML left out.
///
/// For example:
///
/// ```swift
/// MarkdownPlainText.render("# Plan\n\n* one\n* two\n")   // "Plan\n\n- one\n- two\n"
/// ```
package enum MarkdownPlainText {
    /// The plain text of `markdown`.
    package static func render(_ markdown: String) -> String {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            CMarkTree.withDocument(UnsafeRawBufferPointer(bytes)) { root in
                var renderer = Renderer()
                renderer.walk(root)
                return renderer.finished()
            } ?? ""
        }
    }
}

private struct Renderer {
    private var output = ""
    private var listStack: [(ordered: Bool, next: Int)] = []
    private var quoteDepth = 0
    private var linkStack: [String] = []
    /// A new block has started: the next text is separated from what came before by a blank
    /// line (written only then, so nothing dangles at the end or piles up between blocks).
    private var blockPending = false
    /// The quote depth of the last text written, for the `>` marks of a blank separator line.
    private var writtenDepth = 0

    mutating func walk(_ root: OpaquePointer) {
        CMarkTree.walk(root) { event, node, type in
            if event == .enter { enter(node, type) } else { exit(node, type) }
        }
    }

    private mutating func enter(_ node: OpaquePointer, _ type: cmark_node_type) {
        switch type {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            if cmark_node_parent(node).map(cmark_node_get_type) != CMARK_NODE_ITEM || cmark_node_previous(node) != nil {
                startBlock()
            }
        case CMARK_NODE_LIST:
            // A list inside an item continues on the next line; any other list is a new block.
            if cmark_node_parent(node).map(cmark_node_get_type) == CMARK_NODE_ITEM { newLine() } else { startBlock() }
            listStack.append((cmark_node_get_list_type(node) == CMARK_ORDERED_LIST, Int(cmark_node_get_list_start(node))))
        case CMARK_NODE_ITEM:
            newLine()
            let indent = String(repeating: "  ", count: max(0, listStack.count - 1))
            if var list = listStack.popLast() {
                write(indent + (list.ordered ? "\(list.next). " : "- "))
                list.next += 1
                listStack.append(list)
            }
        case CMARK_NODE_BLOCK_QUOTE:
            startBlock()
            quoteDepth += 1
        case CMARK_NODE_CODE_BLOCK:
            startBlock()
            var literal = CMarkTree.string(cmark_node_get_literal(node))
            if literal.hasSuffix("\n") { literal.removeLast() }
            write(literal.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        case CMARK_NODE_THEMATIC_BREAK:
            startBlock()
            write("----")
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            write(CMarkTree.string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            newLine()
        case CMARK_NODE_LINK:
            linkStack.append(CMarkTree.string(cmark_node_get_url(node)))
        default:
            break
        }
    }

    private mutating func exit(_ node: OpaquePointer, _ type: cmark_node_type) {
        switch type {
        case CMARK_NODE_LIST:
            listStack.removeLast()
        case CMARK_NODE_BLOCK_QUOTE:
            quoteDepth -= 1
        case CMARK_NODE_LINK:
            let url = linkStack.popLast() ?? ""
            if !url.isEmpty, !output.hasSuffix(url) { write(" (\(url))") }
        default:
            break
        }
    }

    private mutating func startBlock() {
        blockPending = true
    }

    private mutating func newLine() {
        if !output.isEmpty, !output.hasSuffix("\n") { output += "\n" }
    }

    /// The `> ` marks of a line at `depth`.
    private func quotePrefix(_ depth: Int) -> String {
        String(repeating: "> ", count: depth)
    }

    /// Appends text (lines separated by `\n`), starting each line with the quote marks.
    private mutating func write(_ text: String) {
        if blockPending, !output.isEmpty {
            newLine()
            output += quotePrefix(min(writtenDepth, quoteDepth)).trimmingSuffix() + "\n"
        }
        blockPending = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { output += "\n" }
            if output.isEmpty || output.hasSuffix("\n") { output += quotePrefix(quoteDepth) }
            output += line
        }
        writtenDepth = quoteDepth
    }

    func finished() -> String {
        var text = output
        while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
        return text.isEmpty ? "" : text + "\n"
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
