extension TagRenamePlan: Encodable {
    /// The stable JSON form of a tag rename planned (`enote tag rename --dry-run --json`):
    /// `from`, `to`, `merged` (whether the new tag was in use already), `rewritten_notes`,
    /// `rewritten_tags` and `diff` (the changes as a unified diff).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try encodeNames(into: &json)
        try json.encode(edits.map(\.path.description), forKey: "rewritten_notes")
        try json.encode(edits.reduce(0) { $0 + $1.rewrittenLinks }, forKey: "rewritten_tags")
        try json.encode(unifiedDiff(), forKey: "diff")
    }

    /// `from`, `to` and `merged`, which a plan and its result share.
    fileprivate func encodeNames(into json: inout KeyedEncodingContainer<JSONKey>) throws {
        try json.encode(old, forKey: "from")
        try json.encode(new, forKey: "to")
        try json.encode(merges, forKey: "merged")
    }
}

extension TagRenameResult: Encodable {
    /// The stable JSON form of a tag rename made (`enote tag rename --json`): `from`, `to`,
    /// `merged`, `rewritten_notes`, `rewritten_tags` and `left_alone` (notes changed meanwhile,
    /// whose tags were left as they were).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try plan.encodeNames(into: &json)
        try json.encode(rewrittenNotes.map(\.description), forKey: "rewritten_notes")
        try json.encode(rewrittenTags, forKey: "rewritten_tags")
        try json.encode(leftAlone.map(\.description), forKey: "left_alone")
    }
}
