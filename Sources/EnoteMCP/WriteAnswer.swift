import NoteVault

/// What a write answers, for the agent: `path`, `revision` (the note's new one, `null` when it
/// is gone), `write` (its number, for undo; `null` when nothing changed), `changed`, then what
/// applies: `warnings`, `trashed_as`, `rewritten_links`, `notes_changed` (when the write changed
/// more than one note), `commit` and `commit_problem`.
struct WriteAnswer: Encodable, Sendable {
    let write: AgentEditor.Write

    init(_ write: AgentEditor.Write) {
        self.write = write
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(write.path.description, forKey: "path")
        try container.encode(write.revision?.description, forKey: "revision")
        try container.encode(write.number, forKey: "write")
        try container.encode(write.number != nil, forKey: "changed")
        if !write.warnings.isEmpty { try container.encode(write.warnings.map(\.description), forKey: "warnings") }
        try container.encodeIfPresent(write.trashedAs, forKey: "trashed_as")
        if write.rewrittenLinks > 0 { try container.encode(write.rewrittenLinks, forKey: "rewritten_links") }
        if write.changed.count > 1 { try container.encode(write.changed.map(\.description), forKey: "notes_changed") }
        try container.encodeIfPresent(write.commit, forKey: "commit")
        try container.encodeIfPresent(write.commitProblem?.text, forKey: "commit_problem")
    }
}
