import Foundation

/// A note the index saw moved outside enote (a file manager, `mv`, `git mv`): it was removed
/// from `from` while a file with the same bytes (or, edited too, the same inode and title)
/// appeared at `to`.
public struct RecordedMove: Sendable, Equatable {
    /// Where the note was.
    public var from: NotePath
    /// Where it is now: one path, or several when the move is ambiguous.
    public var to: [NotePath]
    /// The other old paths that claim one of `to` (two notes with the same bytes moved at once).
    public var rivals: [NotePath]
    /// Whether it was recognised by its inode and title because its bytes changed too.
    public var byInode: Bool

    /// Whether enote cannot tell where the note went: it never repairs such a move.
    public var isAmbiguous: Bool { to.count != 1 || !rivals.isEmpty }
}

extension NoteIndex {
    /// The moves recognised by index updates whose links have not been repaired yet, sorted by
    /// old path. A move is forgotten once repaired, or when its old path is a note again or its
    /// new path is gone.
    public func recordedMoves() throws(VaultError) -> [RecordedMove] {
        let rows = try read { store in try store.recordedMoves() }
        var claims: [NotePath: [NotePath]] = [:]
        for row in rows { claims[row.new, default: []].append(row.old) }
        var moves: [RecordedMove] = []
        for row in rows {
            if let last = moves.last, last.from == row.old {
                moves[moves.count - 1].to.append(row.new)
                moves[moves.count - 1].rivals = Self.rivals(of: row.old, among: moves[moves.count - 1].to, claims)
            } else {
                moves.append(
                    RecordedMove(from: row.old, to: [row.new], rivals: Self.rivals(of: row.old, among: [row.new], claims), byInode: row.how == "inode"))
            }
        }
        return moves
    }

    /// Forgets the recorded moves from `path`.
    func forgetMoves(from path: NotePath) throws(VaultError) {
        _ = try connection.write { store in try store.forgetMoves(from: path) }
    }

    private static func rivals(of old: NotePath, among news: [NotePath], _ claims: [NotePath: [NotePath]]) -> [NotePath] {
        Array(Set(news.flatMap { claims[$0] ?? [] }).subtracting([old])).sorted()
    }
}
