import EnoteRPC
import NoteVault

/// Every tool the server offers, in the order `tools/list` gives them (the same order each
/// time, as the specification asks). With `--read-only`, only the tools that change nothing.
enum ToolTable {
    static let all: [Tool] = [
        ReadingTools.search, ReadingTools.context, ReadingTools.list, ReadingTools.recent, ReadingTools.read, ReadingTools.outline, ReadingTools.links,
        ReadingTools.backlinks, ReadingTools.related, ReadingTools.tags, ReadingTools.history,
        ReadingTools.attachments, QueryTool.tool,
        WritingTools.create, WritingTools.replace, WritingTools.append, WritingTools.prepend, WritingTools.setFrontMatter,
        WritingTools.move, WritingTools.delete, WritingTools.undo,
    ]

    /// The tool called `name`.
    static func tool(named name: String) -> Tool? {
        byName[name]
    }

    private static let byName: [String: Tool] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The tools a server offers: all of them, or only the read-only ones.
    static func offered(readOnly: Bool) -> [Tool] {
        readOnly ? all.filter(\.readOnly) : all
    }
}
