import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// One vault the server works in: its index, kept fresh, and the catalog the features read.
///
/// Freshness: a running `enote watch` keeps the index live, and the server asks it to catch up;
/// without one, the server synchronises once when it opens the vault and reconciles each file the
/// editor saves or reports changed. The server never runs expiry or git itself: destroying notes
/// behind the editor's back is the watcher's job, not the editor's.
final class VaultWorkspace {
    let vault: Vault
    let index: NoteIndex
    let catalog: IndexCatalog
    /// The index files' (size, mtime) when the catalog was last filled.
    private var indexStamp: [Int64] = []

    /// Opens the vault at `root` and brings its index up to date: at once when it is empty, else
    /// in the background on a connection of its own, so the first answer does not wait for a
    /// walk of the whole vault (the catalog refills when that walk changes the index).
    init(root: String, log: @escaping (String) -> Void) throws(VaultError) {
        vault = try Vault(root: root)
        index = try NoteIndex.open(vault, cacheKiB: 8192) { line in log(line) }
        catalog = IndexCatalog(index: index)
        if !CatchUpChannel.requestCatchUp(vault) {
            if try index.count(NoteFilter(now: Date())) == 0 {
                _ = try index.synchronize()
            } else {
                indexStamp = stamp()
                catalog.prefetch()
                Self.synchronizeInBackground(root: root)
                return
            }
        }
        indexStamp = stamp()
        catalog.prefetch()
    }

    /// Walks the vault on another thread with its own vault and index objects.
    private static func synchronizeInBackground(root: String) {
        Thread.detachNewThread {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)  // this thread only, on Linux
            guard let vault = try? Vault(root: root), let index = try? NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false) else { return }
            _ = try? index.synchronize()
        }
    }

    /// The vault-relative path of an absolute file path, or nil outside the vault.
    func relativePath(of file: String) -> String? {
        let prefix = vault.root.hasSuffix("/") ? vault.root : vault.root + "/"
        guard file.hasPrefix(prefix) else { return nil }
        return String(file.dropFirst(prefix.count))
    }

    /// The catalog, refilled when any process wrote the index since it was last read.
    func freshCatalog() -> IndexCatalog {
        let now = stamp()
        if now != indexStamp {
            catalog.invalidate()
            indexStamp = now
        }
        return catalog
    }

    /// Brings the index up to date with files the editor wrote or reported changed.
    func refresh(files: [String]) {
        if CatchUpChannel.requestCatchUp(vault) { return }
        let paths = files.compactMap { try? NotePath(validating: $0, purpose: .lookup) }
        guard !paths.isEmpty else { return }
        _ = try? index.reconcile(files: paths)
    }

    /// Size and modification time of the index and its write-ahead log: any commit changes them.
    private func stamp() -> [Int64] {
        var values: [Int64] = []
        for file in [index.path, index.path + "-wal"] {
            var status = stat()
            if stat(file, &status) == 0 {
                values += [Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)]
            } else {
                values += [-1, -1, -1]
            }
        }
        return values
    }
}
