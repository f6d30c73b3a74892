/// The tables that recognise a note moved outside enote (a file manager, `mv`, `git mv`):
/// ``MoveTracker`` fills them while an index update writes, and ``IndexStore``'s move queries
/// read them for `enote doctor`.
///
/// - `departed`: notes an update removed in the last ``MoveTracker/window`` seconds and no
///   arrival has claimed: path, size, file hash, inode and title.
/// - `arrivals`: notes an update added in the same window and no departure has claimed, with
///   the same columns.
/// - `moves`: the moves recognised, old path → new path. An old path with several rows, or a
///   new path claimed by several old paths, is ambiguous: it is reported, never repaired.
///
/// A departure and an arrival are the same note when their bytes hash the same (size and
/// ``ContentHash``), or, when no arrival has its bytes, when they have the same inode and the
/// same title (moved and edited before the update saw it, by a tool that kept the file).
extension IndexSchema {
    static let departed = IndexTable(
        name: "departed",
        create: """
            CREATE TABLE departed (
                path BLOB PRIMARY KEY, size INTEGER NOT NULL, hash INTEGER NOT NULL, inode INTEGER NOT NULL,
                title TEXT NOT NULL, at REAL NOT NULL
            ) WITHOUT ROWID
            """)

    static let arrivals = IndexTable(
        name: "arrivals",
        create: """
            CREATE TABLE arrivals (
                path BLOB PRIMARY KEY, size INTEGER NOT NULL, hash INTEGER NOT NULL, inode INTEGER NOT NULL,
                title TEXT NOT NULL, at REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX arrivals_by_hash ON arrivals(hash);
            CREATE INDEX arrivals_by_inode ON arrivals(inode);
            """)

    static let moves = IndexTable(
        name: "moves",
        create: """
            CREATE TABLE moves (
                old_path BLOB NOT NULL, new_path BLOB NOT NULL, how TEXT NOT NULL, at REAL NOT NULL,
                PRIMARY KEY (old_path, new_path)
            ) WITHOUT ROWID
            """)
}
