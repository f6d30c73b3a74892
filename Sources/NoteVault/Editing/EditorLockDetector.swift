import Foundation

/// Tells whether another editor has a note open, from the lock and swap files editors leave
/// beside it: Emacs's `.#note.md` symbolic link (its target names the user, host and pid) and
/// vim's `.note.md.swp` (also `.swo`, `.swn`).
///
/// enote never reads through or removes these files; it only warns, because writing a note that
/// is open elsewhere makes that editor's next save a conflict.
public enum EditorLockDetector {
    /// Who has the note open.
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        public var editor: String
        public var pid: Int32?
        public var description: String { pid.map { "\(editor) (pid \($0))" } ?? editor }
    }

    /// The editor holding `path`, if any.
    public static func holder(of path: NotePath, in vault: Vault) -> Holder? {
        let name = path.fileNameBytes
        let folder = path.parent
        func sibling(_ bytes: [UInt8]) -> NotePath { folder.map { $0.appending(bytes) } ?? NotePath(bytes: bytes) }

        let emacsLock = sibling(Array(".#".utf8) + name)
        if let status = try? vault.fileStatus(emacsLock), status.kind == .symbolicLink {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: vault.root + "/" + (emacsLock.string ?? ""))) ?? ""
            // user@host.pid:boottime
            let pid = target.split(separator: ".").last?.split(separator: ":").first.flatMap { Int32($0) }
            return Holder(editor: "Emacs", pid: pid)
        }
        for suffix in [".swp", ".swo", ".swn"] {
            if vault.exists(sibling(Array(".".utf8) + name + Array(suffix.utf8))) {
                return Holder(editor: "vim", pid: nil)
            }
        }
        return nil
    }
}
