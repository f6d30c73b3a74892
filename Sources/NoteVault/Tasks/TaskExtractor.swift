import Markdown

/// Reads the tasks of a note from its bytes: the task list items libcmark finds in the body
/// (``MarkdownSyntaxMap/taskItems``: never in code, HTML or front matter), each with its line,
/// its text, the fields of ``TaskFields``, its `#tags` (the body tags of ``NoteLinkExtractor``
/// that sit in its text), the task it is nested under and the nearest heading above it (from the
/// same parse, so a `#` line in a code block is no heading).
///
/// For example:
///
/// ```swift
/// let content = NoteContent(bytes: Array("- [ ] call the plumber 📅 2026-12-01 #home\n".utf8), path: "todo.md")
/// let task = TaskExtractor.tasks(in: content, path: NotePath(trusted: "todo.md"))[0]
/// task.line      // 1
/// task.due       // 2026-12-01
/// task.tags      // ["home"]
/// task.summary   // "call the plumber #home"
/// ```
package enum TaskExtractor {
    /// The tasks of a note read by ``NoteContent``, parsing its body once more (for a caller that
    /// has no parse of its own: a toggle, the language server).
    package static func tasks(in content: NoteContent, path: NotePath) -> [NoteTask] {
        tasks(in: content, path: path, tags: nil)
    }

    /// The tasks of a note whose body tags a caller has already found (`nil`: find them): a
    /// body without `[ ]`, `[x]` or `[X]` is not parsed at all.
    package static func tasks(in content: NoteContent, path: NotePath, tags: [NoteTag]?) -> [NoteTask] {
        guard content.textProblem == nil else { return [] }
        let start = content.bodyStart
        return content.bytes.withUnsafeBufferPointer { buffer in
            guard mayHoldTasks(buffer, from: start) else { return [] }
            let body = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start...])
            let map = MarkdownSyntaxMap(parsingUTF8: body)
            guard !map.taskItems.isEmpty else { return [] }
            let tags = tags ?? NoteLinkExtractor.extract(buffer: buffer, bodyStart: start, map: map).tags
            return tasks(buffer: buffer, bodyStart: start, map: map, tags: tags, path: path)
        }
    }

    /// Whether the bytes from `start` hold `[ ]`, `[x]` or `[X]` anywhere: every task marker does.
    static func mayHoldTasks(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "]") {
                let marker = bytes[index + 1]
                if marker == UInt8(ascii: " ") || marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") { return true }
            }
            index += 1
        }
        return false
    }

    /// The tasks of a note from the syntax map of its body's parse (`nil` when the body holds no
    /// `[`, so no task) and the tags found in the same parse.
    package static func tasks(in content: NoteContent, path: NotePath, map: MarkdownSyntaxMap?, tags: [NoteTag]) -> [NoteTask] {
        guard content.textProblem == nil, let map, !map.taskItems.isEmpty else { return [] }
        return content.bytes.withUnsafeBufferPointer { buffer in
            tasks(buffer: buffer, bodyStart: content.bodyStart, map: map, tags: tags, path: path)
        }
    }

    private static func tasks(buffer: UnsafeBufferPointer<UInt8>, bodyStart: Int, map: MarkdownSyntaxMap, tags: [NoteTag], path: NotePath) -> [NoteTask] {
        let lines = BodyLines(bytes: buffer, bodyStart: bodyStart, bodyLineStarts: map.lineStarts)
        let file = path.description
        var tasks: [NoteTask] = []
        tasks.reserveCapacity(map.taskItems.count)
        // Task items and headings are both in document order: the heading above each task is
        // the last one passed.
        var headingIndex = 0
        var heading: String?
        for item in map.taskItems {
            while headingIndex < map.headings.count, map.headings[headingIndex].line < item.line {
                heading = map.headings[headingIndex].text
                headingIndex += 1
            }
            let textStart = item.textStart + bodyStart
            var textEnd = item.lineEnd + bodyStart
            while textEnd > textStart, buffer[textEnd - 1] == 0x20 || buffer[textEnd - 1] == 0x09 { textEnd -= 1 }
            let line = lines.linesBefore + item.line
            var code: [Range<Int>] = []
            for literal in map.literalRanges where literal.upperBound > item.textStart && literal.lowerBound < item.lineEnd {
                code.append((literal.lowerBound + bodyStart)..<(literal.upperBound + bodyStart))
            }
            let fields = TaskFields(bytes: buffer, text: textStart..<textEnd, code: code)
            let lineStart = lines.starts[min(item.line - 1, lines.starts.count - 1)]
            let problems = fields.problems.map { problem in
                let column = String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<problem.offset]), as: UTF8.self).count + 1
                return Diagnostic(.warning, .invalidValue, file: file, line: line, column: column, message: message(for: problem))
            }
            var task = NoteTask(
                path: path, line: line, text: String(decoding: UnsafeBufferPointer(rebasing: buffer[textStart..<textEnd]), as: UTF8.self),
                summary: summary(buffer, text: textStart..<textEnd, without: fields.fieldRanges), isDone: item.isChecked, due: fields.due,
                scheduled: fields.scheduled, start: fields.start, completed: fields.completed, priority: fields.priority,
                tags: tags.compactMap { tag in
                    guard tag.origin == .body, let range = tag.range, range.lowerBound > textStart, range.upperBound <= textEnd else { return nil }
                    return tag.name
                },
                parentLine: item.parent.map { tasks[$0].line }, problems: problems, heading: heading, id: fields.id, dependsOn: fields.dependsOn)
            task.place = NoteTask.Place(marker: item.marker + bodyStart, textStart: textStart, textEnd: textEnd, completedField: fields.completedField)
            tasks.append(task)
        }
        return tasks
    }

    /// What the diagnostic of a date that cannot be read says.
    static func message(for problem: TaskFields.Problem) -> LocalizedMessage {
        problem.written.isEmpty
            ? "\"\(problem.signifier)\" is not followed by a date; write the day after it as YYYY-MM-DD, such as 2026-12-01"
            : "\"\(problem.written)\" after \(problem.signifier) is not a date; write the day as YYYY-MM-DD, such as 2026-12-01"
    }

    /// The text without the fields read, every run of spaces made one.
    private static func summary(_ buffer: UnsafeBufferPointer<UInt8>, text: Range<Int>, without fields: [Range<Int>]) -> String {
        guard !fields.isEmpty else { return String(decoding: UnsafeBufferPointer(rebasing: buffer[text]), as: UTF8.self) }
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        var index = text.lowerBound
        for field in fields.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if field.lowerBound > index { kept += buffer[index..<field.lowerBound] }
            index = max(index, field.upperBound)
        }
        if index < text.upperBound { kept += buffer[index..<text.upperBound] }
        var tidy: [UInt8] = []
        tidy.reserveCapacity(kept.count)
        for byte in kept {
            let space = byte == 0x20 || byte == 0x09
            if space, tidy.isEmpty || tidy.last == 0x20 { continue }
            tidy.append(space ? 0x20 : byte)
        }
        if tidy.last == 0x20 { tidy.removeLast() }
        return String(decoding: tidy, as: UTF8.self)
    }
}
