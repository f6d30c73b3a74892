import CCMark

/// Renders Markdown to an HTML fragment with libcmark.
///
/// Safe rendering is the default: raw HTML is replaced by a comment, and links or images whose
/// destination is `javascript:`, `vbscript:`, `file:` or a non-image `data:` URL are emptied,
/// so that the result is inert when shown in a browser.
///
/// For example:
///
/// ```swift
/// let html = MarkdownHTML.render("Hello <script>x()</script> [a](javascript:alert(1))")
/// // <p>Hello <!-- raw HTML omitted -->x()<!-- raw HTML omitted --> <a href="">a</a></p>
/// ```
package enum MarkdownHTML {
    /// Renders `markdown` to HTML.
    ///
    /// - Parameters:
    ///   - markdown: The Markdown text (the note's body, without front matter).
    ///   - safe: When `true` (the default), raw HTML and dangerous URLs are neutralised.
    ///   - imageSource: Called with each image's destination; the returned string replaces it
    ///     (for example a `data:` URL to embed the picture). `nil` keeps destinations as written.
    ///   - headingIDs: The `id` of each heading, in document order (HTML-escaped here; an empty
    ///     string gives none). When the rendered page has another number of headings than
    ///     this list, no heading gets an `id`. `nil` gives none.
    /// - Returns: An HTML fragment.
    package static func render(
        _ markdown: String,
        safe: Bool = true,
        imageSource: ((String) -> String)? = nil,
        headingIDs: [String]? = nil
    ) -> String {
        var markdown = markdown
        let options = safe ? CMARK_OPT_SAFE : CMARK_OPT_UNSAFE
        return markdown.withUTF8 { bytes in
            CMarkTree.withDocument(UnsafeRawBufferPointer(bytes)) { root in
                if let imageSource {
                    rewriteImages(in: root, using: imageSource)
                }
                let html = CMarkTree.consume(cmark_render_html(root, options))
                guard let headingIDs else { return html }
                return withHeadingIDs(html, ids: headingIDs)
            } ?? ""
        }
    }

    /// The HTML ``render(_:safe:imageSource:headingIDs:)`` gives by default (safe, no ids) of a
    /// tree already parsed, so that one parse serves a summary, a syntax map and a page.
    static func renderSafely(_ root: OpaquePointer) -> String {
        CMarkTree.consume(cmark_render_html(root, CMARK_OPT_SAFE))
    }

    /// `html`, rendered by ``render(_:safe:imageSource:headingIDs:)`` without ids, with `ids[k]`
    /// given to its k-th heading as `headingIDs` would have (none when the counts differ).
    package static func addingHeadingIDs(_ html: String, ids: [String]) -> String {
        withHeadingIDs(html, ids: ids)
    }

    /// `html` with `ids[k]` given to its k-th heading. libcmark writes each heading as `<h1>` to
    /// `<h6>` without attributes, and text or raw HTML never as such a tag (it escapes `<` or
    /// omits raw HTML in safe mode), so the tags found are the headings, in order. When the
    /// count differs all the same (unsafe raw HTML), no `id` is given.
    private static func withHeadingIDs(_ html: String, ids: [String]) -> String {
        let bytes = Array(html.utf8)
        var starts: [Int] = []
        var index = 0
        while index + 4 <= bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]),
                bytes[index + 3] == UInt8(ascii: ">")
            {
                starts.append(index)
            }
            index += 1
        }
        guard starts.count == ids.count, !ids.isEmpty else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ids.count * 24)
        var copied = 0
        for (start, id) in zip(starts, ids) where !id.isEmpty {
            out += bytes[copied..<(start + 3)]
            out += Array(" id=\"".utf8) + escapedAttribute(id) + [UInt8(ascii: "\"")]
            copied = start + 3
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    private static func escapedAttribute(_ text: String) -> [UInt8] {
        Array(HTMLEscaping.escape(text).utf8)
    }

    private static func rewriteImages(in root: OpaquePointer, using transform: (String) -> String) {
        CMarkTree.walk(root) { event, node, type in
            guard event == .enter, type == CMARK_NODE_IMAGE else { return }
            let replacement = transform(CMarkTree.string(cmark_node_get_url(node)))
            _ = cmark_node_set_url(node, replacement)
        }
    }
}
