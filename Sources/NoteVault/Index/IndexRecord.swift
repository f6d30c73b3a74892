import Foundation

/// Everything the index stores about one note file, computed from its bytes off the database
/// thread.
struct IndexRecord: Sendable {
    var path: NotePath
    var fingerprint: FileFingerprint
    var hash: ContentHash
    /// A hash of what the note says: the body and every front matter value but `order`,
    /// `updated` and `created`.
    var contentHash: ContentHash
    var racy: Bool
    var title: String
    /// The title folded for sorting.
    var titleKey: String
    var description: String
    var color: String
    var destroyAt: Double?
    var destroyState: String
    var frontMatterUpdated: String?
    /// The `updated` key resolved, or `nil` when absent or invalid.
    var updatedFromFrontMatter: Double?
    var created: Double
    var order: String?
    var tags: [String]
    var images: [String]
    var fields: [(key: String, value: String)]
    var diagnostics: [Diagnostic]
    var hasError: Bool
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

    /// Reads one note's record from its bytes.
    init(path: NotePath, status: FileStatus, bytes: [UInt8]?, timeZone: TimeZone, racyAfter: Int64) {
        self.path = path
        self.fingerprint = status.fingerprint
        self.racy = status.modified >= racyAfter || status.changed >= racyAfter
        let content: NoteContent
        if let bytes {
            hash = ContentHash(bytes)
            let read = NoteContent.readMappingSyntax(bytes: bytes, path: path.description, timeZone: timeZone)
            content = read.content
            graph = LinkRecord(content: read.content, map: read.map)
        } else {
            graph = LinkRecord()
            hash = ContentHash(value: 0)
            content = NoteContent(unreadable: .tooLarge(size: Int(status.size)), path: path.description, fileName: path.fileName)
        }
        let metadata = content.metadata
        var said = Array(content.bodyBytes)
        for (key, value) in metadata.fields where !["order", "updated", "created"].contains(FrontMatterKey.canonicalName(key)) {
            said += Array("\u{0}\(key)\u{1}".utf8)
            for element in value.strings { said += Array(element.utf8) + [1] }
        }
        contentHash = ContentHash(said)
        title = content.headline.title
        titleKey = title.lowercased()
        description = content.headline.description
        color = metadata.color.description
        switch metadata.destroy {
        case .none: destroyState = "none"
        case .date(let date):
            destroyState = "date"
            destroyAt = date.resolved(in: timeZone).timeIntervalSince1970
        case .invalid: destroyState = "invalid"
        case .ambiguous: destroyState = "ambiguous"
        }
        frontMatterUpdated = metadata.updated?.description
        updatedFromFrontMatter = metadata.updated?.resolved(in: timeZone).timeIntervalSince1970
        let modified = Double(status.modified) / 1_000_000_000
        created = metadata.created?.resolved(in: timeZone).timeIntervalSince1970 ?? modified
        order = metadata.order
        tags = metadata.tags
        images = content.body.imageSources
        var fields: [(String, String)] = []
        for (key, value) in metadata.fields {
            let canonical = FrontMatterKey.canonicalName(key)
            for element in value.strings { fields.append((canonical, element.lowercased())) }
        }
        for tag in metadata.tags where !fields.contains(where: { $0.0 == "tags" && $0.1 == tag.lowercased() }) {
            fields.append(("tags", tag.lowercased()))
        }
        self.fields = fields
        diagnostics = content.diagnostics
        hasError = content.diagnostics.contains { $0.severity == .error } || content.textProblem != nil
        editable = content.isEditable
        body = content.body.plainText
        tagsJSON = StringArrayColumn.encode(tags)
        imagesJSON = StringArrayColumn.encode(images)
        linksJSON = StringArrayColumn.encode(content.body.linkDestinations)
        diagnosticsJSON = DiagnosticsColumn.encode(diagnostics)
        searchableName = Self.searchableName(of: path)
    }

    /// The file name as searchable words: `work/grocery-list.md` → `work grocery list`.
    static func searchableName(of path: NotePath) -> String {
        var bytes = path.bytes
        if NotePath.isMarkdownName(bytes) { bytes.removeLast(3) }
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
