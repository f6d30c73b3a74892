/// Tasks from the index: what `enote tasks`, the web's Tasks page and any later front end list.
extension NoteIndex {
    /// The tasks `query` keeps, sorted by due date (tasks without one last), note path and line.
    public func tasks(_ query: TaskQuery) throws(VaultError) -> [NoteTask] {
        let root = vault.root
        return try read { store in
            var query = query
            query.notes = try store.resolvingLinks(query.notes, root: root)
            return try store.tasks(query)
        }
    }

    /// The tasks of the note at `path` as last indexed, in line order.
    public func tasks(in path: NotePath) throws(VaultError) -> [NoteTask] {
        try read { store in try store.tasks(in: path) }
    }
}
