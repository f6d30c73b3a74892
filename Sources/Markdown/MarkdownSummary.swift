import CCMark

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a note's Markdown says once the markup is removed: its text line by line, and the
/// images and links it points to.
///
/// A summary is produced in one pass over the libcmark tree; no C pointer outlives the call.
///
/// For example:
///
/// ```swift
/// let summary = MarkdownSummary(parsing: "# Grocery *list*\n\nPotatoes\nEggs\n")
/// summary.lines   // ["Grocery list", "Potatoes", "Eggs"]
/// ```
package struct MarkdownSummary: Sendable, Equatable {
    /// The plain text: a heading, each line of a paragraph, each line of a code block, each on
    /// its own line (separated by `"\n"`, no empty lines). Inline markup is removed, entities
    /// are decoded, images contribute their alternative text, raw HTML is left out.
    package var plainText: String

    /// The plain text, one entry per line.
    package var lines: [String] {
        plainText.isEmpty ? [] : plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The destinations of every image (`![alt](destination)`), in document order.
    package var imageSources: [String]

    /// The destinations of every link (`[text](destination)`), in document order.
    package var linkDestinations: [String]

    /// Parses `markdown` with libcmark and reduces it to plain text, images and links.
    package init(parsing markdown: String) {
        var markdown = markdown
        self = markdown.withUTF8 { bytes in
            MarkdownSummary(parsingUTF8: UnsafeRawBufferPointer(bytes))
        }
    }

    /// Parses UTF-8 bytes with libcmark and reduces them to plain text, images and links.
    package init(parsingUTF8 bytes: UnsafeRawBufferPointer) {
        self = Self.parse(bytes, mappingSyntax: false).summary
    }

    /// Parses UTF-8 bytes once and returns both the summary and the ``MarkdownSyntaxMap``, so
    /// that extracting links costs a walk of the tree, not a second parse.
    package static func withSyntaxMap(parsingUTF8 bytes: UnsafeRawBufferPointer) -> (summary: MarkdownSummary, map: MarkdownSyntaxMap) {
        let parsed = parse(bytes, mappingSyntax: true)
        return (parsed.summary, parsed.map ?? MarkdownSyntaxMap(parsingUTF8: bytes))
    }

    /// Parses UTF-8 bytes once and returns the summary, the ``MarkdownSyntaxMap`` and the HTML
    /// that ``MarkdownHTML/render(_:safe:imageSource:headingIDs:)`` gives the same text by
    /// default (safe, without ids), all from the one tree: a page that shows a note and its
    /// title costs one parse.
    package static func withSyntaxMapAndHTML(parsingUTF8 bytes: UnsafeRawBufferPointer) -> (summary: MarkdownSummary, map: MarkdownSyntaxMap, html: String) {
        let parsed = parse(bytes, mappingSyntax: true, renderingHTML: true)
        return (parsed.summary, parsed.map ?? MarkdownSyntaxMap(parsingUTF8: bytes), parsed.html ?? MarkdownHTML.render(String(decoding: bytes, as: UTF8.self)))
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer, mappingSyntax: Bool, renderingHTML: Bool = false) -> (
        summary: MarkdownSummary, map: MarkdownSyntaxMap?, html: String?
    ) {
        var collector = PlainTextCollector()
        var mapper = mappingSyntax ? SyntaxMapCollector(bytes: bytes) : nil
        var html: String?
        CMarkTree.withDocument(bytes) { root in
            // One walk feeds both: the syntax map costs no second pass over the tree.
            if mapper == nil {
                CMarkTree.walk(root) { event, node, type in collector.visit(event, node, type) }
            } else {
                CMarkTree.walk(root) { event, node, type in
                    collector.visit(event, node, type)
                    mapper?.visit(event, node, type)
                }
            }
            if renderingHTML { html = MarkdownHTML.renderSafely(root) }
        }
        let summary = MarkdownSummary(
            plainText: collector.finishedText(), imageSources: collector.imageSources, linkDestinations: collector.linkDestinations)
        return (summary, mapper?.finishedMap(), html)
    }

    private init(plainText: String, imageSources: [String], linkDestinations: [String]) {
        self.plainText = plainText
        self.imageSources = imageSources
        self.linkDestinations = linkDestinations
    }
}

/// Accumulates plain text bytes from the steps of a ``CMarkTree`` walk.
private struct PlainTextCollector {
    private var buffer: [UInt8] = []
    private var atLineStart = true
    private(set) var imageSources: [String] = []
    private(set) var linkDestinations: [String] = []

    /// Takes one step of the walk.
    mutating func visit(_ event: CMarkTree.Event, _ node: OpaquePointer, _ type: cmark_node_type) {
        if event == .enter {
            enter(node, type: type)
        } else if isLineBlock(type) {
            endLine()
        }
    }

    private mutating func enter(_ node: OpaquePointer, type: cmark_node_type) {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            appendLiteral(of: node)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            endLine()
        case CMARK_NODE_CODE_BLOCK:
            endLine()
            appendLiteral(of: node)
            endLine()
        case CMARK_NODE_IMAGE:
            imageSources.append(CMarkTree.string(cmark_node_get_url(node)))
        case CMARK_NODE_LINK:
            linkDestinations.append(CMarkTree.string(cmark_node_get_url(node)))
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            endLine()
        default:
            break
        }
    }

    private func isLineBlock(_ type: cmark_node_type) -> Bool {
        type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
    }

    private mutating func appendLiteral(of node: OpaquePointer) {
        guard let literal = cmark_node_get_literal(node) else { return }
        let length = strlen(literal)
        guard length > 0 else { return }
        literal.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
            var runStart = 0
            for index in 0..<length {
                let byte = pointer[index]
                guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
                appendRun(pointer + runStart, index - runStart)
                if byte == UInt8(ascii: "\n") { endLine() }
                runStart = index + 1
            }
            appendRun(pointer + runStart, length - runStart)
        }
    }

    private mutating func appendRun(_ start: UnsafePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        buffer.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        atLineStart = false
    }

    private mutating func endLine() {
        guard !atLineStart else { return }
        buffer.append(UInt8(ascii: "\n"))
        atLineStart = true
    }

    func finishedText() -> String {
        var end = buffer.count
        if end > 0, buffer[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }
}
