extension RenamePlan: Encodable {
    /// The stable JSON form of a rename planned (`enote mv --dry-run --json`): `from`, `to`,
    /// `rewritten_notes` (the linking notes that would change), `rewritten_links` (in every
    /// file, the moved note's own included) and `diff` (the changes as a unified diff).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(from.description, forKey: "from")
        try json.encode(to.description, forKey: "to")
        try json.encode(linking.map(\.path.description), forKey: "rewritten_notes")
        try json.encode(edits.reduce(0) { $0 + $1.rewrittenLinks }, forKey: "rewritten_links")
        try json.encode(unifiedDiff(), forKey: "diff")
    }
}

extension RenameResult: Encodable {
    /// The stable JSON form of a rename made (`enote mv --json`): `from`, `to`,
    /// `rewritten_notes`, `rewritten_links`, `left_alone` (notes changed meanwhile, whose links
    /// were left as they were) and `commit` (the commit that records it, or `null`).
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(from.description, forKey: "from")
        try json.encode(to.description, forKey: "to")
        try json.encode(rewrittenNotes.map(\.description), forKey: "rewritten_notes")
        try json.encode(rewrittenLinks, forKey: "rewritten_links")
        try json.encode(leftAlone.map(\.description), forKey: "left_alone")
        try json.encode(commit, forKey: "commit")
    }
}
