import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The text read from pictures and PDFs, kept in `.enote/extracted/` by the SHA-256 of the
/// file's bytes (`<hash>.json`, an ``ExtractedText``): a file renamed, copied, or added again
/// after the index was rebuilt is never read twice. A cache, like the index: deleting it loses
/// nothing but the time to read the files again. Text no file read has any more is removed
/// (``remove(_:)``, ``keepOnly(_:)``): a destroyed note's pictures leave no text behind.
package struct ExtractionCache: Sendable {
    package let folder: String

    package init(vault: Vault) {
        folder = vault.stateFolder + "/extracted"
    }

    private func file(_ hash: String) -> String { folder + "/" + hash + ".json" }

    /// The reading pass's own folder of private copies and rendered pages; cleared by each pass
    /// before it starts (one runs at a time), so a pass killed leaves nothing behind for long.
    package var workFolder: String { folder + "/work" }

    /// Makes the folder, with a `.gitignore` that keeps it out of git (the text of a destroyed
    /// note's pictures must not live on in history), whatever the vault's own `.gitignore` says.
    private func makeFolder() {
        mkdir(folder, 0o700)
        let ignore = folder + "/.gitignore"
        if access(ignore, F_OK) != 0 { _ = FileManager.default.createFile(atPath: ignore, contents: Data("*\n".utf8)) }
    }

    /// Whether the cache holds any text.
    package var holdsText: Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.contains { $0.hasSuffix(".json") }
    }

    /// Empties the work folder (a killed pass's copies) and makes it again.
    package func clearWorkFolder() {
        makeFolder()
        try? FileManager.default.removeItem(atPath: workFolder)
        mkdir(workFolder, 0o700)
    }

    /// Whether `hash` is a hash this cache names files by (64 lowercase hex digits).
    static func isHash(_ name: some StringProtocol) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The text cached for `hash`, if any (a damaged entry counts as none).
    package func text(for hash: String) -> ExtractedText? {
        guard Self.isHash(hash), let data = FileManager.default.contents(atPath: file(hash)) else { return nil }
        return try? JSONDecoder().decode(ExtractedText.self, from: data)
    }

    /// Keeps `text` for `hash`: written to a temp file of this process, then renamed over the
    /// entry, so a reader never sees half of one. A cache that cannot be written is not an
    /// error: the text is still indexed, and read again next time.
    package func store(_ text: ExtractedText, for hash: String) {
        guard Self.isHash(hash), let data = try? JSONEncoder().encode(text) else { return }
        makeFolder()
        let temp = folder + "/.\(hash).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temp, contents: data) else { return }
        if rename(temp, file(hash)) != 0 { unlink(temp) }
    }

    /// Takes the lock one reading pass holds (`.enote/extracted/.lock`, an exclusive `flock`),
    /// so two processes (the watcher and `enote index`) never read the same files at once;
    /// `nil` when another holds it. Closing the descriptor lets it go.
    package func lockForReading() -> Int32? {
        makeFolder()
        let descriptor = open(folder + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Removes the entries of `hashes`.
    package func remove(_ hashes: Set<String>) {
        for hash in hashes where Self.isHash(hash) { unlink(file(hash)) }
    }

    /// Removes every entry whose hash is not in `hashes`, and temp files whose writer is gone.
    package func keepOnly(_ hashes: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            if name.hasSuffix(".json"), Self.isHash(name.dropLast(5)) {
                if !hashes.contains(String(name.dropLast(5))) { unlink(folder + "/" + name) }
            } else if name.hasPrefix("."), name.hasSuffix(".tmp") {
                let parts = name.split(separator: ".")
                if parts.count == 3, let pid = Int32(parts[1]), kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
            }
        }
    }
}
