import Foundation

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A private folder for one test, removed when the test ends:
///
/// ```
/// enote-tests-XXXXXX/
///   vault/     a vault made by VaultInitializer (or a bare folder)
///   outside/   beside the vault; nothing the vault does may ever touch it
///   bin/       scripted editors
///   tmp/       TMPDIR for editor sessions
/// ```
///
/// Suites keep one as a stored property: Swift Testing makes a new suite instance for every test
/// (and every argument of a parameterised test), so tests never share a folder and run in
/// parallel.
final class VaultSandbox: @unchecked Sendable {
    let base: String
    let root: String
    let outside: String
    let bin: String
    let temporary: String

    /// The instant every sandboxed vault's clock is stopped at: 2026-11-18T20:53:20Z.
    static let now = Date(timeIntervalSince1970: 1_795_035_200)
    static let timeZone = TimeZone(identifier: "UTC")!
    static let clock = VaultClock.fixed(now, timeZone: timeZone)
    /// How `updated` reads after a change by a sandboxed vault.
    static var stamp: String { NoteDate.stamp(now, in: timeZone) }

    /// - Parameter initialize: Make `vault/` a vault with VaultInitializer (else a bare folder).
    init(initialize: Bool = true) throws {
        var template = Array((NSTemporaryDirectory() + "enote-tests-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemError("mkdtemp", path: NSTemporaryDirectory())
        }
        base = String(cString: made)
        root = base + "/vault"
        outside = base + "/outside"
        bin = base + "/bin"
        temporary = base + "/tmp"
        for folder in [outside, bin, temporary] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        if initialize {
            _ = try VaultInitializer.initialize(at: root, sample: false)
        } else {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
    }

    deinit {
        // A watcher thread that is still winding down may add a file while the folder is
        // removed (ENOTEMPTY); try again briefly rather than leave the folder behind.
        for _ in 0..<20 {
            if (try? FileManager.default.removeItem(atPath: base)) != nil || !FileManager.default.fileExists(atPath: base) { return }
            usleep(50_000)
        }
    }

    /// Opens the vault with a fixed clock and a short lock timeout.
    func vault(fileSystem: any FileSystem = SystemFileSystem(), lockTimeout: Double = 5) throws -> Vault {
        try Vault(root: root, fileSystem: fileSystem, clock: Self.clock, lockTimeout: lockTimeout)
    }

    /// A writer straight on the vault root (for tests below the `Vault` API).
    func writer(_ vault: Vault, fileSystem: (any FileSystem)? = nil) -> DurableWriter {
        DurableWriter(fileSystem: fileSystem ?? vault.fileSystem, root: vault.rootDescriptor) { name in
            Vault.conflictName(for: name, at: Self.now, timeZone: Self.timeZone)
        }
    }

    // MARK: - Files

    /// The absolute path of `relative` inside the vault.
    func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Writes a file in the vault (creating folders), optionally with a mode.
    func write(_ relative: String, _ text: String, mode: mode_t? = nil) throws {
        try writeAbsolute(path(relative), Array(text.utf8), mode: mode)
    }

    /// Writes a file anywhere (creating folders).
    func writeAbsolute(_ absolute: String, _ bytes: [UInt8], mode: mode_t? = nil) throws {
        try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: absolute))
        if let mode { chmod(absolute, mode) }
    }

    /// Writes a file whose name is raw bytes (not necessarily UTF-8) in a vault folder.
    func write(bytesNamed name: [UInt8], in folder: String = "", _ text: String) throws {
        let full = Array(path(folder).utf8) + [UInt8(ascii: "/")] + name
        let descriptor = NoteVault.withCString(full) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw SystemError("open", path: NotePath.display(full)) }
        defer { close(descriptor) }
        try SystemFileSystem().writeAll(descriptor, Array(text.utf8), path: NotePath.display(full))
    }

    /// A vault file's bytes, or `nil` when it cannot be read.
    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(relative)).map { [UInt8]($0) }
    }

    /// A vault file's text, or `nil` when it cannot be read.
    func text(_ relative: String) -> String? {
        bytes(relative).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether anything (even a dangling link) is at `relative`.
    func exists(_ relative: String) -> Bool {
        var status = stat()
        return lstat(path(relative), &status) == 0
    }

    /// `lstat` of a vault path.
    func status(_ relative: String) throws -> FileStatus {
        var raw = stat()
        guard lstat(path(relative), &raw) == 0 else { throw SystemError("lstat", path: relative) }
        return FileStatus(raw)
    }

    /// The names in a folder of the vault (hidden ones included), sorted.
    func names(in folder: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []).sorted()
    }

    /// enote temp files in a folder of the vault.
    func tempFiles(in folder: String = "") -> [String] {
        names(in: folder).filter { DurableWriter.isTempName(Array($0.utf8)) }
    }

    /// Everything below `outside/`.
    func outsideContents() -> [String] {
        (FileManager.default.subpaths(atPath: outside) ?? []).sorted()
    }

    /// Makes a folder in the vault.
    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// `ln -s target relative`.
    func symlink(_ target: String, at relative: String) throws {
        guard Glibc.symlink(target, path(relative)) == 0 else { throw SystemError("symlink", path: relative) }
    }

    /// `ln existing new` inside the vault.
    func hardLink(_ existing: String, _ new: String) throws {
        guard link(path(existing), path(new)) == 0 else { throw SystemError("link", path: new) }
    }

    /// Writes an executable `/bin/sh` script into `bin/`; returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let file = bin + "/" + name
        try writeAbsolute(file, Array("#!/bin/sh\n\(body)\n".utf8), mode: 0o755)
        return file
    }

    /// The environment for an editor session: PATH from this process, TMPDIR in the sandbox.
    var editorEnvironment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TMPDIR": temporary, "VAULT": root]
    }

    /// A note's text with front matter.
    static func noteText(title: String, body: String = "Some text\n", extra: [String] = []) -> String {
        (["---", "title: \(title)", "updated: 2020-01-01T00:00:00Z"] + extra + ["---"]).joined(separator: "\n") + "\n" + body
    }
}
