import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The notes the merge driver could not merge during the current git operation, each with the
/// conflict copy that keeps the other version visible beside it.
///
/// When the driver fails (a note git cannot merge line by line, such as one holding a NUL byte;
/// files it cannot read or write), git leaves the note as OURS and calls it conflicted. The
/// driver then saves THEIRS as a conflict copy beside the note (`plan.conflict-….md`, the name
/// `enote edit` gives its copies) and records both here, in `.git/enote-merge-failures` (never
/// committed, per clone). `enote sync --status` names the copy and `--continue` waits until it
/// is gone, so the note is never called ready with one version silently dropped. The record is
/// cleared when the sync ends.
package struct DriverFailures: Sendable {
    /// One note the driver could not merge.
    package struct Entry: Sendable, Equatable {
        /// The note, relative to the work tree's top.
        package var note: String
        /// The conflict copy, relative to the work tree's top; `nil` when it could not be written.
        package var copy: String?
    }

    /// The repository's git folder.
    package let gitDirectory: String

    package init(gitDirectory: String) {
        self.gitDirectory = gitDirectory
    }

    var path: String { gitDirectory + "/enote-merge-failures" }

    /// Saves `theirs` as a conflict copy beside `note` (relative to `top`, the work tree's top,
    /// where git runs its drivers) and records the failure. Returns the copy, relative to `top`.
    @discardableResult
    package static func keep(theirs: [UInt8], beside note: String, top: String, at date: Date, timeZone: TimeZone) -> String? {
        let folder = (note as NSString).deletingLastPathComponent
        let name = Array((note as NSString).lastPathComponent.utf8)
        var copy: String?
        for _ in 0..<5 where copy == nil {
            let candidate = String(decoding: Vault.conflictName(for: name, at: date, timeZone: timeZone), as: UTF8.self)
            let relative = folder.isEmpty ? candidate : folder + "/" + candidate
            if write(theirs, to: top + "/" + relative) { copy = relative }
        }
        if let gitDirectory = GitState(vaultRoot: top).gitDirectory {
            DriverFailures(gitDirectory: gitDirectory).record(Entry(note: note, copy: copy))
        }
        return copy
    }

    /// Creates `path` with `bytes`, never over an existing file, and flushes it.
    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                unlink(path)
                return false
            }
            written += count
        }
        return fsync(descriptor) == 0
    }

    /// Adds `entry` to the record (the driver runs once per note, one after the other).
    func record(_ entry: Entry) {
        let line = "\(SyncState.escaped(entry.note))\t\(entry.copy.map(SyncState.escaped) ?? "")\n"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = Array(line.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The recorded failures, the last record of a note winning.
    package func entries() -> [Entry] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var byNote: [String: Entry] = [:]
        var order: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2 else { continue }
            let note = SyncState.unescaped(String(fields[0]))
            if byNote[note] == nil { order.append(note) }
            byNote[note] = Entry(note: note, copy: fields[1].isEmpty ? nil : SyncState.unescaped(String(fields[1])))
        }
        return order.compactMap { byNote[$0] }
    }

    /// Forgets every failure (the git operation ended).
    package func clear() {
        unlink(path)
    }
}
