import Foundation
import Markdown

/// A note file's bytes, read: front matter, body, fields, headline and the problems found.
///
/// Reading never fails. A file that is not text (a NUL byte), not UTF-8, or too large is still a
/// note: it is listed under its file name with a diagnostic, and its content is neither indexed
/// nor ever rewritten.
///
/// For example:
///
/// ```swift
/// let content = NoteContent(bytes: Array("---\ntitle: Plan\n---\nStep one\n".utf8), path: "plan.md")
/// content.headline.title        // "Plan"
/// content.headline.description  // "Step one"
/// ```
public struct NoteContent: Sendable {
    /// The file's bytes exactly as read (empty when the file was too large to read).
    public let bytes: [UInt8]
    /// The front matter as read.
    public let frontMatter: FrontMatterReading
    /// Byte offset where the body starts.
    public let bodyStart: Int
    /// The fields enote understands.
    public let metadata: NoteMetadata
    /// Title and description.
    public let headline: NoteHeadline
    /// The body as plain text (Markdown removed), with its images and links.
    package let body: MarkdownSummary
    /// Why the content could not be read as text, if it could not.
    public let textProblem: TextProblem?
    /// Everything worth telling the user, with file and line.
    public let diagnostics: [Diagnostic]

    /// Why a file's content is not read as a note's text.
    public enum TextProblem: Sendable, Equatable, CustomStringConvertible {
        /// The file holds a NUL byte: it is binary, not text.
        case notText(offset: Int)
        /// The bytes are not valid UTF-8 (a Latin-1 file, for example).
        case invalidUTF8(offset: Int)
        /// The file is larger than ``NoteContent/maximumSize``.
        case tooLarge(size: Int)

        public var description: String { message.text }

        /// The problem as a phrase that follows the file's name.
        public var message: LocalizedMessage {
            switch self {
            case .notText(let offset): "not text (a NUL byte at byte offset \(offset)); it is listed by name only"
            case .invalidUTF8(let offset): "not valid UTF-8 at byte offset \(offset); convert it to UTF-8 (it is listed by name only and never rewritten)"
            case .tooLarge(let size): "larger than \(NoteContent.maximumSize / 1_048_576) MiB (\(size) bytes); it is listed by name only"
            }
        }
    }

    /// Notes larger than this are listed by name but not read.
    public static let maximumSize = 10 * 1_048_576

    /// Whether enote may rewrite this note's front matter: not when it cannot be read, nor
    /// when the file opens with a `---` block enote does not read (adding one in front of it
    /// would give the file two).
    public var isEditable: Bool {
        guard textProblem == nil else { return false }
        switch frontMatter {
        case .unreadable: return false
        case .absent: return !FrontMatterEditor.opensUnreadBlock(bytes)
        case .parsed: return true
        }
    }

    /// The body's bytes (after the front matter).
    public var bodyBytes: ArraySlice<UInt8> { bytes[bodyStart...] }

    /// The body as text.
    public var bodyText: String { String(decoding: bodyBytes, as: UTF8.self) }

    /// Reads a note from its bytes.
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - path: The note's path relative to the vault, for the headline and diagnostics.
    ///   - timeZone: The zone local times are read in (see ``NoteMetadata``).
    public init(bytes: [UInt8], path: String, timeZone: TimeZone = .current) {
        var unused: MarkdownSyntaxMap?
        var unrendered: String?
        self.init(bytes: bytes, path: path, timeZone: timeZone, syntaxMap: &unused, html: &unrendered, parse: .summary)
    }

    /// What the one libcmark parse of a body yields besides the summary.
    private enum BodyParse {
        /// The summary alone.
        case summary
        /// A syntax map too, when the body may hold links or tags.
        case mapping
        /// A syntax map and the body's HTML, always.
        case rendering
    }

    /// Reads a note and maps its body's syntax in the same libcmark parse (offsets relative to
    /// the body), so that the index takes links and tags from it without a second parse.
    /// The map is `nil` for a file that is not text, and for a body that holds no link or tag
    /// (``NoteLinkExtractor/mayHoldLinksOrTags(_:)``).
    static func readMappingSyntax(bytes: [UInt8], path: String, timeZone: TimeZone) -> (content: NoteContent, map: MarkdownSyntaxMap?) {
        var map: MarkdownSyntaxMap?
        var unrendered: String?
        let content = NoteContent(bytes: bytes, path: path, timeZone: timeZone, syntaxMap: &map, html: &unrendered, parse: .mapping)
        return (content, map)
    }

    /// Reads a note, maps its body's syntax and renders its body as ``bodyHTML`` does, all in the
    /// same libcmark parse, for a page that shows it (``RenderedNote``). Map and HTML are `nil`
    /// for a file that is not text.
    static func readRendering(bytes: [UInt8], path: String, timeZone: TimeZone) -> (content: NoteContent, map: MarkdownSyntaxMap?, html: String?) {
        var map: MarkdownSyntaxMap?
        var html: String?
        let content = NoteContent(bytes: bytes, path: path, timeZone: timeZone, syntaxMap: &map, html: &html, parse: .rendering)
        return (content, map, html)
    }

    private init(
        bytes: [UInt8], path: String, timeZone: TimeZone, syntaxMap: inout MarkdownSyntaxMap?, html: inout String?, parse: BodyParse
    ) {
        self.bytes = bytes
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        if let problem = Self.textProblem(in: bytes) {
            self.frontMatter = .absent
            self.bodyStart = bytes.count
            self.metadata = NoteMetadata()
            self.body = MarkdownSummary(parsing: "")
            self.headline = NoteHeadline(frontMatterTitle: nil, body: body, fileName: fileName, isEmptyFile: false)
            self.textProblem = problem
            self.diagnostics = [Self.diagnostic(for: problem, path: path)]
            return
        }
        var diagnostics: [Diagnostic]
        let reading: FrontMatterReading
        (reading, diagnostics) = FrontMatterParser.read(bytes, file: path)
        var metadata = NoteMetadata()
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        bodyStart = Self.bodyStart(after: reading, bytes: bytes)
        if case .parsed(let frontMatter) = reading {
            metadata = NoteMetadata(frontMatter, file: path, timeZone: timeZone, diagnostics: &diagnostics)
        }
        self.frontMatter = reading
        self.metadata = metadata
        let start = bodyStart
        if parse == .rendering {
            let parsed = bytes.withUnsafeBytes { raw in MarkdownSummary.withSyntaxMapAndHTML(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw[start...])) }
            self.body = parsed.summary
            syntaxMap = parsed.map
            html = parsed.html
        } else if parse == .mapping,
            bytes.withUnsafeBytes({ raw in NoteLinkExtractor.mayHoldLinksOrTags(UnsafeRawBufferPointer(rebasing: raw[start...])) })
        {
            let parsed = bytes.withUnsafeBytes { raw in MarkdownSummary.withSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw[start...])) }
            self.body = parsed.summary
            syntaxMap = parsed.map
        } else {
            self.body = bytes.withUnsafeBytes { raw in
                MarkdownSummary(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw[start...]))
            }
        }
        let isEmptyFile = bytes[bomLength...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        self.headline = NoteHeadline(frontMatterTitle: metadata.title, body: body, fileName: fileName, isEmptyFile: isEmptyFile)
        self.textProblem = nil
        self.diagnostics = diagnostics
    }

    /// Where the body of a note read as `reading` starts: after its front matter, or after the
    /// byte order mark of a note without one.
    private static func bodyStart(after reading: FrontMatterReading, bytes: [UInt8]) -> Int {
        switch reading {
        case .absent: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        case .parsed(let frontMatter): frontMatter.end
        case .unreadable(_, let end): end
        }
    }

    /// Where the body of the note `bytes` starts (``bodyStart``), its Markdown left unread: the
    /// end of a file that is not text.
    static func bodyStart(of bytes: [UInt8], path: String) -> Int {
        guard textProblem(in: bytes) == nil else { return bytes.count }
        return bodyStart(after: FrontMatterParser.read(bytes, file: path).0, bytes: bytes)
    }

    /// A note known only by name: too large to read, or not text.
    public init(unreadable problem: TextProblem, bytes: [UInt8] = [], path: String, fileName: String? = nil) {
        self.bytes = bytes
        self.frontMatter = .absent
        self.bodyStart = bytes.count
        self.metadata = NoteMetadata()
        self.body = MarkdownSummary(parsing: "")
        self.headline = NoteHeadline(frontMatterTitle: nil, body: body, fileName: fileName ?? path, isEmptyFile: false)
        self.textProblem = problem
        self.diagnostics = [Self.diagnostic(for: problem, path: path)]
    }

    private static func diagnostic(for problem: TextProblem, path: String) -> Diagnostic {
        let kind: Diagnostic.Kind = if case .tooLarge = problem { .tooLarge } else { .notText }
        return Diagnostic(.warning, kind, file: path, message: problem.message)
    }

    /// The first reason `bytes` are not UTF-8 text, if any.
    static func textProblem(in bytes: [UInt8]) -> TextProblem? {
        if bytes.count > maximumSize { return .tooLarge(size: bytes.count) }
        let problem = bytes.withUnsafeBufferPointer { FastUTF8.firstProblem(in: $0, rejectingNUL: true) }
        guard let problem else { return nil }
        // A NUL byte anywhere means binary, even after an invalid sequence.
        if !problem.isNUL, let nul = bytes.firstIndex(of: 0) { return .notText(offset: nul) }
        return problem.isNUL ? .notText(offset: problem.offset) : .invalidUTF8(offset: problem.offset)
    }

    /// The offset of the first byte that breaks UTF-8, or `nil` when all of it is valid.
    static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { FastUTF8.firstProblem(in: $0, rejectingNUL: false)?.offset }
    }
}
