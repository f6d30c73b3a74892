import Foundation
import GRDB

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
    /// yet, or every ordered note when the keys were rebalanced.
    public var alsoChanged: [NotePath]
}

extension NoteIndex {
    /// Gives `path` an `order` key that puts it at `placement` in `list --sort order`.
    ///
    /// Usually only the moved note's `order` line changes (`updated` is left alone: its content
    /// did not change). The reference note gets a position
    /// too when it has none, and every ordered note gets a fresh short key when keys have grown
    /// long or a hand-written key cannot be split.
    public func move(_ path: NotePath, to placement: Placement, force: Bool = false) throws(VaultError) -> MoveResult {
        var ordered = try orderedNotes().filter { $0.path != path }
        var alsoChanged: [NotePath] = []

        // A reference note without a position is first put at the end of the ordered ones.
        if case .before(let other) = placement, !ordered.contains(where: { $0.path == other }) {
            try giveBottomPosition(other, ordered: &ordered, changed: &alsoChanged, force: force)
        }
        if case .after(let other) = placement, !ordered.contains(where: { $0.path == other }) {
            try giveBottomPosition(other, ordered: &ordered, changed: &alsoChanged, force: force)
        }
        let slot: Int
        switch placement {
        case .top: slot = 0
        case .bottom: slot = ordered.count
        case .before(let other): slot = ordered.firstIndex { $0.path == other } ?? 0
        case .after(let other): slot = (ordered.firstIndex { $0.path == other } ?? ordered.count - 1) + 1
        }
        let lower = slot > 0 ? ordered[slot - 1].key : nil
        let upper = slot < ordered.count ? ordered[slot].key : nil
        // Equal hand-written keys leave no room between them.
        let canSplit =
            [lower, upper].allSatisfy { $0.map(OrderKey.isCanonical) ?? true }
            && (lower.flatMap { lower in upper.map { Array(lower.utf8).lexicographicallyPrecedes($0.utf8) } } ?? true)
        if canSplit {
            let key = OrderKey.between(lower, upper)
            if key.count <= OrderKey.comfortableLength {
                try write(key, to: path, force: force)
                try reconcile(files: [path] + alsoChanged)
                return MoveResult(moved: path, key: key, alsoChanged: alsoChanged)
            }
        }
        // Rebalance: short, evenly spaced keys for every ordered note, the moved one in place.
        var sequence = ordered.map(\.path)
        sequence.insert(path, at: slot)
        let keys = OrderKey.evenlySpaced(sequence.count)
        var movedKey = ""
        for (note, key) in zip(sequence, keys) {
            if note == path { movedKey = key }
            let previous = ordered.first { $0.path == note }?.key
            guard previous != key else { continue }
            try write(key, to: note, force: force)
            if note != path, !alsoChanged.contains(note) { alsoChanged.append(note) }
        }
        try reconcile(files: sequence)
        return MoveResult(moved: path, key: movedKey, alsoChanged: alsoChanged)
    }

    /// The notes with an `order` key, in the order `list --sort order` shows them (equal keys
    /// newest first).
    func orderedNotes() throws(VaultError) -> [(path: NotePath, key: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT path, order_key FROM notes n WHERE order_key IS NOT NULL ORDER BY \(NoteSort(key: .order).sql)").map { row in
                let path: Data = row[0]
                return (NotePath(bytes: [UInt8](path)), row[1])
            }
        }
    }

    private func giveBottomPosition(_ note: NotePath, ordered: inout [(path: NotePath, key: String)], changed: inout [NotePath], force: Bool) throws(VaultError)
    {
        let last = ordered.last?.key
        let key = last.map(OrderKey.isCanonical) ?? true ? OrderKey.between(last, nil) : last! + "V"
        try write(key, to: note, force: force)
        ordered.append((note, key))
        changed.append(note)
    }

    private func write(_ key: String, to note: NotePath, force: Bool) throws(VaultError) {
        try vault.updateFrontMatter(of: note, [.set(.order, YAMLWriter.scalar(key))], force: force, stampUpdated: false)
    }
}
