import Markdown

/// A query written in a note: a fenced code block named `enote`, `dataview` or `tasks`.
public struct QueryBlock: Sendable, Equatable {
    public var language: NoteQuery.Language
    /// The query's text, without its fences.
    public var text: String
    /// The 1-based line of the opening fence in the note's file.
    public var line: Int
    /// The 1-based line of the closing fence.
    public var endLine: Int

    /// The names of the code blocks that hold queries, by the language they are read as.
    public static let languages: [String: NoteQuery.Language] = ["enote": .enote, "dataview": .dataview, "tasks": .tasks]

    /// The query blocks of a note's whole text (front matter included, so lines are the
    /// file's), in order, found as libcmark finds fenced code (in lists and quotes too).
    public static func blocks(in text: String) -> [QueryBlock] {
        MarkdownCodeBlock.blocks(in: text, languages: Set(languages.keys)).compactMap { block in
            languages[block.language].map { QueryBlock(language: $0, text: block.text, line: block.line, endLine: block.endLine) }
        }
    }

    /// The block's query, read in its language; an error's line is the note's line (the
    /// query's first line is the one after the fence).
    public func parse(note: NotePath?) -> Result<NoteQuery, NoteQueryError> {
        parse(context: TasksBlockParser.Context(note: note))
    }

    /// The block's query, a Tasks block read with `context` (``Vault/queryBlocks(of:today:)``).
    func parse(context: TasksBlockParser.Context) -> Result<NoteQuery, NoteQueryError> {
        do {
            if language == .tasks { return .success(try TasksBlockParser.parse(text, context: context)) }
            return .success(try QueryParser.parse(text, language: language, note: context.note))
        } catch {
            var error = error
            error.line += line
            return .failure(error)
        }
    }
}
