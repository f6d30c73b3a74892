import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Lets a user change text in their own editor, with the Done/Cancel rule of the original app:
/// the editor exiting with status 0 after changing the text is Done; a non-zero status or
/// unchanged text is Cancel.
///
/// The text is written to a private temporary folder (mode 0700, outside the vault) under the
/// note's own file name, so the editor shows a familiar name and applies Markdown highlighting.
/// The editor is spawned without a shell, with the terminal and with default signal handling,
/// while enote itself ignores Ctrl-C until the editor returns.
package struct EditorSession: Sendable {
    /// How an editing session ended.
    package enum Outcome: Sendable, Equatable {
        /// Status 0 and the text changed: the new text.
        case done([UInt8])
        /// Status 0 and the text is as it was.
        case unchanged
        /// The editor exited with a non-zero status (or was killed). If the text had been changed,
        /// it is kept at `keptCopy` so nothing typed is lost.
        case cancelled(status: Int32, keptCopy: String?)
    }

    /// Why the editor could not be run.
    package struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
        package var editor: String
        package var reason: LocalizedMessage
        package var description: String { message.text }
        /// What failed and what to do, as a sentence.
        package var message: LocalizedMessage {
            "could not start the editor \"\(editor)\": \(reason). Set $EDITOR (or `editor` in ~/.config/enote/config) to an editor on your PATH"
        }
    }

    package let command: EditorCommand
    package let environment: [String: String]

    package init(command: EditorCommand, environment: [String: String]) {
        self.command = command
        self.environment = environment
    }

    /// The editor left something other than a file where its copy was: a symbolic link (to
    /// `/etc/passwd`, say) or a folder. Nothing is read through it, and nothing is saved.
    package struct CopyError: Error, Sendable, Equatable, CustomStringConvertible {
        package var fileName: String
        package var description: String { message.text }
        /// What happened, as a sentence.
        package var message: LocalizedMessage {
            "the editor left a symbolic link or another kind of file in place of its copy of \(fileName); enote does not follow links, so nothing was saved"
        }
    }

    /// The editor saved more than a note may hold (``NoteContent/maximumSize``); the copy was
    /// not read into memory and stays where the editor left it.
    package struct TooLargeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The editor's copy, kept.
        package var keptCopy: String
        package var description: String { message.text }
        /// What happened and where the text is, as a sentence.
        package var message: LocalizedMessage {
            "the text you saved is larger than \(NoteContent.maximumSize / 1_048_576) MiB, the most a note may hold; nothing was saved, and your text is kept in \(keptCopy)"
        }
    }

    /// Opens `text` in the editor under `fileName` and waits for it to exit.
    ///
    /// The copy is written and read back in its private folder without following a link, so
    /// an editor that swaps it for a link never makes enote save another file as the note.
    /// - Throws: ``LaunchError`` when the editor cannot be started; ``CopyError`` when the copy
    ///   is no longer a regular file; ``TooLargeError`` when the saved copy is too large to be a
    ///   note (the copy is kept).
    package func edit(_ text: [UInt8], fileName: String) throws -> Outcome {
        let folder = try makePrivateFolder()
        let safeName = Self.safeFileName(fileName)
        let path = folder + "/" + safeName
        guard let folderDescriptor = openFolder(folder) else {
            removeFolder(folder)
            throw LaunchError(editor: command.description, reason: "could not write a temporary copy in \(folder)")
        }
        defer { close(folderDescriptor) }
        guard write(text, named: safeName, in: folderDescriptor) else {
            removeFolder(folder)
            throw LaunchError(editor: command.description, reason: "could not write a temporary copy in \(folder)")
        }
        let status: Int32
        do {
            status = try run(arguments: command.arguments + [path])
        } catch {
            removeFolder(folder)
            throw error
        }
        let edited: [UInt8]
        do {
            edited = try SystemFileSystem().readFile(Array(safeName.utf8), beneath: folderDescriptor, limit: NoteContent.maximumSize).bytes
        } catch let error where error.code == EFBIG {
            // Too large for a note: read no further, and keep the folder, so the text is not lost.
            if status != 0 { return .cancelled(status: status, keptCopy: path) }
            throw TooLargeError(keptCopy: path)
        } catch let error where error.code == ENOENT {
            // The file is gone (removed by the editor or a temp cleaner): nothing was typed into
            // it that could be saved, and it is not "all text deleted", which trashes the note.
            removeFolder(folder)
            return .cancelled(status: status, keptCopy: nil)
        } catch let error where [ELOOP, EXDEV, EISDIR, EINVAL].contains(error.code) {
            removeFolder(folder)
            throw CopyError(fileName: safeName)
        } catch {
            removeFolder(folder)
            return .cancelled(status: status, keptCopy: nil)
        }
        if status != 0 {
            if edited != text, !edited.isEmpty {
                return .cancelled(status: status, keptCopy: path)
            }
            removeFolder(folder)
            return .cancelled(status: status, keptCopy: nil)
        }
        removeFolder(folder)
        return edited == text ? .unchanged : .done(edited)
    }

    /// The private folder, open, never through a link.
    private func openFolder(_ folder: String) -> Int32? {
        let descriptor = retryingOnInterrupt { open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        return descriptor >= 0 ? descriptor : nil
    }

    /// Creates `name` in `folder` (a new file, mode 0600, never through a link) holding `text`.
    private func write(_ text: [UInt8], named name: String, in folder: Int32) -> Bool {
        let file = retryingOnInterrupt { openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard file >= 0 else { return false }
        defer { close(file) }
        return (try? SystemFileSystem().writeAll(file, text, path: name)) != nil
    }

    /// Keeps `text` that could not be saved where it was meant to go: in a new private folder
    /// (mode 0700, in `$TMPDIR`) under `fileName`.
    /// - Returns: The file's path, or `nil` when it could not be written either.
    package func keep(_ text: [UInt8], fileName: String) -> String? {
        guard let folder = try? makePrivateFolder() else { return nil }
        let path = folder + "/" + Self.safeFileName(fileName)
        guard FileManager.default.createFile(atPath: path, contents: Data(text), attributes: [.posixPermissions: 0o600]) else {
            removeFolder(folder)
            return nil
        }
        return path
    }

    /// Spawns the editor with the terminal and waits; returns its exit status (128 + signal
    /// when killed).
    private func run(arguments: [String]) throws(LaunchError) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, envp)
        guard result == 0 else {
            throw LaunchError(editor: command.description, reason: SystemError("posix_spawn", path: arguments[0], code: result).reasonMessage)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return 1 }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros; decode the status word by hand.
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
    }

    private func makePrivateFolder() throws(LaunchError) -> String {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/enote-edit-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let created else {
            throw LaunchError(editor: command.description, reason: "could not create a private temporary folder in \(base)")
        }
        return String(cString: created)
    }

    private func removeFolder(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The note's file name with anything a file system or a terminal could mind replaced.
    static func safeFileName(_ name: String) -> String {
        let cleaned = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.value < 0x20 || scalar == "/" || scalar.value == 0x7F ? "_" : Character(scalar)
            })
        let trimmed = cleaned.hasPrefix("-") || cleaned.hasPrefix(".") ? "note" + cleaned : cleaned
        return trimmed.isEmpty ? "note.md" : trimmed
    }
}
