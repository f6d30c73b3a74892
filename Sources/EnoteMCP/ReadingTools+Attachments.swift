import EnoteRPC
import NoteVault

extension ReadingTools {
    static let attachments = Tool(
        name: "attachments", title: "Text in a note's pictures and PDFs",
        description: """
            The text read from the pictures a note shows and the PDFs it links (by OCR, or from the PDF's text layer), \
            page by page: file, kind (picture or pdf), page, ocr, text; a file not read yet or that could not be read \
            says its state and why. file narrows it to one of them (as search's found_in names it). A PDF no note links \
            (a search hit of kind "file") is read by file alone. Long text comes in parts: pass next_cursor back as cursor.
            """,
        inputSchema: Schema.arguments(
            [
                ("note", Schema.note),
                ("file", Schema.string("Only this file: its vault path, as found_in or the note's link gives it; alone, a PDF no note links.")),
                ("cursor", Schema.cursor),
            ]),
        readOnly: true, destructive: false, idempotent: true
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["note", "file", "cursor"])
        let file = try call.arguments.optionalString("file")
        let offset = try PageCursor.offset(call.arguments.optionalString("cursor"))
        do throws(VaultError) {
            try call.vault.fresh()
        } catch {
            return .failure(error)
        }
        if try call.arguments.optionalString("note") == nil {
            guard let file else { throw ResponseError(.invalidParams, Localization.text("give the argument note, or file for a PDF no note links")) }
            return try fileEntryPages(call, file: file, from: offset)
        }
        let path: NotePath
        switch try resolve(call) {
        case .success(let found): path = found
        case .failure(let error): return .failure(error)
        }
        var attachments: [NoteAttachment]
        do throws(VaultError) {
            attachments = try call.vault.withIndex { index throws(VaultError) in try index.attachments(of: path) }
        } catch {
            return .failure(error)
        }
        if let file {
            let all = attachments.map(\.path.description)
            attachments = attachments.filter { $0.path.description == file }
            guard !attachments.isEmpty else {
                guard !all.isEmpty else {
                    throw ResponseError(.invalidParams, Localization.text("\(path.description) shows or links no picture or PDF"))
                }
                throw ResponseError(
                    .invalidParams,
                    Localization.text("\(path.description) shows or links no file \(file); its pictures and PDFs: \(all.joined(separator: ", "))"))
            }
        }
        let items = attachments.flatMap(AttachmentPart.parts(of:))
        return Self.page("pages", ResultPage(items, from: offset, limit: 1000, text: call.text), head: NoteHead(path: path.description))
    }

    /// The `attachments` tool's answer for a PDF no note links, named by `file` alone.
    private static func fileEntryPages(_ call: ToolCall, file: String, from offset: Int) throws(ResponseError) -> ToolResult {
        let path: NotePath
        do throws(PathError) {
            path = try NotePath(validating: file, purpose: .lookup)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the argument file: \(error.message.text)"))
        }
        let entry: NoteAttachment?
        do throws(VaultError) {
            entry = try call.vault.withIndex { index throws(VaultError) in try index.fileEntry(at: path) }
        } catch {
            return .failure(error)
        }
        guard let entry else {
            throw ResponseError(.invalidParams, Localization.text("\(file) is not a PDF on its own in the vault; give the note that shows or links it as note"))
        }
        let items = AttachmentPart.parts(of: entry)
        return Self.page("pages", ResultPage(items, from: offset, limit: 1000, text: call.text), head: NoteHead(path: entry.path.description))
    }
}

/// One item of the `attachments` tool's answer: a part of one page of a file's text (a page
/// longer than ``partBytes`` comes in several, numbered by `part`, so every word can be reached
/// through the cursor and no answer passes its bound), or a file with no text and why.
struct AttachmentPart: Encodable, Sendable {
    var file: String
    var kind: String?
    var state: NoteAttachment.State
    var page: Int?
    var part: Int?
    var ocr: Bool?
    var text: String?
    var failure: String?

    /// The most bytes of text in one item: a few of them fill an answer.
    static let partBytes = 16_000

    /// The items of one attachment: each page's text in parts, or the file alone when it has
    /// no page (not read yet, or nothing could be read); a failure after some pages were read
    /// (a PDF cut at its page limit) is said on its first item.
    static func parts(of attachment: NoteAttachment) -> [AttachmentPart] {
        let file = attachment.path.description
        let kind = attachment.text?.kind.rawValue ?? AttachmentKind(path: file)?.rawValue
        guard let read = attachment.text, !read.pages.isEmpty else {
            return [AttachmentPart(file: file, kind: kind, state: attachment.state, failure: attachment.text?.failure)]
        }
        var items: [AttachmentPart] = []
        for page in read.pages {
            let chunks = Self.chunks(page.text)
            for (index, chunk) in chunks.enumerated() {
                items.append(
                    AttachmentPart(
                        file: file, kind: kind, state: attachment.state, page: read.kind == .pdf ? page.number : nil,
                        part: chunks.count > 1 ? index + 1 : nil, ocr: page.ocr, text: chunk))
            }
        }
        items[0].failure = read.failure
        return items
    }

    /// `text` in pieces of at most ``partBytes`` bytes, cut between characters, after a line
    /// break when one is in the piece's last half.
    static func chunks(_ text: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while rest.utf8.count > partBytes {
            // The end of the last character that ends within the bound (at least one).
            var end = rest.startIndex
            var used = 0
            for index in rest.indices {
                let next = rest.index(after: index)
                used += rest.utf8.distance(from: index, to: next)
                if used > partBytes { break }
                end = next
            }
            if end == rest.startIndex { end = rest.index(after: end) }
            let head = rest[..<end]
            if let newline = head.lastIndex(of: "\n"), head.utf8.distance(from: head.startIndex, to: newline) > partBytes / 2 {
                end = head.index(after: newline)
            }
            pieces.append(String(rest[..<end]))
            rest = rest[end...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(String(rest)) }
        return pieces
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(AnswerBound.cut(file, bytes: 1024), forKey: "file")
        try container.encodeIfPresent(kind, forKey: "kind")
        try container.encode(state.rawValue, forKey: "state")
        try container.encodeIfPresent(page, forKey: "page")
        try container.encodeIfPresent(part, forKey: "part")
        try container.encodeIfPresent(ocr, forKey: "ocr")
        try container.encodeIfPresent(text, forKey: "text")
        try container.encodeIfPresent(failure, forKey: "failure")
    }
}
