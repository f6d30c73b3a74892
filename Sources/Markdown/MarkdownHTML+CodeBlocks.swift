extension MarkdownHTML {
    /// `html`, rendered by ``render(_:safe:imageSource:headingIDs:)``, with the code blocks
    /// whose language (the first word of the info string, without case) is one of `languages`
    /// replaced: the k-th such block, in document order, by `replacement(k)`, or kept when
    /// that gives `nil`. The order is ``MarkdownCodeBlock/blocks(in:languages:)``'s.
    ///
    /// libcmark writes a fenced block as `<pre><code class="language-NAME">…</code></pre>`
    /// (`NAME` as written, escaped), and text or raw HTML never as such a tag (it escapes `<`,
    /// or omits raw HTML in safe mode), so the tags found are the blocks; the same reasoning as
    /// ``addingHeadingIDs(_:ids:)``. A block's text holds no `</code></pre>` for the same
    /// reason, so its end is the first one after its start.
    package static func replacingCodeBlocks(_ html: String, languages: Set<String>, with replacement: (Int) -> String?) -> String {
        let opening = Array("<pre><code class=\"language-".utf8)
        let closing = Array("</code></pre>".utf8)
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var copied = 0
        var index = 0
        var count = 0
        while let start = find(opening, in: bytes, from: index) {
            let nameStart = start + opening.count
            guard let quote = bytes[nameStart...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let name = String(decoding: bytes[nameStart..<quote], as: UTF8.self).lowercased()
            guard let end = find(closing, in: bytes, from: quote) else { break }
            index = end + closing.count
            // An escaped name (`&amp;`) is never one of the plain names asked for.
            guard languages.contains(name) else { continue }
            defer { count += 1 }
            guard let html = replacement(count) else { continue }
            out += bytes[copied..<start]
            out += html.utf8
            copied = index
        }
        guard copied > 0 else { return html }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The first place of `needle` in `bytes` at or after `from`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
