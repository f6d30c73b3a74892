extension NoteTask: Encodable {
    /// The stable JSON form of a task, the same from every front end: `path`, `title` (the
    /// note's, `null` when not read from the index), `line`, `text` (as written), `summary`
    /// (without the dates and priority read), `done`, `due`, `scheduled`, `start`, `completed`
    /// (days as `YYYY-MM-DD` or `null`), `priority` (`highest`, `high`, `medium`, `low`,
    /// `lowest` or `null`), `tags` (as written, without `#`), `parent_line` (the line of the task
    /// it is nested under, or `null`), `heading` (the nearest heading above it, or `null`), `id`
    /// (its `🆔`, or `null`), `depends_on` (the ids of the tasks it waits for), `warnings` (dates that could not be read, as
    /// `file:line:column: message` in the reader's language) and `revision` (the note's
    /// revision the task was read from, which a toggle sends back; `null` when not known), in
    /// this order.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try encodeMembers(into: &json)
    }

    /// Writes the task's members, in their order, into `json`: the one home of the task's JSON
    /// form, which a query's task rows (``QueryResult``) extend with their group.
    func encodeMembers(into json: inout KeyedEncodingContainer<JSONKey>) throws {
        try json.encode(path.description, forKey: "path")
        try json.encode(noteTitle, forKey: "title")
        try json.encode(line, forKey: "line")
        try json.encode(text, forKey: "text")
        try json.encode(summary, forKey: "summary")
        try json.encode(isDone, forKey: "done")
        try json.encode(due?.description, forKey: "due")
        try json.encode(scheduled?.description, forKey: "scheduled")
        try json.encode(start?.description, forKey: "start")
        try json.encode(completed?.description, forKey: "completed")
        try json.encode(priority?.rawValue, forKey: "priority")
        try json.encode(tags, forKey: "tags")
        try json.encode(parentLine, forKey: "parent_line")
        try json.encode(heading, forKey: "heading")
        try json.encode(id, forKey: "id")
        try json.encode(dependsOn, forKey: "depends_on")
        try json.encode(problems.map { "\($0.location): \($0.message.text)" }, forKey: "warnings")
        try json.encode(noteRevision?.description, forKey: "revision")
    }
}
