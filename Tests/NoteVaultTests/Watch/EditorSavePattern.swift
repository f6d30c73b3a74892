import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// How editors save a file, reproduced with the same system calls in the same order (from
/// strace of each editor). The note may be absent or empty for a moment in the middle; after the
/// last step it holds the new text. `pause` runs between steps, so a test can widen the moments
/// in between.
enum EditorSavePattern: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// vim and neovim with `writebackup`: probe the folder with `4913`, rename the note to
    /// `note.md~`, write a new `note.md`, delete the backup. The swap file exists meanwhile.
    case vim
    /// Emacs' first save of a buffer: the `.#note.md` lock symlink, the `#note.md#` auto-save,
    /// the note renamed to the backup `note.md~` (which stays), a new note written.
    case emacs
    /// nano: `O_TRUNC` open of the note itself, then the write (its lock is `.note.md.swp`).
    case nano
    /// VS Code: truncate the note, then write it in place in pieces.
    case vscode
    /// JetBrains safe write: `note.md___jb_tmp___` written, the note renamed to
    /// `note.md___jb_old___`, the temp renamed to the note, the old one deleted.
    case jetbrains
    /// gedit: `.goutputstream-XXXXXX` written and renamed over the note.
    case gedit
    /// `git checkout`: unlink, then create with `O_EXCL`.
    case gitCheckout

    var testDescription: String { rawValue }

    /// Names this pattern leaves next to the note when it is done (Emacs keeps its backup).
    var leftovers: [String] {
        self == .emacs ? ["note.md~"] : []
    }

    /// Saves `text` over `folder/note.md` (which exists) the way this editor does.
    func save(_ text: String, in folder: String, pause: () -> Void = {}) throws {
        let note = folder + "/note.md"
        switch self {
        case .vim:
            try Syscall.write(folder + "/.note.md.swp", "b0VIM 9.0", flags: O_WRONLY | O_CREAT | O_TRUNC)
            pause()
            try Syscall.write(folder + "/4913", "", flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
            try Syscall.unlink(folder + "/4913")
            pause()
            try Syscall.rename(note, note + "~")
            pause()
            try Syscall.write(note, text, flags: O_WRONLY | O_CREAT | O_TRUNC, chunks: 2, sync: true)
            pause()
            try Syscall.unlink(note + "~")
            try Syscall.unlink(folder + "/.note.md.swp")
        case .emacs:
            let lock = folder + "/.#note.md"
            try? Syscall.unlink(lock)
            try Syscall.symlink("user@host.\(getpid()):1700000000", at: lock)
            pause()
            try Syscall.write(folder + "/#note.md#", text)
            pause()
            try Syscall.rename(note, note + "~")
            pause()
            try Syscall.write(note, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
            pause()
            try Syscall.unlink(folder + "/#note.md#")
            try Syscall.unlink(lock)
        case .nano:
            try Syscall.write(folder + "/.note.md.swp", "b0nano", flags: O_WRONLY | O_CREAT | O_TRUNC)
            pause()
            let descriptor = open(note, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SystemCallFailure(call: "open", path: note) }
            pause()  // truncated and open for writing: empty for a moment
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw SystemCallFailure(call: "write", path: note) }
            try Syscall.unlink(folder + "/.note.md.swp")
        case .vscode:
            try Syscall.truncate(note)
            pause()  // empty, closed: only IN_MODIFY so far
            try Syscall.write(note, text, flags: O_WRONLY, chunks: 3)
        case .jetbrains:
            try Syscall.write(note + "___jb_tmp___", text, flags: O_WRONLY | O_CREAT | O_EXCL, sync: true)
            pause()
            try Syscall.rename(note, note + "___jb_old___")
            pause()
            try Syscall.rename(note + "___jb_tmp___", note)
            pause()
            try Syscall.unlink(note + "___jb_old___")
        case .gedit:
            let temporary = folder + "/.goutputstream-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
            try Syscall.write(temporary, text, flags: O_WRONLY | O_CREAT | O_EXCL, sync: true)
            pause()
            try Syscall.rename(temporary, note)
        case .gitCheckout:
            try Syscall.unlink(note)
            pause()
            try Syscall.write(note, text, flags: O_WRONLY | O_CREAT | O_EXCL)
        }
    }
}

/// A note's text whose description (the line after its title) is `word`.
func noteText(_ word: String) -> String {
    "# Note\n\(word)\n"
}
