import GRDB
import GRDBSQLite

/// Reads the beginning of an indexed note's body through SQLite's incremental BLOB I/O, so a
/// snippet of a long note reads the pages of its first kilobytes instead of the whole text.
///
/// The bodies live in FTS5's content table (`notes_fts_content`, column `c1` for the second
/// column, `body`). One handle moves from row to row (`sqlite3_blob_reopen`) and is closed
/// with the reader. Only for reads inside one transaction: a handle expires when its row
/// changes.
final class BodyReader {
    private let connection: OpaquePointer
    private var blob: OpaquePointer?

    init(_ db: Database) {
        connection = db.sqliteConnection!
    }

    deinit {
        if let blob { sqlite3_blob_close(blob) }
    }

    /// Moves to the body of the note with FTS row `rowid` and returns its size in bytes; `nil`
    /// when SQLite cannot open it (no such row, or no text), for the caller to read it another way.
    func open(_ rowid: Int64) -> Int? {
        if let blob {
            if sqlite3_blob_reopen(blob, rowid) == SQLITE_OK { return Int(sqlite3_blob_bytes(blob)) }
            // A failed reopen leaves the handle aborted: close it and open a new one.
            sqlite3_blob_close(blob)
            self.blob = nil
        }
        var handle: OpaquePointer?
        guard sqlite3_blob_open(connection, "main", "notes_fts_content", "c1", rowid, 0, &handle) == SQLITE_OK, let handle else {
            if let handle { sqlite3_blob_close(handle) }
            return nil
        }
        blob = handle
        return Int(sqlite3_blob_bytes(handle))
    }

    /// The first `count` bytes of the open body (fewer at its end).
    func prefix(_ count: Int) throws -> [UInt8] {
        guard let blob else { return [] }
        let count = min(count, Int(sqlite3_blob_bytes(blob)))
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let code = bytes.withUnsafeMutableBytes { buffer in sqlite3_blob_read(blob, buffer.baseAddress, CInt(count), 0) }
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
        }
        return bytes
    }
}
