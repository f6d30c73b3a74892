import CCMark

/// Walks a libcmark tree once and turns its source positions into the byte ranges of a
/// ``MarkdownSyntaxMap``.
struct SyntaxMapCollector {
    private let bytes: UnsafeRawBufferPointer
    private let lineStarts: [Int]
    private var links: [MarkdownSyntaxMap.Link] = []
    private var literals: [Range<Int>] = []
    private var blockLines: [ClosedRange<Int>] = []
    private var headings: [MarkdownSyntaxMap.Heading] = []
    private var taskItems: [MarkdownSyntaxMap.TaskItem] = []
    /// For each list item being walked, outermost first: its index in `taskItems`, or `nil` for
    /// an item that is not a task.
    private var openItems: [Int?] = []
    /// The inline nodes of the paragraph or heading being walked, positions as libcmark gave them.
    private var pending: [PendingInline] = []
    /// The last line any inline node of the current paragraph or heading ends on.
    private var lastInlineLine = 0
    private var inBlock = false

    private struct Position {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int

        init(_ node: OpaquePointer) {
            startLine = Int(cmark_node_get_start_line(node))
            startColumn = Int(cmark_node_get_start_column(node))
            endLine = Int(cmark_node_get_end_line(node))
            endColumn = Int(cmark_node_get_end_column(node))
        }
    }

    private enum InlineKind {
        case link(MarkdownSyntaxMap.Link.Kind, String)
        case code
        case html
    }

    private struct PendingInline {
        var kind: InlineKind
        var position: Position
    }

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.lineStarts = MarkdownSyntaxMap.lineStarts(of: bytes)
    }

    func finishedMap() -> MarkdownSyntaxMap {
        let sorted = literals.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return MarkdownSyntaxMap(
            links: links, literalRanges: merged, lineStarts: lineStarts, blockLines: blockLines, headings: headings, taskItems: taskItems)
    }

    /// Walks the tree under `root` alone (when no summary is wanted).
    mutating func walk(_ root: OpaquePointer) {
        CMarkTree.walk(root) { event, node, type in visit(event, node, type) }
    }

    /// Takes one step of the walk.
    mutating func visit(_ event: CMarkTree.Event, _ node: OpaquePointer, _ type: cmark_node_type) {
        if inBlock, event == .enter {
            lastInlineLine = max(lastInlineLine, Int(cmark_node_get_end_line(node)))
        }
        if event == .exit {
            if type == CMARK_NODE_ITEM {
                openItems.removeLast()
            } else if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING {
                finishBlock(Position(node), isParagraph: type == CMARK_NODE_PARAGRAPH)
                inBlock = false
            }
            return
        }
        switch type {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            if type == CMARK_NODE_HEADING { headings.append(heading(node)) }
            pending.removeAll(keepingCapacity: true)
            lastInlineLine = 0
            inBlock = true
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let kind: MarkdownSyntaxMap.Link.Kind = type == CMARK_NODE_IMAGE ? .image : .link
            pending.append(PendingInline(kind: .link(kind, CMarkTree.string(cmark_node_get_url(node))), position: Position(node)))
        case CMARK_NODE_CODE:
            pending.append(PendingInline(kind: .code, position: Position(node)))
        case CMARK_NODE_HTML_INLINE:
            pending.append(PendingInline(kind: .html, position: Position(node)))
        case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
            let lines = wholeLines(Position(node))
            blockLines.append(lines)
            literals.append(lineRange(lines))
        case CMARK_NODE_THEMATIC_BREAK:
            blockLines.append(wholeLines(Position(node)))
        case CMARK_NODE_ITEM:
            // Every item is entered and left (libcmark leaves an empty one too), so the stack
            // stays balanced.
            var index: Int?
            if let task = taskItem(node) {
                index = taskItems.count
                taskItems.append(task)
            }
            openItems.append(index)
        default:
            break
        }
    }

    /// The task an item is: its first block is a paragraph whose first bytes are `[ ]`, `[x]` or
    /// `[X]` followed by a space, a tab or the end of the line. libcmark's paragraph column counts
    /// bytes; the bytes are checked, so a position that does not land on `[` makes no task.
    private func taskItem(_ item: OpaquePointer) -> MarkdownSyntaxMap.TaskItem? {
        guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let open = offset(line: Int(cmark_node_get_start_line(paragraph)), column: Int(cmark_node_get_start_column(paragraph))),
            open + 2 < bytes.count, bytes[open] == UInt8(ascii: "["), bytes[open + 2] == UInt8(ascii: "]")
        else { return nil }
        let marker = bytes[open + 1]
        guard marker == UInt8(ascii: " ") || marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") else { return nil }
        let line = Int(cmark_node_get_start_line(paragraph))
        var lineEnd = open + 3
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        var textStart = open + 3
        guard textStart == lineEnd || bytes[textStart] == 0x20 || bytes[textStart] == 0x09 else { return nil }
        while textStart < lineEnd, bytes[textStart] == 0x20 || bytes[textStart] == 0x09 { textStart += 1 }
        let parent = openItems.last { $0 != nil } ?? nil
        return MarkdownSyntaxMap.TaskItem(
            marker: open + 1, isChecked: marker != UInt8(ascii: " "), line: line, textStart: textStart, lineEnd: lineEnd, parent: parent)
    }

    /// A heading's level, line and text (the first line without its `#` marks and spaces).
    private func heading(_ node: OpaquePointer) -> MarkdownSyntaxMap.Heading {
        let line = max(Int(cmark_node_get_start_line(node)), 1)
        let start = lineStart(line)
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        var text = Substring(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        text = text.drop { $0 == " " }
        if text.hasPrefix("#") {
            text = text.drop { $0 == "#" }
            text = text.drop { $0 == " " || $0 == "\t" }
            while text.last == " " || text.last == "\t" { text = text.dropLast() }
            let closing = text.reversed().prefix { $0 == "#" }.count
            if closing > 0, closing == text.count || text.dropLast(closing).last == " " { text = text.dropLast(closing) }
        }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return MarkdownSyntaxMap.Heading(level: Int(cmark_node_get_heading_level(node)), line: line, text: String(text))
    }

    /// The lines a block spans; an end column of 0 means the block ended on the line before.
    private func wholeLines(_ position: Position) -> ClosedRange<Int> {
        let start = max(position.startLine, 1)
        let end = position.endColumn == 0 ? position.endLine - 1 : position.endLine
        return start...max(start, end)
    }

    private func lineRange(_ lines: ClosedRange<Int>) -> Range<Int> {
        let start = lineStart(lines.lowerBound)
        let end = lines.upperBound < lineStarts.count ? lineStarts[lines.upperBound] : bytes.count
        return start..<max(start, end)
    }

    private func lineStart(_ line: Int) -> Int {
        guard line >= 1 else { return 0 }
        return line <= lineStarts.count ? lineStarts[line - 1] : bytes.count
    }

    /// The byte at a 1-based line and column (columns count bytes), or `nil` outside the text.
    private func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset < bytes.count ? offset : nil
    }

    private mutating func finishBlock(_ block: Position, isParagraph: Bool) {
        // Reference definitions removed from the start of a paragraph leave its start line
        // where it was, while its inlines are numbered from the first definition's line: the
        // last inline always ends on the paragraph's last line, which gives the shift.
        var shift = 0
        if isParagraph, lastInlineLine > 0, block.endLine > lastInlineLine {
            shift = block.endLine - lastInlineLine
        }
        let firstLine = max(block.startLine, 1) + shift
        let lines = firstLine...max(firstLine, block.endLine)
        blockLines.append(lines)
        let blockRange = lineRange(lines)
        for item in pending {
            var position = item.position
            position.startLine += shift
            position.endLine += shift
            let start = offset(line: position.startLine, column: position.startColumn)
            let last = offset(line: position.endLine, column: position.endColumn)
            switch item.kind {
            case .link(let kind, let url):
                var range: Range<Int>?
                if let start, let last, start <= last, blockRange.contains(start), blockRange.contains(last),
                    opens(kind: kind, at: start), closes(at: last)
                {
                    range = start..<(last + 1)
                }
                links.append(MarkdownSyntaxMap.Link(kind: kind, url: url, range: range, blockRange: blockRange))
            case .html:
                if let start, let last, start <= last, bytes[start] == UInt8(ascii: "<") {
                    literals.append(start..<(last + 1))
                } else {
                    literals.append(blockRange)
                }
            case .code:
                literals.append(codeSpanRange(start: start, last: last, block: blockRange))
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func opens(kind: MarkdownSyntaxMap.Link.Kind, at offset: Int) -> Bool {
        switch kind {
        case .image: return bytes[offset] == UInt8(ascii: "!")
        case .link: return bytes[offset] == UInt8(ascii: "[") || bytes[offset] == UInt8(ascii: "<")
        }
    }

    private func closes(at offset: Int) -> Bool {
        let byte = bytes[offset]
        return byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">")
    }

    /// A code span's text widened to its backticks; the whole block when libcmark's position
    /// does not land next to a backtick (then nothing in the block is read as a wikilink or tag,
    /// rather than reading code as one).
    private func codeSpanRange(start: Int?, last: Int?, block: Range<Int>) -> Range<Int> {
        guard let start, let last, start <= last + 1, block.contains(start) else { return block }
        var lower = start
        while lower > block.lowerBound, bytes[lower - 1] == UInt8(ascii: " ") || bytes[lower - 1] == UInt8(ascii: "\n") {
            lower -= 1
        }
        guard lower > block.lowerBound, bytes[lower - 1] == UInt8(ascii: "`") else { return block }
        while lower > block.lowerBound, bytes[lower - 1] == UInt8(ascii: "`") { lower -= 1 }
        var upper = min(last + 1, block.upperBound)
        while upper < block.upperBound, bytes[upper] == UInt8(ascii: " ") || bytes[upper] == UInt8(ascii: "\n") { upper += 1 }
        while upper < block.upperBound, bytes[upper] == UInt8(ascii: "`") { upper += 1 }
        return lower..<upper
    }
}
