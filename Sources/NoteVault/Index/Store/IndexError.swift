import GRDB

/// Turns SQLite errors into words for messages (never SQL text), and sorts them by what the
/// index does about them.
enum IndexError {
    /// What an SQLite error means for the index.
    enum Kind: Equatable {
        /// The file is damaged: move it aside and rebuild it from the notes.
        case corrupt
        /// Another connection holds a lock: wait and try again; never a reason to rebuild.
        case busy
        /// The file cannot be written (disk full, read-only, I/O error, no permission): keep the
        /// index in memory for this command; the file is left as it is.
        case cannotSave(LocalizedMessage)
        /// Anything else.
        case other

        init(_ error: Error) {
            guard let error = error as? DatabaseError else {
                self = .other
                return
            }
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .corrupt
            case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
            case .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_PERM, .SQLITE_CANTOPEN:
                self = .cannotSave(IndexError.describe(error))
            default: self = .other
            }
        }
    }

    static func describe(_ error: Error) -> LocalizedMessage {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_CORRUPT: return "the database file is corrupt"
            case .SQLITE_NOTADB: return "the file is not a database"
            case .SQLITE_FULL: return "no space left on device"
            case .SQLITE_READONLY: return "the database is read-only"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "the database is busy"
            case .SQLITE_IOERR: return "an I/O error occurred"
            case .SQLITE_CANTOPEN: return "the database file cannot be opened"
            case .SQLITE_PERM: return "permission denied"
            default: return "SQLite error \(error.resultCode.rawValue)"
            }
        }
        return "\(error)"
    }

    /// What is wrong with an index that cannot be used, as in "enote: \(reason); rebuilding it".
    static func unusableReason(_ error: Error) -> LocalizedMessage {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return "the index is not a database file"
            case .SQLITE_CORRUPT: return "the index is corrupt"
            default: return "the index cannot be opened (\(describe(error)))"
            }
        }
        return "the index cannot be opened"
    }
}
