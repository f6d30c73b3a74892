import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// An index that cannot be saved: a vault on a read-only mount or without write permission, or a
/// disk that is full.
///
/// The index is only a cache, so such a vault still answers `list`, `search` and `show`: the
/// command copies the index file into memory (read without locks, journal or shared-memory file,
/// none of which can be created there), brings the copy up to date with the notes and answers
/// from it. Nothing is written to `.enote/`, and one line says why the command may be slower.
/// Commands that change notes check first that the vault can be written
/// (``Vault/requireWritable()``) and stop with a clear message instead.
extension IndexConnection {
    /// Why the index of `vault` cannot be written at all (a read-only file system, no permission
    /// to write `.enote/` or the index file), or `nil` when it can.
    static func unsavableReason(_ vault: Vault, path: String) -> LocalizedMessage? {
        for target in [vault.stateFolder, path] {
            guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0 else { continue }
            switch errno {
            case EROFS: return "the vault \(vault.root) is read-only: read-only file system"
            case EACCES, EPERM: return "no permission to write \(target)"
            default: continue  // ENOENT: no index yet, which is fine
            }
        }
        return nil
    }

    /// A copy in memory of the index file at `path`, or an empty index when there is none or
    /// it cannot be read; the synchronisation that follows fills in what is missing or stale.
    static func inMemoryCopy(of path: String?, cacheKiB: Int, counter: RankCounter) throws(VaultError) -> DatabaseQueue {
        let memory = try emptyInMemory(cacheKiB: cacheKiB, counter: counter, withSchema: false)
        if let path, copy(path, into: memory, cacheKiB: cacheKiB, counter: counter) { return memory }
        do {
            try memory.write { db in try IndexSchema.create(db) }
        } catch {
            throw .index("could not make an index in memory: \(IndexError.describe(error))")
        }
        return memory
    }

    /// An index in memory, with the schema unless `withSchema` is false.
    static func emptyInMemory(cacheKiB: Int, counter: RankCounter, withSchema: Bool = true) throws(VaultError) -> DatabaseQueue {
        do {
            let memory = try DatabaseQueue(configuration: configuration(cacheKiB: cacheKiB, counter: counter))
            if withSchema { try memory.write { db in try IndexSchema.create(db) } }
            return memory
        } catch {
            throw .index("could not make an index in memory: \(IndexError.describe(error))")
        }
    }

    /// Copies the index file at `path` into `memory`; false when it is missing, unreadable or
    /// not an index of this version.
    private static func copy(_ path: String, into memory: DatabaseQueue, cacheKiB: Int, counter: RankCounter) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        var settings = configuration(cacheKiB: cacheKiB, counter: counter)
        settings.readonly = true
        do {
            // `immutable=1`: SQLite reads the file as it is, without locks and without the -wal
            // and -shm files. Transactions still in a -wal are missed; the sync re-reads those notes.
            let source = try DatabaseQueue(path: "file:\(uriEscaped(path))?immutable=1", configuration: settings)
            defer { try? source.close() }
            guard try source.read({ db in try IndexStore(db).schemaProblem() }) == nil else { return false }
            try source.backup(to: memory)
            return true
        } catch {
            return false
        }
    }

    /// Moves the open index into memory for the rest of the command, after a write to the file
    /// failed because it cannot be saved (`reason`).
    func moveToMemory(because reason: LocalizedMessage) throws(VaultError) {
        guard memoryFallback else { throw Self.unsavable(path: path, reason: Self.explained(reason, folder: stateFolder)) }
        let memory = try Self.emptyInMemory(cacheKiB: cacheKiB, counter: rankCounter, withSchema: false)
        do {
            try database.backup(to: memory)
        } catch {
            throw .index("the index could not be updated (\(reason)), nor copied into memory (\(IndexError.describe(error)))")
        }
        install(memory, file: nil)
        keptInMemory(because: reason)
    }

    /// Marks this index as kept in memory and says so once.
    func keptInMemory(because reason: LocalizedMessage) {
        let reason = Self.explained(reason, folder: stateFolder)
        unsavedReason = reason
        inform(Localization.text("enote: the index cannot be saved (\(reason)); this command brings a copy in memory up to date and leaves .enote/ as it is"))
    }

    /// `reason`, or "no space left on device" when the file system of `folder` is full: SQLite
    /// reports a full disk as an I/O error when it cannot size its shared-memory file.
    static func explained(_ reason: LocalizedMessage, folder: String) -> LocalizedMessage {
        var info = statvfs()
        if statvfs(folder, &info) == 0, info.f_bavail == 0 { return "no space left on device in \(folder)" }
        return reason
    }

    /// `path` with the characters a URI gives a meaning to escaped.
    private static func uriEscaped(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
