import Foundation

/// Tells whether another editor has a note open, from the lock and swap files editors leave
/// beside it: Emacs's `.#note.md` symbolic link (its target names the user, host and pid) and
/// vim's `.note.md.swp` (also `.swo`, `.swn`); and the ``EditClaim`` of a running `enote edit`.
///
/// enote never reads through or removes these files; it only warns, because writing a note that
/// is open elsewhere makes that editor's next save a conflict.
enum EditorLockDetector {
    /// Who has the note open.
    struct Holder: Sendable, Equatable, CustomStringConvertible {
        var editor: String
        var pid: Int32?
        /// vim's swap file beside the note (`work/.plan.md.swp`), relative to the vault, when that
        /// is what says the note is open: a vim that crashed leaves it behind.
        var swapFile: String? = nil
        var description: String { pid.map { "\(editor) (pid \($0))" } ?? editor }
    }

    /// The editor holding `path`, if any.
    /// - Parameter claims: Whether a running `enote edit` counts (not for another `enote edit`,
    ///   which may edit the same note at once: the second to save gets a conflict copy).
    static func holder(of path: NotePath, in vault: Vault, includingClaims claims: Bool = true) -> Holder? {
        if claims, let claim = EditClaim.holder(of: path, in: vault) { return claim }
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
        for suffix in swapSuffixes {
            let swap = sibling(Array(".".utf8) + name + Array(suffix.utf8))
            if vault.exists(swap) {
                return Holder(editor: "vim", pid: nil, swapFile: swap.description)
            }
        }
        return nil
    }

    /// vim's swap file suffixes.
    static let swapSuffixes = [".swp", ".swo", ".swn"]

    /// The name of the note a lock or swap file belongs to (`.#note.md` or `.note.md.swp` →
    /// `note.md`), or `nil` for any other name.
    static func noteName(lockedBy name: [UInt8]) -> [UInt8]? {
        var note: [UInt8]?
        if name.starts(with: Array(".#".utf8)) {
            note = Array(name.dropFirst(2))
        } else if name.first == UInt8(ascii: "."),
            let suffix = swapSuffixes.first(where: { name.count > $0.utf8.count + 1 && name.suffix($0.utf8.count).elementsEqual($0.utf8) })
        {
            note = Array(name.dropFirst().dropLast(suffix.utf8.count))
        }
        guard let note, NotePath.isMarkdownName(note[...]) else { return nil }
        return note
    }
}
