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
    /// - Returns: An HTML fragment.
    package static func render(
        _ markdown: String,
        safe: Bool = true,
        imageSource: ((String) -> String)? = nil
    ) -> String {
        var markdown = markdown
        let options = safe ? CMARK_OPT_SAFE : CMARK_OPT_UNSAFE
        return markdown.withUTF8 { bytes in
            CMarkTree.withDocument(UnsafeRawBufferPointer(bytes)) { root in
                if let imageSource {
                    rewriteImages(in: root, using: imageSource)
                }
                return CMarkTree.consume(cmark_render_html(root, options))
            } ?? ""
        }
    }

    private static func rewriteImages(in root: OpaquePointer, using transform: (String) -> String) {
        CMarkTree.walk(root) { event, node, type in
            guard event == .enter, type == CMARK_NODE_IMAGE else { return }
            let replacement = transform(CMarkTree.string(cmark_node_get_url(node)))
            _ = cmark_node_set_url(node, replacement)
        }
    }
}
