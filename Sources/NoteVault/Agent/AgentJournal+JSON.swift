import Foundation

extension AgentJournal {
    /// A write as `enote mcp log --json` lists it; the journal itself keeps ``Entry``'s own
    /// stored form.
    public struct ListedWrite: Encodable, Sendable {
        public var entry: Entry

        public init(_ entry: Entry) {
            self.entry = entry
        }

        /// The stable JSON form: `write` (its number), `date` (ISO 8601 with its offset in the
        /// context's time zone), `client`, `tool`, `path`, `to` (where a move took the note, or
        /// null), `revision` (the note's revision after the write, or null) and `undoes` (the
        /// write it undid, or null). The encoder's `userInfo` must hold a ``NoteJSONContext``.
        public func encode(to encoder: any Encoder) throws {
            let context = try NoteJSONContext(of: encoder, encoding: self)
            var json = encoder.container(keyedBy: JSONKey.self)
            try json.encode(entry.number, forKey: "write")
            try json.encode(NoteDate.stamp(entry.date, in: context.timeZone), forKey: "date")
            try json.encode(entry.client, forKey: "client")
            try json.encode(entry.tool, forKey: "tool")
            try json.encode(entry.path, forKey: "path")
            try json.encode(entry.to, forKey: "to")
            try json.encode(entry.after, forKey: "revision")
            try json.encode(entry.undoes, forKey: "undoes")
        }
    }
}
