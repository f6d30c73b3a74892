import EnoteTestSupport
import Foundation
import Testing

/// A bare remote and clones of one vault, all real git in temporary folders: the first clone
/// made the vault and pushed it, the others cloned it. Each clone has its own identity in its
/// local git config, and HOME points into its own folder, so no user setting leaks in.
final class GitClones {
    /// The bare repository every clone pushes to.
    let remote: URL
    private let remoteBase: URL
    /// The clones, each a vault.
    let clones: [TemporaryVault]

    subscript(index: Int) -> TemporaryVault { clones[index] }

    /// Makes a vault with `notes` (path → text), pushes it to a new bare remote and clones it
    /// `count` times (the first clone is the vault that was pushed).
    init(count: Int, notes: [String: String], config: String = "expiry = trash\n") throws {
        remoteBase = FileManager.default.temporaryDirectory.appendingPathComponent("enote-remote-\(UUID().uuidString)")
        remote = remoteBase.appendingPathComponent("vault.git")
        try FileManager.default.createDirectory(at: remoteBase, withIntermediateDirectories: true)
        let first = try TemporaryVault(sample: false)
        for (path, text) in notes { try first.write(path, text) }
        try first.write(".enote/config", config)
        // As `enote init --git-setup` leaves it: every clone asks for the note merge driver.
        try first.write(".gitattributes", "*.md merge=enote\n")
        try first.write(".enote/.gitignore", "index.sqlite\nindex.sqlite-*\n*.corrupt\nlock\nwatch.lock\nwatch.sock\nsync-state\nsync-brought\nediting-*.claim\n")
        try Self.git(["init", "--quiet", "-b", "main"], in: first.root)
        try Self.identify(first.root, name: "clone 0")
        try Self.git(["add", "-A"], in: first.root)
        try Self.git(["commit", "--quiet", "-m", "the vault"], in: first.root)
        try Self.git(["init", "--quiet", "--bare", "-b", "main", remote.path], in: remoteBase)
        try Self.git(["remote", "add", "origin", remote.path], in: first.root)
        try Self.git(["push", "--quiet", "-u", "origin", "main"], in: first.root)
        var clones = [first]
        for number in 1..<max(count, 1) {
            let clone = try TemporaryVault(sample: false)
            try FileManager.default.removeItem(at: clone.root)
            try Self.git(["clone", "--quiet", remote.path, clone.root.path], in: clone.base)
            try Self.identify(clone.root, name: "clone \(number)")
            clones.append(clone)
        }
        self.clones = clones
    }

    /// A copy of `other`: its remote and every clone in new temporary folders, each clone's
    /// `origin` pointing at the new remote, so a test can start from one prepared state many times.
    init(copying other: GitClones) throws {
        remoteBase = FileManager.default.temporaryDirectory.appendingPathComponent("enote-remote-\(UUID().uuidString)")
        remote = remoteBase.appendingPathComponent("vault.git")
        try Self.copy(other.remoteBase, to: remoteBase)
        var clones: [TemporaryVault] = []
        for original in other.clones {
            let clone = try TemporaryVault(sample: false)
            try FileManager.default.removeItem(at: clone.root)
            try Self.copy(original.root, to: clone.root)
            try Self.git(["remote", "set-url", "origin", remote.path], in: clone.root)
            clones.append(clone)
        }
        self.clones = clones
    }

    /// Copies a folder with `cp -a` (much faster than Foundation for a repository's many files).
    private static func copy(_ source: URL, to target: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = ["-a", source.path, target.path]
        try process.run()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        try #require(exitStatus == 0, "cp -a \(source.path) failed")
    }

    /// Packs the objects of the remote and every clone, so copies of them are quick.
    func pack() throws {
        try Self.git(["gc", "--quiet", "--prune=now"], in: remote)
        for clone in clones { try Self.git(["gc", "--quiet", "--prune=now"], in: clone.root) }
    }

    deinit {
        try? FileManager.default.removeItem(at: remoteBase)
    }

    /// Gives a clone a name and email for its commits.
    static func identify(_ root: URL, name: String) throws {
        try git(["config", "user.name", name], in: root)
        try git(["config", "user.email", "\(name.replacingOccurrences(of: " ", with: "-"))@enote.invalid"], in: root)
        try git(["config", "commit.gpgsign", "false"], in: root)
    }

    /// Runs git in `folder`; fails the test unless it succeeds. Returns its stdout.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, in: folder)
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs git in `folder` and returns what it did, whatever the outcome.
    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        var environment = EnoteProcess.baseEnvironment(home: folder.deletingLastPathComponent().path)
        environment["GIT_EDITOR"] = "true"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        return (exitStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

extension TemporaryVault {
    /// Runs git in the vault and returns its stdout; fails the test unless it succeeds.
    @discardableResult
    func git(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try GitClones.git(arguments, in: root, sourceLocation: sourceLocation)
    }

    /// The commit HEAD names.
    func head() throws -> String {
        try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
