import GRDB
import GRDBSQLite

#if canImport(Glibc)
import Glibc
#endif

/// Every indexed note's path and file fingerprint in one flat, path-sorted buffer: what a
/// command compares the walk against to find the few files that changed.
///
/// Loading reads a covering index with SQLite's C API (no row objects, no per-note
/// allocation), and lookups are binary searches with `memcmp`, so checking a hundred thousand
/// notes costs a few milliseconds on top of the walk itself.
struct FingerprintTable {
    /// One indexed note.
    struct Entry: Sendable {
        var id: Int64
        var fingerprint: FileFingerprint
        var racy: Bool
    }

    /// All paths' bytes, back to back, in `memcmp` order (the order of SQLite's BLOB index).
    private var storage: [UInt8] = []
    /// Where each path starts in `storage`; one more element than there are entries.
    private var offsets: [Int] = [0]
    private(set) var entries: [Entry] = []

    var count: Int { entries.count }

    /// Reads the `files` table, which SQLite stores in path order.
    init(_ db: Database) throws {
        let statement = try db.makeStatement(sql: "SELECT path, \(IndexSchema.fingerprintColumns) FROM files ORDER BY path")
        let handle = statement.sqliteStatement
        storage.reserveCapacity(1 << 20)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
            let length = Int(sqlite3_column_bytes(handle, 0))
            if length > 0, let blob = sqlite3_column_blob(handle, 0) {
                storage.append(contentsOf: UnsafeRawBufferPointer(start: blob, count: length))
            }
            offsets.append(storage.count)
            entries.append(
                Entry(
                    id: sqlite3_column_int64(handle, 1),
                    fingerprint: FileFingerprint(
                        size: sqlite3_column_int64(handle, 2),
                        modified: sqlite3_column_int64(handle, 3),
                        changed: sqlite3_column_int64(handle, 4),
                        inode: UInt64(bitPattern: sqlite3_column_int64(handle, 5))),
                    racy: sqlite3_column_int64(handle, 6) != 0))
        }
        sqlite3_reset(handle)
    }

    /// The position of `path`, or `nil` when it is not indexed.
    func find(_ path: UnsafeBufferPointer<UInt8>) -> Int? {
        var low = 0
        var high = entries.count - 1
        return storage.withUnsafeBufferPointer { all in
            while low <= high {
                let middle = (low + high) / 2
                let start = offsets[middle]
                let length = offsets[middle + 1] - start
                var order = memcmp(all.baseAddress! + start, path.baseAddress!, min(length, path.count))
                if order == 0 { order = length < path.count ? -1 : length > path.count ? 1 : 0 }
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle - 1 }
            }
            return nil
        }
    }

    /// The positions of every entry below `folder` (paths starting with `folder/`).
    func positions(under folder: NotePath) -> Range<Int> {
        let prefix = folder.bytes + [UInt8(ascii: "/")]
        func firstNotBefore(_ key: [UInt8]) -> Int {
            var low = 0
            var high = entries.count
            storage.withUnsafeBufferPointer { all in
                key.withUnsafeBufferPointer { key in
                    while low < high {
                        let middle = (low + high) / 2
                        let start = offsets[middle]
                        let length = offsets[middle + 1] - start
                        var order = memcmp(all.baseAddress! + start, key.baseAddress!, min(length, key.count))
                        if order == 0 { order = length < key.count ? -1 : length > key.count ? 1 : 0 }
                        if order < 0 { low = middle + 1 } else { high = middle }
                    }
                }
            }
            return low
        }
        // Paths with the prefix sort together, right from the first one not before it.
        let start = firstNotBefore(prefix)
        var end = start
        while end < entries.count {
            let begin = offsets[end]
            guard offsets[end + 1] - begin >= prefix.count, storage[begin..<(begin + prefix.count)].elementsEqual(prefix) else { break }
            end += 1
        }
        return start..<end
    }

    /// The path of the entry at `position`.
    func path(at position: Int) -> NotePath {
        NotePath(bytes: Array(storage[offsets[position]..<offsets[position + 1]]))
    }
}
