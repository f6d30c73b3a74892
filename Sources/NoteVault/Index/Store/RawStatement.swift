import GRDB
import GRDBSQLite

/// A prepared statement driven through SQLite's C API: values bound straight from Swift's
/// storage and no per-row objects. Used for the inserts of a bulk index build, which run a
/// hundred thousand times, and to read a note's text for a snippet without copying it.
struct RawStatement {
    private let statement: Statement
    private var handle: SQLiteStatement { statement.sqliteStatement }
    private var position: CInt = 0

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
    }

    /// Starts a new row of values.
    mutating func reset() {
        sqlite3_reset(handle)
        position = 0
    }

    mutating func bind(_ value: Int64) {
        position += 1
        sqlite3_bind_int64(handle, position, value)
    }

    mutating func bind(_ value: Bool) {
        bind(Int64(value ? 1 : 0))
    }

    mutating func bind(_ value: Double?) {
        position += 1
        if let value { sqlite3_bind_double(handle, position, value) } else { sqlite3_bind_null(handle, position) }
    }

    mutating func bind(_ value: String?) {
        position += 1
        guard var value else {
            sqlite3_bind_null(handle, position)
            return
        }
        let index = position
        value.withUTF8 { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            _ = sqlite3_bind_text(handle, index, start, CInt(bytes.count), sqliteTransient)
        }
    }

    mutating func bind(blob: [UInt8]) {
        position += 1
        let index = position
        blob.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), CInt(bytes.count), sqliteTransient)
        }
    }

    /// Runs the statement and lends the first column of its first row to `body` as UTF-8 bytes,
    /// valid only during the call (no copy, no validation); `nil` when there is no row.
    func withFirstText<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) throws -> T? {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
        // sqlite3_column_text first, then sqlite3_column_bytes, as SQLite's documentation asks.
        let text = sqlite3_column_text(handle, 0)
        let count = Int(sqlite3_column_bytes(handle, 0))
        return body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
    }

    /// Steps the statement and returns the first column of the next row as an integer; `nil`
    /// when there are no more rows.
    func nextInteger() throws -> Int64? {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
        return sqlite3_column_int64(handle, 0)
    }

    /// Steps to the next row of a query; false when there are no more.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return false }
        guard code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
        return true
    }

    /// Column `column` of the current row as UTF-8 bytes (a blob's bytes as they are), valid
    /// until the next step.
    func bytes(_ column: CInt) -> UnsafeBufferPointer<UInt8> {
        // sqlite3_column_text first, then sqlite3_column_bytes, as SQLite's documentation asks.
        let text = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return UnsafeBufferPointer(start: text, count: text == nil ? 0 : count)
    }

    /// Column `column` of the current row as a blob's bytes, valid until the next step. Unlike
    /// ``bytes(_:)``, SQLite gives them without making a terminated copy.
    func blob(_ column: CInt) -> UnsafeBufferPointer<UInt8> {
        let start = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return UnsafeBufferPointer(start: start?.assumingMemoryBound(to: UInt8.self), count: start == nil ? 0 : count)
    }

    /// Column `column` of the current row as an integer.
    func integer(_ column: CInt) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// Runs the statement with the values bound since ``reset()``.
    func run() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }
}

/// SQLite's `SQLITE_TRANSIENT`: it copies the bound bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
