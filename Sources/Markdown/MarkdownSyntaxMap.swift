/// Where a Markdown text's links, code and raw HTML are, as byte offsets into the parsed bytes:
/// what a scanner for wikilinks and tags (which CommonMark does not know) must skip, and where
/// each CommonMark link sits so that its destination can be found and rewritten.
///
/// libcmark's inline source positions are shifted by the lines of reference definitions that
/// open a paragraph; the map corrects that and checks every position against the bytes, so a
/// link whose place cannot be confirmed has `range == nil` rather than a wrong range.
///
/// For example:
///
/// ```swift
/// let map = MarkdownSyntaxMap(parsing: "See [plan](plan.md) and `[[code]]`\n")
/// map.links[0].url     // "plan.md"
/// map.links[0].range   // 4..<19
/// map.literalRanges    // [25..<33]: the code span's text
/// ```
package struct MarkdownSyntaxMap: Sendable, Equatable {
    /// A CommonMark link, image or autolink as libcmark parsed it.
    package struct Link: Sendable, Equatable {
        /// Whether the node is a link (autolinks included) or an image.
        package enum Kind: Sendable, Equatable {
            case link
            case image
        }

        /// Link or image.
        package var kind: Kind
        /// The destination as libcmark decoded it (backslash escapes and entities resolved,
        /// percent-encoding kept; `mailto:` added to an e-mail autolink).
        package var url: String
        /// The bytes of the whole node, from `[`, `![` or `<` to its last `)`, `]` or `>`;
        /// `nil` when libcmark's position did not match the bytes.
        package var range: Range<Int>?
        /// The bytes of the paragraph or heading that holds the link.
        package var blockRange: Range<Int>
    }

    /// A heading: its level and the 1-based line where it is written.
    package struct Heading: Sendable, Equatable {
        /// 1 to 6.
        package var level: Int
        /// The 1-based line of its text (a setext heading's first line, not its underline).
        package var line: Int
        /// The heading's text, its inline markup kept as written, without `#` marks.
        package var text: String
    }

    /// A list item that starts with a task marker (`[ ]`, `[x]` or `[X]` followed by a space, a
    /// tab or the end of the line), as GitHub and Obsidian write to-dos: `- [ ] call the plumber`.
    /// Items in code blocks, HTML blocks or code spans are none: libcmark makes no list item
    /// there. Offsets are into the parsed bytes; lines are 1-based.
    package struct TaskItem: Sendable, Equatable {
        /// The byte between the brackets: a space when open, `x` or `X` when done.
        package var marker: Int
        /// Whether the marker is `x` or `X`.
        package var isChecked: Bool
        /// The line of the marker.
        package var line: Int
        /// Where the task's text starts: after the `]` and the spaces and tabs that follow it.
        package var textStart: Int
        /// Where the marker's line ends (before its `\n`, `\r\n` or `\r`).
        package var lineEnd: Int
        /// The index in ``MarkdownSyntaxMap/taskItems`` of the nearest task item this one is
        /// nested in, if any.
        package var parent: Int?
    }

    /// Every link, image and autolink in document order.
    package var links: [Link]
    /// Every task list item in document order.
    package var taskItems: [TaskItem] = []
    /// Every heading in document order (none inside code blocks, quotes of code, or HTML).
    package var headings: [Heading] = []
    /// Bytes that are code or raw HTML, sorted and not overlapping: code spans (their text),
    /// fenced and indented code blocks, HTML blocks and inline HTML (whole lines for blocks).
    package var literalRanges: [Range<Int>]
    /// Byte offset where each line starts (`\n`, `\r\n` and a lone `\r` end a line, as in
    /// CommonMark); `lineStarts[0] == 0`.
    package var lineStarts: [Int]
    /// The 1-based lines that belong to a leaf block's content (paragraphs, headings, code, HTML,
    /// thematic breaks), as closed ranges in document order. Lines of reference definitions
    /// are in none of them.
    package var blockLines: [ClosedRange<Int>]

    /// Parses `markdown` and maps it.
    package init(parsing markdown: String) {
        var markdown = markdown
        self = markdown.withUTF8 { MarkdownSyntaxMap(parsingUTF8: UnsafeRawBufferPointer($0)) }
    }

    /// Parses UTF-8 bytes and maps them; offsets are relative to `bytes`.
    package init(parsingUTF8 bytes: UnsafeRawBufferPointer) {
        var collector = SyntaxMapCollector(bytes: bytes)
        CMarkTree.withDocument(bytes) { root in collector.walk(root) }
        self = collector.finishedMap()
    }

    init(
        links: [Link], literalRanges: [Range<Int>], lineStarts: [Int], blockLines: [ClosedRange<Int>], headings: [Heading] = [],
        taskItems: [TaskItem] = []
    ) {
        self.headings = headings
        self.taskItems = taskItems
        self.links = links
        self.literalRanges = literalRanges
        self.lineStarts = lineStarts
        self.blockLines = blockLines
    }

    /// Byte offsets where each line of `bytes` starts, with CommonMark's line endings.
    package static func lineStarts(of bytes: UnsafeRawBufferPointer) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 40 + 1)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }
}
