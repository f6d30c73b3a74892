import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A folder of Markdown notes with a `.enote/` folder at its root.
///
/// A `Vault` holds the root open as a directory descriptor, so that every later file operation
/// happens beneath it (`openat2` with `RESOLVE_BENEATH`): nothing outside the vault is ever read
/// or written, whatever a path or a symbolic link says.
///
/// For example:
///
/// ```swift
/// let vault = try Vault.open(at: try VaultLocator.locate(explicit: nil, environment: env, currentDirectory: cwd))
/// let notes = try vault.readAllNotes().notes
/// ```
public final class Vault: Sendable {
    /// The vault's root folder, absolute.
    public let root: String
    /// The root, opened as a directory.
    package let rootDescriptor: Int32
    /// The seam through which every change to a file goes.
    package let fileSystem: any FileSystem
    /// Where "now" comes from.
    public let clock: VaultClock
    /// The settings from `.enote/config`, as last read (at opening, or by ``reloadConfig()``).
    public var config: VaultConfig { settings.current.config }
    /// What is a note in this vault, from the current settings: the one rule the walk, every
    /// reconcile and the watcher apply.
    package var notePathPolicy: NotePathPolicy { settings.current.policy }
    private let settings: VaultSettings
    /// How long a command waits for another one that holds the vault lock, in seconds.
    public let lockTimeout: Double

    /// The name of the tool-state folder at the root.
    public static let stateFolderName = ".enote"
    /// The name of the trash folder at the root.
    public static let trashFolderName = ".trash"

    /// Opens the vault at `root` on the real file system.
    /// - Throws: ``VaultError/notAVault(path:)`` when `root` has no `.enote/` folder; a config
    ///   error naming the line.
    public convenience init(root: String, clock: VaultClock = .system, lockTimeout: Double = 10) throws(VaultError) {
        try self.init(root: root, fileSystem: SystemFileSystem(), clock: clock, lockTimeout: lockTimeout)
    }

    /// Opens the vault at `root` through `fileSystem` (the package's tests inject faults with it).
    /// - Throws: ``VaultError/notAVault(path:)`` when `root` has no `.enote/` folder; a config
    ///   error naming the line.
    package init(root: String, fileSystem: any FileSystem, clock: VaultClock = .system, lockTimeout: Double = 10) throws(VaultError) {
        let root = Self.absolute(root)
        let descriptor = retryingOnInterrupt { open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notAVault(path: root) }
            throw .system(SystemError("open", path: root))
        }
        // `.enote/` holds the index, the locks and the socket, opened by path: it must be a real
        // folder, never a link that would put them (and the settings read) somewhere else.
        do {
            let state = try fileSystem.status(of: Array(Self.stateFolderName.utf8), in: descriptor)
            if state.kind == .symbolicLink { throw VaultError.linkedStateFile(root + "/" + Self.stateFolderName) }
            guard state.kind == .directory else { throw VaultError.notAVault(path: root) }
        } catch let error as VaultError {
            close(descriptor)
            throw error
        } catch {
            close(descriptor)
            throw .notAVault(path: root)
        }
        self.root = root
        self.rootDescriptor = descriptor
        self.fileSystem = fileSystem
        self.clock = clock
        self.lockTimeout = lockTimeout
        do {
            self.settings = VaultSettings(try Self.loadConfig(root: root))
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(rootDescriptor) }

    /// `.enote/` inside the root.
    public var stateFolder: String { root + "/" + Self.stateFolderName }

    /// The config file's path.
    public var configPath: String { stateFolder + "/config" }

    /// Takes the vault's write lock; every change to notes happens while it is held.
    /// - Throws: ``VaultError/readOnly(path:reason:)`` when `.enote/` cannot be written.
    package func lock() throws(VaultError) -> VaultLock {
        do {
            return try VaultLock.acquire(at: stateFolder + "/lock", timeout: lockTimeout, recordPID: true)
        } catch .system(let error) where Self.readOnlyCodes.contains(error.code) {
            throw .readOnly(path: root, reason: Self.readOnlyReason(error.code, path: stateFolder))
        } catch {
            throw .lock(error)
        }
    }

    /// Makes sure the vault can be changed: its root folder and `.enote/` can be written.
    ///
    /// Commands that change notes call this first, so that on a read-only mount (`EROFS`, which
    /// stops root too) or without permission (`EACCES`) they stop before doing anything, with a
    /// message that says so, instead of failing at the first file they touch.
    /// - Throws: ``VaultError/readOnly(path:reason:)``.
    public func requireWritable() throws(VaultError) {
        for folder in [root, stateFolder] where faccessat(AT_FDCWD, folder, W_OK, AT_EACCESS) != 0 {
            let code = errno
            if Self.readOnlyCodes.contains(code) {
                throw .readOnly(path: root, reason: Self.readOnlyReason(code, path: folder))
            }
        }
    }

    /// The `errno` values that mean "this cannot be written here".
    static let readOnlyCodes: Set<Int32> = [EROFS, EACCES, EPERM]

    /// Why writing in `path` failed, for ``VaultError/readOnly(path:reason:)``.
    static func readOnlyReason(_ code: Int32, path: String) -> LocalizedMessage {
        code == EROFS ? "read-only file system" : "no permission to write in \(path)"
    }

    /// The writer for notes in this vault.
    package var writer: DurableWriter {
        DurableWriter(fileSystem: fileSystem, root: rootDescriptor) { [clock] name in
            Vault.conflictName(for: name, at: clock.now(), timeZone: clock.timeZone)
        }
    }

    // MARK: - Reading

    /// Reads `.enote/config` again, for a process that runs on while the user edits it (the
    /// watcher). On success the new settings apply to every later use of the vault; on an error
    /// the settings in use stay as they were.
    /// - Returns: The settings before and after.
    /// - Throws: The config's error, naming the line.
    @discardableResult
    public func reloadConfig() throws(VaultError) -> (old: VaultConfig, new: VaultConfig) {
        let new = try Self.loadConfig(root: root)
        return (settings.replace(with: new), new)
    }

    /// Finds every note file (not reading them).
    package func scan() -> DirectoryWalker.Result {
        DirectoryWalker(policy: notePathPolicy).walk(root: rootDescriptor)
    }

    /// Reads one note.
    /// - Throws: ``VaultError`` when it does not exist, is a link, or cannot be read.
    public func read(_ path: NotePath) throws(VaultError) -> Note {
        try readWithSnapshot(path).note
    }

    /// Reads one note and the snapshot a later write must match.
    package func readWithSnapshot(_ path: NotePath) throws(VaultError) -> (note: Note, snapshot: FileSnapshot) {
        try readNote(path) { bytes in NoteContent(bytes: bytes, path: path.description, timeZone: clock.timeZone) }
    }

    /// Reads the note at `path`, its content read from its bytes by `reading`.
    func readNote(_ path: NotePath, reading: ([UInt8]) -> NoteContent) throws(VaultError) -> (note: Note, snapshot: FileSnapshot) {
        switch try readNoteFile(path) {
        case .read(let snapshot):
            return (Note(path: path, content: reading(snapshot.bytes), status: snapshot.status), snapshot)
        case .tooLarge(let status):
            let content = NoteContent(unreadable: .tooLarge(size: Int(status.size)), path: path.description, fileName: path.fileName)
            return (Note(path: path, content: content, status: status), FileSnapshot(bytes: [], status: status))
        }
    }

    /// A note file read, or too large to read (``NoteContent/maximumSize``).
    enum NoteFileRead {
        case read(FileSnapshot)
        case tooLarge(FileStatus)
    }

    /// Reads the file of the note at `path`, the one rule of what reading a note may meet.
    func readNoteFile(_ path: NotePath) throws(VaultError) -> NoteFileRead {
        do {
            return .read(try fileSystem.readFile(path.bytes, beneath: rootDescriptor, limit: NoteContent.maximumSize))
        } catch let error where error.code == EFBIG {
            return .tooLarge(try fileStatus(path))
        } catch let error where error.code == ELOOP || error.code == EXDEV {
            throw .path(PathError(path: path.description, rule: error.code == ELOOP ? .symbolicLink : .escapesVault))
        } catch let error where error.code == ENOENT {
            throw .noteNotFound(reference: path.description, suggestions: [])
        } catch {
            throw .system(SystemError(error.call, path: path.description, code: error.code))
        }
    }

    /// The status of a file beneath the root, not following links.
    package func fileStatus(_ path: NotePath) throws(VaultError) -> FileStatus {
        do {
            let descriptor = try fileSystem.open(path.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
            defer { fileSystem.close(descriptor) }
            return try fileSystem.status(of: path.fileNameBytes, in: descriptor)
        } catch let error where error.code == ENOENT {
            throw .noteNotFound(reference: path.description, suggestions: [])
        } catch {
            throw .system(error)
        }
    }

    /// Whether something exists at `path` (not following links).
    public func exists(_ path: NotePath) -> Bool {
        (try? fileStatus(path)) != nil
    }

    /// Reads every note; problems with single notes become diagnostics, never a failure.
    public func readAllNotes() -> (notes: [Note], diagnostics: [Diagnostic]) {
        let scan = scan()
        var notes: [Note] = []
        var diagnostics = scan.warnings
        notes.reserveCapacity(scan.notes.count)
        for entry in scan.notes {
            do {
                let note = try read(entry.path)
                notes.append(note)
                diagnostics += note.content.diagnostics
            } catch {
                diagnostics.append(Diagnostic(.warning, .other, file: entry.path.description, message: error.message))
            }
        }
        return (notes, diagnostics)
    }

    // MARK: - Helpers

    /// `path` made absolute (a leading `~` is the home folder, anything else relative is from
    /// the current folder) with `.`, `..`, repeated and trailing slashes removed, by the text
    /// alone: links are not resolved, and `..` at `/` stays `/`.
    static func absolute(_ path: String) -> String {
        var path = path
        if path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") {
            path = home + path.dropFirst()
        }
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Reads `.enote/config` beneath `root` without following a link; a missing file means
    /// the defaults.
    static func loadConfig(root: String) throws(VaultError) -> VaultConfig {
        let path = root + "/" + stateFolderName + "/config"
        let bytes: [UInt8]
        do {
            bytes = try readStateFile(Array((stateFolderName + "/config").utf8), root: root, limit: 1 << 20)
        } catch let error where error.code == ENOENT {
            return VaultConfig()
        } catch let error where error.code == ELOOP || error.code == EXDEV {
            throw .linkedStateFile(path)
        } catch {
            throw .system(SystemError(error.call, path: path, code: error.code))
        }
        do {
            return try VaultConfig(parsing: String(decoding: bytes, as: UTF8.self), file: path)
        } catch {
            throw .config(error)
        }
    }

    /// `plan.conflict-20261122-104700.md` next to `plan.md`.
    static func conflictName(for name: [UInt8], at date: Date, timeZone: TimeZone) -> [UInt8] {
        let stamp = NoteDate.stamp(date, in: timeZone).prefix(19)
            .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "T", with: "-")
        let stem = NotePath.droppingMarkdownExtension(name)
        return stem + Array(".conflict-\(stamp)-\(UInt16.random(in: 0...UInt16.max)).md".utf8)
    }
}

extension DirectoryWalker.Summary {
    /// The walk's findings as warnings: one per symbolic link and unreadable folder.
    public var warnings: [Diagnostic] {
        symbolicLinks.map {
            Diagnostic(.warning, .unsafeName, file: $0.description, message: "a symbolic link; enote does not follow links, so it is not a note")
        }
            + unreadableFolders.map { Diagnostic(.warning, .other, file: $0.path.description, message: $0.error.message) }
            + tooDeep.map { Diagnostic(.warning, .other, file: $0.description, message: Self.tooDeepMessage($0)) }
    }

    /// Why a note too deep to open is left out, with its length.
    static func tooDeepMessage(_ path: NotePath) -> LocalizedMessage {
        """
        its path is \(path.bytes.count) bytes long, more than the \(DirectoryWalker.maximumPathLength + 1) bytes (PATH_MAX) \
        Linux lets a program open a file by, so enote cannot read it and leaves it out; move it to a shallower folder or \
        shorten the folders' names
        """
    }
}

extension DirectoryWalker.Result {
    /// The walk's findings as warnings: one per symbolic link, unreadable folder and file name
    /// that is not UTF-8.
    public var warnings: [Diagnostic] {
        DirectoryWalker.Summary(
            symbolicLinks: symbolicLinks, leftoverTempFiles: leftoverTempFiles, specialFiles: specialFiles, tooDeep: tooDeep,
            unreadableFolders: unreadableFolders
        ).warnings
            + notes.filter { !$0.path.isValidUTF8 }.map {
                Diagnostic(.warning, .unsafeName, file: $0.path.description, message: "the file name is not valid UTF-8; rename it so every system can show it")
            }
    }
}

/// The vault's settings and the note rule made from them, replaced whole when the config is read
/// again; safe from any thread (the pair sits in a `Mutex`).
private final class VaultSettings: Sendable {
    private let value: Mutex<(config: VaultConfig, policy: NotePathPolicy)>

    init(_ config: VaultConfig) {
        value = Mutex((config, NotePathPolicy(config: config)))
    }

    var current: (config: VaultConfig, policy: NotePathPolicy) { value.withLock { $0 } }

    /// Puts `config` in place; returns the one it replaces.
    func replace(with config: VaultConfig) -> VaultConfig {
        let policy = NotePathPolicy(config: config)
        return value.withLock { value in
            let old = value.config
            value = (config, policy)
            return old
        }
    }
}
