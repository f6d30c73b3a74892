import EnoteRPC
import Foundation
import NoteVault

extension ReadingTools {
    /// The note an argument names, as every command finds it (its path, its title, or the
    /// unique start of either); a note that is not there is the tool's error.
    static func resolve(_ call: ToolCall) throws(ResponseError) -> Result<NotePath, VaultError> {
        let reference = try call.arguments.noteReference()
        do throws(VaultError) {
            return .success(try call.vault.withIndex { index throws(VaultError) in try call.vault.vault.resolve(reference, in: index) })
        } catch {
            return .failure(error)
        }
    }

    /// The most bytes of a note's text one `read` answer holds, escaped: the bound less room for
    /// the rest of the answer (the note's path and title, each cut at 1 KB, lines, cursor).
    static let pageBytes = ToolResult.maximumBytes - 4000

    /// `bytes[range]` from `cursor` on, as much as fits in ``pageBytes`` once escaped, ending
    /// after a line break in the page's last half when there is one (else between characters);
    /// the end is where the next page starts, `nil` at the end of the range. Its cost is the
    /// page's: the bytes before `cursor` are not looked at.
    static func chunk(_ bytes: [UInt8], in range: Range<Int>, from cursor: Int) -> (text: String, start: Int, end: Int, next: Int?) {
        let start = min(max(range.lowerBound, cursor), range.upperBound)
        var budget = pageBytes
        while true {
            var end = bytes.withUnsafeBufferPointer { buffer in
                start + JSONTextWriter.escapedPrefix(UnsafeBufferPointer(rebasing: buffer[start..<range.upperBound]), fitting: budget)
            }
            if end < range.upperBound {
                while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                if let newline = bytes[start..<end].lastIndex(of: 0x0A), newline + 1 > start + (end - start) / 2 { end = newline + 1 }
            }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            // Bytes that are not UTF-8 are read as U+FFFD, three bytes each: then the text is
            // measured again, and made smaller while it does not fit.
            if budget < 1024 || text.utf8.count == end - start || AnswerText.size(of: text) <= pageBytes + 2 {
                return (text, start, end, end < range.upperBound ? end : nil)
            }
            budget /= 2
        }
    }

    static let read = Tool(
        name: "read", title: "Read a note",
        description: """
            Reads a note's text, whole or one heading's section (heading) or a range of lines (from_line, to_line), with \
            its revision: give that revision to replace (and optionally to the other writes) so that a note changed since \
            is never overwritten. Long text comes in parts: pass next_cursor back as cursor.
            """,
        inputSchema: Schema.arguments(
            [
                ("note", Schema.note), ("heading", Schema.string("Only this heading's section (the heading line to the next heading of its level).")),
                ("from_line", Schema.integer("The first line (1-based).", minimum: 1, maximum: 10_000_000)),
                ("to_line", Schema.integer("The last line.", minimum: 1, maximum: 10_000_000)), ("cursor", Schema.cursor),
            ], required: ["note"]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(["note", "heading", "from_line", "to_line", "cursor"])
        let heading = try arguments.optionalString("heading")
        let from = try arguments.optionalInt("from_line", in: 1...10_000_000)
        let to = try arguments.optionalInt("to_line", in: 1...10_000_000)
        let cursor = try ReadCursor(arguments.optionalString("cursor"))
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        let path: NotePath
        switch try resolve(call) {
        case .success(let found): path = found
        case .failure(let error): return .failure(error)
        }
        // The text alone, kept from the page before while the file is unchanged: a page of a long
        // note costs the page, not a read and a parse of it all.
        let note: NoteText
        let title: String
        do throws(VaultError) {
            note = try call.vault.texts.text(path, in: call.vault.vault)
            title = try call.vault.withIndex { index throws(VaultError) in try index.note(at: path)?.title } ?? path.fileName
        } catch {
            return .failure(error)
        }
        if let read = cursor.revision, read != note.revision {
            let message = Localization.text(
                "\(path.description) changed since its first part was read (revision \(read.description), now \(note.revision.description)); read it again from the start, without the cursor")
            return ToolResult(ToolFailure(error: "stale_revision", message: message, currentRevision: note.revision.description), isError: true)
        }
        let bytes = note.bytes
        let lines = note.lines
        var first = from ?? 1
        var last = to ?? max(lines.count, 1)
        if let heading {
            let headings = NoteHeading.headings(in: bytes, bodyStart: note.bodyStart)
            guard let target = NoteHeading.target(of: heading, in: headings) else {
                return .failure(.headingNotFound(path: path, heading: heading, headings: headings.map(\.text)))
            }
            let section = NoteHeading.section(of: target, in: headings, lineCount: lines.count)
            first = section.lowerBound
            last = section.upperBound
        }
        let range = lines.count == 0 ? 0..<0 : lines.byteRange(first: first, last: last)
        let part = chunk(bytes, in: range, from: cursor.offset)
        return ToolResult(
            ReadAnswer(
                note: NoteHead(path: path.description, title: title, revision: note.revision.description, lineCount: lines.count),
                fromLine: lines.count == 0 ? 0 : lines.line(at: part.start), toLine: lines.count == 0 ? 0 : lines.line(at: max(part.start, part.end - 1)),
                text: part.text, nextCursor: part.next.map { ReadCursor(offset: $0, revision: note.revision).text }))
    }

    static let outline = Tool(
        name: "outline", title: "Outline of a note",
        description: "A note's headings (level, line, text), its title and revision: to find a section to read or write under.",
        inputSchema: Schema.arguments([("note", Schema.note), ("cursor", Schema.cursor)], required: ["note"]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["note", "cursor"])
        let offset = try PageCursor.offset(call.arguments.optionalString("cursor"))
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        switch try resolve(call) {
        case .failure(let error): return .failure(error)
        case .success(let path):
            do throws(VaultError) {
                let note = try call.vault.vault.read(path)
                let headings = NoteHeading.headings(in: note.content.bytes, bodyStart: note.content.bodyStart).map(OutlineHeading.init)
                let head = NoteHead(
                    path: path.description, title: note.title, revision: note.revision.description, lineCount: NoteLines(note.content.bytes).count)
                return Self.page("headings", ResultPage(headings, from: offset, limit: 2000, text: call.text), head: head)
            } catch {
                return .failure(error)
            }
        }
    }

    /// A tool answering a list about one note in the library's JSON form, under `key`: its links
    /// (`enote links --json`'s or, with the line that holds each, `enote backlinks --json`'s), or
    /// its related notes (`enote related --json`'s).
    static func linkTool<Link: Encodable & Sendable>(
        name: String, title: String, description: String, key: String = "links",
        links: @escaping @Sendable (AgentVault, NoteIndex, NotePath) throws(VaultError) -> [Link]
    ) -> Tool {
        Tool(
            name: name, title: title, description: description,
            inputSchema: Schema.arguments([("note", Schema.note), ("cursor", Schema.cursor)], required: ["note"]),
            readOnly: true, destructive: false, idempotent: true
        ) { call throws(ResponseError) in
            try call.arguments.requireKnown(["note", "cursor"])
            let offset = try PageCursor.offset(call.arguments.optionalString("cursor"))
            do throws(VaultError) {
                try call.vault.fresh()
            } catch {
                return .failure(error)
            }
            switch try resolve(call) {
            case .failure(let error): return .failure(error)
            case .success(let path):
                do throws(VaultError) {
                    let found = try call.vault.withIndex { index throws(VaultError) in try links(call.vault, index, path) }
                    return Self.page(key, ResultPage(found, from: offset, limit: 1000, text: call.text), head: NoteHead(path: path.description))
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    static let links = linkTool(
        name: "links", title: "Links of a note",
        description: "The links a note holds (line, kind, destination) and where each leads: resolved to a note, dead, external or ambiguous."
    ) { _, index, path throws(VaultError) in try index.links(from: path) }

    static let backlinks = linkTool(
        name: "backlinks", title: "Backlinks of a note",
        description: "The links in other notes (source, line, destination, and the line's text) that lead to this note."
    ) { vault, index, path throws(VaultError) in
        let links = try index.backlinks(to: path)
        return zip(links, vault.vault.lines(of: links)).map { QuotedLink(link: $0, text: $1) }
    }

    static let related = linkTool(
        name: "related", title: "Related notes",
        description: """
            The notes related to a note, best first (at most 20): those it links to and that link to it, those sharing \
            its rarer tags, and the notes nearest it in meaning once the vault is embedded; each with reasons \
            (linked_from_note, links_to_note, shares_tags with tags, near_in_meaning with score) and a reason in words.
            """,
        key: "notes"
    ) { _, index, path throws(VaultError) in try index.related(to: path, limit: 20) }

    static let tags = Tool(
        name: "tags", title: "Tags",
        description: "Every tag of the vault (front matter and #tags) with how many notes have it, most used first.",
        inputSchema: Schema.arguments([("cursor", Schema.cursor)]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["cursor"])
        let offset = try PageCursor.offset(call.arguments.optionalString("cursor"))
        return answer(call) { index throws(VaultError) in
            Self.page("tags", ResultPage(try index.tags(), from: offset, limit: 5000, text: call.text))
        }
    }

    static let history = Tool(
        name: "history", title: "History of a note",
        description: """
            A note's history in git: its commits (mode log: commit, date, author, subject, what changed), or its changes \
            since a revision (mode diff: git's unified diff; revision defaults to the last commit). A note removed from \
            the vault is named by its path. The vault must be in git.
            """,
        inputSchema: Schema.arguments(
            [
                ("note", Schema.note), ("mode", Schema.choice("log (the default) or diff.", ["log", "diff"])),
                ("revision", Schema.string("For diff: the commit to compare with (HEAD~2, a hash).")), ("cursor", Schema.cursor),
            ], required: ["note"]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(["note", "mode", "revision", "cursor"])
        let mode = try arguments.optionalString("mode") ?? "log"
        guard mode == "log" || mode == "diff" else {
            throw ResponseError(.invalidParams, Localization.text("the argument mode must be log or diff"))
        }
        let revision = try arguments.optionalString("revision")
        let offset = try PageCursor.offset(arguments.optionalString("cursor"))
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        let reference = try arguments.noteReference()
        let history: NoteHistory
        do throws(HistoryError) { history = try NoteHistory(vault: call.vault.vault) } catch { return .failure("history", error.message.text) }
        // A note gone from the vault is found by its path, as `enote log` finds it.
        let path: String
        do throws(VaultError) {
            path = try history.notePath(reference) { () throws(VaultError) in
                try call.vault.withIndex { index throws(VaultError) in try call.vault.vault.resolve(reference, in: index) }
            }
        } catch {
            return .failure(error)
        }
        do throws(HistoryError) {
            if mode == "diff" {
                let diff = try history.diff(path, since: revision)
                let part = chunk(diff, in: 0..<diff.count, from: offset)
                return ToolResult(DiffAnswer(path: path, diff: part.text, nextCursor: part.next.map(String.init)))
            }
            let entries = try history.log(path)
            return Self.page("commits", ResultPage(entries, from: offset, limit: 500, text: call.text), head: NoteHead(path: path))
        } catch {
            return .failure("history", error.message.text)
        }
    }
}
