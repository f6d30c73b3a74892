import Foundation

extension TrashEntry: Encodable {
    /// The stable JSON form (`enote trash list --json`): `path` (in `.trash/`), `original` (where
    /// the note was), `removed` (ISO 8601 with its offset in the context's time zone) and
    /// `reason` (`removed`, `expired`, `emptied` or `replaced`). The encoder's `userInfo` must
    /// hold a ``NoteJSONContext``.
    public func encode(to encoder: any Encoder) throws {
        let context = try NoteJSONContext(of: encoder, encoding: self)
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(trashedPath, forKey: "path")
        try json.encode(originalPath, forKey: "original")
        try json.encode(NoteDate.stamp(date, in: context.timeZone), forKey: "removed")
        try json.encode(reason.rawValue, forKey: "reason")
    }
}
