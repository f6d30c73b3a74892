extension MoveRepair: Encodable {
    /// The stable JSON form (`enote doctor --fix-links --json`): `from`, `to` (every path that
    /// fits the move, one when it is not ambiguous), `ambiguous`, `links` (each broken link:
    /// `note`, `line`, `destination` as written, `replacement`), `message` (why the links are
    /// not rewritten, or `null`) and `diff` (the repair as a unified diff, empty when there is
    /// nothing to rewrite).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(move.from.description, forKey: "from")
        try json.encode(move.to.map(\.description), forKey: "to")
        try json.encode(move.isAmbiguous, forKey: "ambiguous")
        try json.encode(brokenLinks, forKey: "links")
        try json.encode(message?.text, forKey: "message")
        try json.encode(unifiedDiff(), forKey: "diff")
    }
}

extension MoveRepair.BrokenLink: Encodable {
    /// `note`, `line`, `destination` and `replacement`.
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(note.description, forKey: "note")
        try json.encode(line, forKey: "line")
        try json.encode(destination, forKey: "destination")
        try json.encode(replacement, forKey: "replacement")
    }
}

extension MoveRepairResult: Encodable {
    /// The stable JSON form of a repair made: `from`, `to`, `rewritten_notes`, `rewritten_links`
    /// and `left_alone` (notes changed meanwhile, whose links were left as they were).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(from.description, forKey: "from")
        try json.encode(to.description, forKey: "to")
        try json.encode(rewrittenNotes.map(\.description), forKey: "rewritten_notes")
        try json.encode(rewrittenLinks, forKey: "rewritten_links")
        try json.encode(leftAlone.map(\.description), forKey: "left_alone")
    }
}
