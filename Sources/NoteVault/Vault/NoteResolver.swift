/// Turns what a user typed into one note: its path (with or without `.md`), its exact title, or
/// the unique start of its title or file name, all case-insensitive.
///
/// Ambiguity is an error that lists the candidates, so a command never acts on the wrong note.
///
/// For example, with notes `grocery-list.md` ("Grocery list") and `work/plan.md` ("Plan"):
///
/// ```swift
/// try NoteResolver.resolve("groc", among: candidates)      // grocery-list.md
/// try NoteResolver.resolve("work/plan", among: candidates) // work/plan.md
/// ```
package enum NoteResolver {
    /// A note a reference may name.
    package struct Candidate: Sendable, Equatable {
        package var path: NotePath
        package var title: String

        package init(path: NotePath, title: String) {
            self.path = path
            self.title = title
        }
    }

    /// The note `reference` names.
    /// - Throws: ``VaultError/noteNotFound(reference:suggestions:)`` or
    ///   ``VaultError/ambiguousNote(reference:candidates:)``.
    package static func resolve(_ reference: String, among candidates: [Candidate]) throws(VaultError) -> NotePath {
        var typed = reference
        while typed.hasPrefix("./") { typed.removeFirst(2) }
        guard !typed.isEmpty else { throw .invalidInput("name a note by its path or title") }

        // 1. A path, exactly as the bytes on disk (with or without .md).
        let paths = exactPaths(typed)
        if let match = candidates.first(where: { paths.contains($0.path) }) {
            return match.path
        }
        let folded = typed.lowercased()
        let foldedPath = folded.hasSuffix(".md") ? folded : folded + ".md"

        // 2. A path or title that matches ignoring case.
        let exact = candidates.filter {
            $0.title.lowercased() == folded || $0.path.description.lowercased() == foldedPath
        }
        if let single = try unique(exact, reference: reference) { return single }

        // 3. The start of a title, a file name or a path.
        let prefixed = candidates.filter {
            $0.title.lowercased().hasPrefix(folded)
                || $0.path.description.lowercased().hasPrefix(folded)
                || $0.path.fileName.lowercased().hasPrefix(folded)
        }
        if let single = try unique(prefixed, reference: reference) { return single }

        let suggestions = candidates.filter { $0.title.lowercased().contains(folded) || $0.path.description.lowercased().contains(folded) }
            .prefix(3).map(\.title)
        throw .noteNotFound(reference: reference, suggestions: Array(suggestions))
    }

    /// The paths `reference` names if it is a path, exactly as the bytes on disk: itself, and
    /// itself with `.md` unless it ends so. Step 1 of ``resolve(_:among:)``, which an index can
    /// answer by key (``Vault/resolve(_:in:)``) before anything reads every note.
    package static func exactPaths(_ reference: String) -> [NotePath] {
        var typed = reference
        while typed.hasPrefix("./") { typed.removeFirst(2) }
        guard !typed.isEmpty else { return [] }
        let bytes = Array(typed.utf8)
        guard !NotePath.isMarkdownName(bytes[...]) else { return [NotePath(bytes: bytes)] }
        return [NotePath(bytes: bytes), NotePath(bytes: bytes + Array(".md".utf8))]
    }

    /// The note `reference` names exactly, for a change an agent asks for: its path as written
    /// (with or without `.md`), else its whole title ignoring case; never the start of either,
    /// so a misspelt name is never taken for another note's.
    /// - Throws: ``VaultError/noteNotFound(reference:suggestions:)`` naming notes whose path or
    ///   title holds it, or ``VaultError/ambiguousNote(reference:candidates:)``.
    package static func resolveExactly(_ reference: String, among candidates: [Candidate]) throws(VaultError) -> NotePath {
        let paths = exactPaths(reference)
        guard !paths.isEmpty else { throw .invalidInput("name a note by its path or title") }
        if let match = candidates.first(where: { paths.contains($0.path) }) { return match.path }
        let folded = reference.lowercased()
        if let single = try unique(candidates.filter { $0.title.lowercased() == folded }, reference: reference) { return single }
        let near = candidates.filter { $0.title.lowercased().contains(folded) || $0.path.description.lowercased().contains(folded) }
        throw .noteNotFound(reference: reference, suggestions: near.prefix(5).map(\.path.description))
    }

    private static func unique(_ matches: [Candidate], reference: String) throws(VaultError) -> NotePath? {
        var seen = Set<NotePath>()
        let distinct = matches.filter { seen.insert($0.path).inserted }
        if distinct.count == 1 { return distinct[0].path }
        if distinct.count > 1 {
            throw .ambiguousNote(reference: reference, candidates: distinct.sorted { $0.path < $1.path }.map { "\($0.path)  (\($0.title))" })
        }
        return nil
    }
}

extension Vault {
    /// The note `reference` names in `index`, as ``resolve(_:among:)`` finds it among all of the
    /// index's notes; a reference that is a note's exact path (step 1) is looked up by key, so
    /// that naming a note by its path costs one lookup, not a read of every note.
    package func resolve(_ reference: String, in index: NoteIndex) throws(VaultError) -> NotePath {
        for path in NoteResolver.exactPaths(reference) where try index.note(at: path) != nil {
            return path
        }
        return try resolve(reference, among: try index.candidates())
    }

    /// The note `reference` names exactly in `index` (``NoteResolver/resolveExactly(_:among:)``):
    /// a path is one lookup.
    package func resolveExactly(_ reference: String, in index: NoteIndex) throws(VaultError) -> NotePath {
        for path in NoteResolver.exactPaths(reference) where try index.note(at: path) != nil {
            return path
        }
        return try NoteResolver.resolveExactly(reference, among: try index.candidates())
    }

    /// The note `reference` names among `candidates` (the index's notes), as
    /// ``NoteResolver/resolve(_:among:)`` finds it.
    ///
    /// A reference that names, as a path (with or without `.md`), a file the index never lists
    /// because it is never a note is refused for what it is, which says more than "no note
    /// matches": a symbolic link with the rule that enote never follows links, a named pipe,
    /// socket or device as not a regular file (it is never opened).
    /// - Throws: ``VaultError/noteNotFound(reference:suggestions:)``,
    ///   ``VaultError/ambiguousNote(reference:candidates:)``, or the refusal of such a file.
    package func resolve(_ reference: String, among candidates: [NoteResolver.Candidate]) throws(VaultError) -> NotePath {
        do throws(VaultError) {
            return try NoteResolver.resolve(reference, among: candidates)
        } catch .noteNotFound(let typed, let suggestions) {
            if let (path, kind) = unlistedFile(named: reference) {
                // Reading a link fails with the rule ("… is a symbolic link; enote never follows links …").
                if kind == .symbolicLink { _ = try read(path) }
                throw .write(.notRegularFile(path))
            }
            throw .noteNotFound(reference: typed, suggestions: suggestions)
        }
    }

    /// The symbolic link, named pipe, socket or device in the vault that `reference` names as a
    /// path (with or without `.md`): files that are never notes, so the index does not list them.
    private func unlistedFile(named reference: String) -> (NotePath, FileStatus.Kind)? {
        var typed = reference
        while typed.hasPrefix("./") { typed.removeFirst(2) }
        for candidate in [typed, typed + ".md"] {
            guard let path = try? NotePath(validating: candidate, purpose: .lookup) else { continue }
            if let status = try? fileStatus(path), status.kind == .symbolicLink || status.kind == .other { return (path, status.kind) }
        }
        return nil
    }
}
