extension NoteHistory.Entry: Encodable {
    /// The stable JSON form (`enote log --json`): `commit`, `date` (ISO 8601 as git writes it),
    /// `author`, `subject`, `path`, `previous_path` (before a rename, else `null`), `change`
    /// (`added`, `changed`, `removed` or `renamed`), `fields` (the front matter keys that
    /// changed), `lines_added` and `lines_removed` (of the body).
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(commit, forKey: "commit")
        try json.encode(date, forKey: "date")
        try json.encode(author, forKey: "author")
        try json.encode(subject, forKey: "subject")
        try json.encode(path, forKey: "path")
        try json.encode(previousPath, forKey: "previous_path")
        try json.encode(change.rawValue, forKey: "change")
        try json.encode(fields, forKey: "fields")
        try json.encode(linesAdded, forKey: "lines_added")
        try json.encode(linesRemoved, forKey: "lines_removed")
    }
}
