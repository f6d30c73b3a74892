import Foundation

/// Everything the index stores about one note file, computed from its bytes off the database
/// thread: the note as `list` and `search` read it back (``note``), and what only the index
/// uses (fingerprints, hashes, sort keys, the searchable text). ``NoteColumns`` says which
/// column each value goes to.
struct IndexRecord: Sendable {
    /// The fields read back; its `updated` is what the file alone says (a write may keep the
    /// index's earlier value, see ``IndexWriter``).
    var note: IndexedNote
    var path: NotePath { note.path }
    var fingerprint: FileFingerprint
    var hash: ContentHash
    /// A hash of what the note says: the body and every front matter value but `order`,
    /// `updated` and `created`.
    var contentHash: ContentHash
    var racy: Bool
    /// The title folded for sorting.
    var titleKey: String
    /// `destroy_at`, `created_at`: the note's dates as stored (seconds since 1970).
    var destroyAt: Double?
    var created: Double
    var destroyState: String
    var frontMatterUpdated: String?
    /// The `updated` key resolved, or `nil` when absent or invalid.
    var updatedFromFrontMatter: Double?
    /// Its front matter, one entry per scalar or list element: `value` lowercased for
    /// `--where`, `raw` as written for queries to show and compare.
    var fields: [(key: String, value: String, raw: String, isList: Bool)]
    var editable: Bool
    var body: String
    /// The columns stored as JSON, encoded off the database thread.
    var tagsJSON: String
    var imagesJSON: String
    var linksJSON: String
    var diagnosticsJSON: String
    /// The path as searchable words.
    var searchableName: String
    /// Its links, tags and aliases, from the same parse.
    var graph: LinkRecord
    /// Its tasks, from the same parse.
    var tasks: [NoteTask]
    /// The files whose text is searched with it: the local pictures it shows and the PDFs (and
    /// pictures) it links, by vault path, in the note's order (``NoteAttachments``).
    var attachments: [NotePath]

    /// Reads one note's record from its bytes (`nil`: too large to read).
    init(path: NotePath, status: FileStatus, bytes: [UInt8]?, timeZone: TimeZone, racyAfter: Int64) {
        if let bytes {
            // One libcmark parse gives the text, the headline and the links and tags.
            let read = NoteContent.readMappingSyntax(bytes: bytes, path: path.description, timeZone: timeZone)
            let graph = LinkRecord(content: read.content, map: read.map)
            self.init(
                path: path, status: status, content: read.content, hash: ContentHash(bytes), timeZone: timeZone, racyAfter: racyAfter,
                graph: graph, tasks: TaskExtractor.tasks(in: read.content, path: path, map: read.map, tags: graph.tags))
        } else {
            self.init(
                path: path, status: status,
                content: NoteContent(unreadable: .tooLarge(size: Int(status.size)), path: path.description, fileName: path.fileName),
                hash: ContentHash(value: 0), timeZone: timeZone, racyAfter: racyAfter)
        }
    }

    /// The record of a note already read: `content` parsed from bytes that hash to `hash`, with
    /// its links, tags and tasks (none when the caller needs only ``note``).
    init(
        path: NotePath, status: FileStatus, content: NoteContent, hash: ContentHash, timeZone: TimeZone, racyAfter: Int64, graph: LinkRecord = LinkRecord(),
        tasks: [NoteTask] = []
    ) {
        note = IndexedNote(path: path)
        self.fingerprint = status.fingerprint
        self.racy = status.modified >= racyAfter || status.changed >= racyAfter
        self.hash = hash
        self.graph = graph
        self.tasks = tasks
        let metadata = content.metadata
        var said = Array(content.bodyBytes)
        for (key, value) in metadata.fields where !["order", "updated", "created"].contains(FrontMatterKey.canonicalName(key)) {
            said += Array("\u{0}\(key)\u{1}".utf8)
            for element in value.strings { said += Array(element.utf8) + [1] }
        }
        contentHash = ContentHash(said)
        note.title = content.headline.title
        titleKey = note.title.lowercased()
        note.description = content.headline.description
        note.color = metadata.color
        switch metadata.destroy {
        case .none: destroyState = "none"
        case .date(let date):
            destroyState = "date"
            note.destroy = date.resolved(in: timeZone)
            destroyAt = note.destroy?.timeIntervalSince1970
        case .invalid:
            destroyState = "invalid"
            note.destroyProblem = .invalid
        case .ambiguous:
            destroyState = "ambiguous"
            note.destroyProblem = .ambiguous
        }
        frontMatterUpdated = metadata.updated?.description
        let modified = Double(status.modified) / 1_000_000_000
        let updated = metadata.updated?.resolved(in: timeZone)
        updatedFromFrontMatter = updated?.timeIntervalSince1970
        note.updated = updated ?? Date(timeIntervalSince1970: modified)
        let created = metadata.created?.resolved(in: timeZone)
        self.created = created?.timeIntervalSince1970 ?? modified
        note.created = created ?? Date(timeIntervalSince1970: modified)
        note.order = metadata.order
        note.tags = metadata.tags
        note.images = content.body.imageSources
        note.links = content.body.linkDestinations
        var fields: [(key: String, value: String, raw: String, isList: Bool)] = []
        for (key, value) in metadata.fields {
            let canonical = FrontMatterKey.canonicalName(key)
            let isList = if case .list = value { true } else { false }
            for element in value.strings { fields.append((canonical, element.lowercased(), element, isList)) }
        }
        for tag in metadata.tags where !fields.contains(where: { $0.key == "tags" && $0.value == tag.lowercased() }) {
            fields.append(("tags", tag.lowercased(), tag, true))
        }
        self.fields = fields
        note.diagnostics = content.diagnostics
        // A task date that cannot be read is reported with the note, as a front matter value is.
        for task in tasks where !task.problems.isEmpty { note.diagnostics += task.problems }
        note.hasError = content.diagnostics.contains { $0.severity == .error } || content.textProblem != nil
        editable = content.isEditable
        body = content.body.plainText
        tagsJSON = StringArrayColumn.encode(note.tags)
        imagesJSON = StringArrayColumn.encode(note.images)
        linksJSON = StringArrayColumn.encode(note.links)
        attachments = NoteAttachments.paths(images: note.images, links: note.links, wikilinks: graph.links, in: path)
        diagnosticsJSON = DiagnosticsColumn.encode(note.diagnostics)
        searchableName = Self.searchableName(of: path)
    }

    /// The file name as searchable words: `work/grocery-list.md` → `work grocery list`.
    static func searchableName(of path: NotePath) -> String {
        var bytes = NotePath.droppingMarkdownExtension(path.bytes)
        for index in bytes.indices
        where bytes[index] < 0x80 && !(bytes[index] >= 0x30 && bytes[index] <= 0x39)
            && !(bytes[index] | 0x20 >= 0x61 && bytes[index] | 0x20 <= 0x7A)
        {
            bytes[index] = 0x20
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// JSON arrays of diagnostics, for the `diagnostics` column.
enum DiagnosticsColumn {
    static func encode(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty, let data = try? JSONEncoder().encode(diagnostics) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String) -> [Diagnostic] {
        guard text != "[]" else { return [] }
        return (try? JSONDecoder().decode([Diagnostic].self, from: Data(text.utf8))) ?? []
    }
}

/// JSON arrays of strings, for the `tags` and `images` columns.
enum StringArrayColumn {
    static func encode(_ values: [String]) -> String {
        guard !values.isEmpty else { return "[]" }
        var json = "["
        for (index, value) in values.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        json.unicodeScalars.append(scalar)
                    }
                }
            }
            json += "\""
        }
        return json + "]"
    }

    static func decode(_ text: String) -> [String] {
        guard text != "[]", let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String] else { return [] }
        return array
    }
}
