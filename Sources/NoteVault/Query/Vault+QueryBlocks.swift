import Foundation

/// The query blocks of a note, read with what they may name: the note itself (`this`, a Tasks
/// block's `{{query.file.…}}`), its front matter (`{{query.file.property('key')}}`) and the
/// presets saved in the vault's Obsidian Tasks settings. The one rule every front end reads a
/// note's blocks with.
extension Vault {
    /// A block of a note and its query, or why it cannot be read (lines are the note's).
    public struct ReadBlock: Sendable {
        public var block: QueryBlock
        public var query: Result<NoteQuery, NoteQueryError>
    }

    /// The query blocks of the note at `path`, in order, each read.
    public func queryBlocks(of path: NotePath, today: CalendarDay) throws(VaultError) -> [ReadBlock] {
        let note = try read(path)
        let text = String(decoding: note.content.bytes, as: UTF8.self)
        let blocks = QueryBlock.blocks(in: text)
        guard !blocks.isEmpty else { return [] }
        var properties: [String: String] = [:]
        for (key, value) in note.content.metadata.fields { properties[key] = value.strings.joined(separator: "\n") }
        let context = TasksBlockParser.Context(note: path, today: today, presets: tasksPresets(), properties: properties)
        return blocks.map { block in ReadBlock(block: block, query: block.parse(context: context)) }
    }

    /// The path of Obsidian Tasks' settings, whose `presets` a vault written for Obsidian names.
    static let tasksSettingsPath = ".obsidian/plugins/obsidian-tasks-plugin/data.json"

    /// The presets saved in Obsidian Tasks' settings, by name (none when there are no settings,
    /// or they cannot be read: a block naming a preset then says it is not there).
    func tasksPresets() -> [String: String] {
        guard let bytes = try? Self.readStateFile(Array(Self.tasksSettingsPath.utf8), root: root, limit: 1 << 20),
            let settings = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let presets = settings["presets"] as? [String: Any]
        else { return [:] }
        return presets.compactMapValues { $0 as? String }
    }
}
