import Foundation

/// Where `enote move` puts a note.
public enum Placement: Sendable, Equatable {
    case top
    case bottom
    case before(NotePath)
    case after(NotePath)
}

/// What a move changed.
public struct MoveResult: Sendable, Equatable {
    /// The moved note and its new `order` key.
    public var moved: NotePath
    public var key: String
    /// Other notes whose `order` was written too: the reference note when it had no position
    /// yet.
    public var alsoChanged: [NotePath]
}

/// The manual order of notes (`list --sort order`, `enote move`, the web list's drag and drop):
/// the `order` key in each note's front matter, read from the index and written to the notes'
/// files through the vault.
///
/// It takes the index for as long as one move lasts, so the index facade itself never writes a
/// note's file.
///
/// For example:
///
/// ```swift
/// let result = try ManualOrder(index: index).move(note, to: .after(other))
/// print(result.key)  // "9.5"
/// ```
public struct ManualOrder {
    /// The index the keys are read from and the moved notes are re-indexed in.
    public let index: NoteIndex

    /// The order of the notes of `index`'s vault.
    public init(index: NoteIndex) {
        self.index = index
    }

    private var vault: Vault { index.vault }

    /// Gives `path` an `order` key that puts it at `placement` in `list --sort order`.
    ///
    /// Only the moved note's `order` line changes (`updated` is left alone: its content did not
    /// change), and the reference note's when it has no position yet: no other note's key is
    /// ever rewritten. Keys are compared as ``OrderKey/compare(_:_:)`` says (numbers as
    /// numbers); the new key is in the neighbours' style (`9.5` between `9` and `10`). Next to
    /// notes that share a key, the note goes before (`before`) or after (`after`) all of them,
    /// since a key cannot fall between equal ones. Every check (editors holding the files,
    /// front matter enote cannot rewrite, no key between the neighbours) happens before the
    /// first write.
    public func move(_ path: NotePath, to placement: Placement, force: Bool = false) throws(VaultError) -> MoveResult {
        let ordered = try orderedNotes().filter { $0.path != path }
        var writes: [(path: NotePath, key: String)] = []

        // A reference note without a position is first put at the end of the ordered ones.
        var reference: (path: NotePath, key: String)?
        if case .before(let other) = placement { reference = try position(of: other, ordered: ordered, writes: &writes) }
        if case .after(let other) = placement { reference = try position(of: other, ordered: ordered, writes: &writes) }
        let lower: String?
        let upper: String?
        switch placement {
        case .top:
            (lower, upper) = (nil, ordered.first?.key)
        case .bottom:
            (lower, upper) = (ordered.last?.key, nil)
        case .before:
            // (A reference just given the last position has the last ordered key below it.)
            let key = reference?.key
            (lower, upper) = (key.flatMap { key in ordered.last { OrderKey.compare($0.key, key) < 0 }?.key }, key)
        case .after:
            let key = reference?.key
            (lower, upper) = (key, key.flatMap { key in ordered.first { OrderKey.compare($0.key, key) > 0 }?.key })
        }
        guard let key = OrderKey.key(between: lower, and: upper) else {
            throw .blocked(
                LocalizedMessage(
                    """
                    no order key fits between \(lower ?? "") and \(upper ?? "") (the same number written two ways, or \
                    text with no room after it); nothing was changed. Give one of those notes another position first
                    """, remedy: .changeOrder(ofLastNote: false)))
        }
        writes.append((path, key))
        try checkWritable(writes.map(\.path), force: force)
        for write in writes { try self.write(write.key, to: write.path, force: force) }
        try index.reconcile(files: writes.map(\.path))
        return MoveResult(moved: path, key: key, alsoChanged: writes.dropLast().map(\.path))
    }

    /// The notes with an `order` key, in the order `list --sort order` shows them (equal keys
    /// newest first).
    func orderedNotes() throws(VaultError) -> [(path: NotePath, key: String)] {
        try index.read { store in try store.orderedNotes() }
    }

    /// The reference note's key; a note without one is given the position after the last
    /// ordered note (written with the move).
    private func position(
        of note: NotePath, ordered: [(path: NotePath, key: String)], writes: inout [(path: NotePath, key: String)]
    ) throws(VaultError) -> (path: NotePath, key: String) {
        if let found = ordered.first(where: { $0.path == note }) { return found }
        guard let key = OrderKey.key(between: ordered.last?.key, and: nil) else {
            throw .blocked(
                LocalizedMessage(
                    "no order key fits after \(ordered.last?.key ?? ""); nothing was changed. Give \(note) an order first",
                    remedy: .changeOrder(ofLastNote: true)))
        }
        writes.append((note, key))
        return (note, key)
    }

    /// Refuses, before anything is written, when one of `paths` is open in an editor (unless
    /// forced) or its front matter cannot be rewritten.
    private func checkWritable(_ paths: [NotePath], force: Bool) throws(VaultError) {
        for path in paths {
            if !force, let holder = EditorLockDetector.holder(of: path, in: vault) {
                throw .openElsewhere(path: path, holder: holder.description)
            }
            let note = try vault.read(path)
            try vault.requireEditable(note)
            do {
                _ = try FrontMatterEditor.apply([.set(.order, "x")], to: note.content.bytes, reading: note.content.frontMatter, file: path.description)
            } catch {
                throw .frontMatter(error)
            }
        }
    }

    private func write(_ key: String, to note: NotePath, force: Bool) throws(VaultError) {
        // A number is written plain, as users write theirs (`order: 9.5`); enote reads it as text.
        let yaml = OrderKey.isNumber(key) ? key : YAMLWriter.scalar(key)
        try vault.updateFrontMatter(of: note, [.set(.order, yaml)], force: force, stampUpdated: false)
    }
}
