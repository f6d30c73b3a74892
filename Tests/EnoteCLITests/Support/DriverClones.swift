import EnoteTestSupport
import Foundation
import Testing

/// A bare remote and clones of it in a temporary folder, each clone a vault made by `enote init`, for tests of
/// what git does with notes (real git, the real `enote` binary as merge driver).
final class DriverClones {
    /// The folder that holds the remote, the clones, HOME and TMPDIR.
    let base: URL
    /// The bare repository every clone pushes to.
    let remote: URL
    /// The environment for git and enote: no user or system git config.
    let environment: [String: String]

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("enote-git-\(UUID().uuidString)")
        remote = base.appendingPathComponent("remote.git")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        var environment = EnoteProcess.baseEnvironment(home: base.path)
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "enote tests"
        environment["GIT_AUTHOR_EMAIL"] = "tests@enote.invalid"
        environment["GIT_COMMITTER_NAME"] = "enote tests"
        environment["GIT_COMMITTER_EMAIL"] = "tests@enote.invalid"
        self.environment = environment
        try git(["init", "--quiet", "--bare", "--initial-branch=main", remote.path], in: base)
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    /// A new clone of the remote named `name`.
    func clone(_ name: String) throws -> URL {
        try git(["clone", "--quiet", remote.path, name], in: base)
        let folder = base.appendingPathComponent(name)
        try git(["checkout", "--quiet", "-B", "main"], in: folder)
        try git(["config", "commit.gpgsign", "false"], in: folder)
        return folder
    }

    /// Runs git; fails the test unless it exits 0 (or `allowFailure`).
    @discardableResult
    func git(_ arguments: [String], in folder: URL, allowFailure: Bool = false) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        let output = String(decoding: data, as: UTF8.self)
        if !allowFailure {
            try #require(exitStatus == 0, "git \(arguments.joined(separator: " ")) failed:\n\(output)")
        }
        return (exitStatus, output)
    }

    /// Runs enote in `folder`.
    @discardableResult
    func enote(_ arguments: [String], in folder: URL) throws -> EnoteProcess.Result {
        try EnoteProcess.run(arguments, in: folder, environment: environment)
    }

    /// Writes a file (bytes as given).
    func write(_ text: String, to path: String, in folder: URL) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }

    /// A file's text.
    func text(_ path: String, in folder: URL) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
    }

    /// Commits everything in `folder`.
    func commitAll(_ message: String, in folder: URL) throws {
        try git(["add", "-A"], in: folder)
        try git(["commit", "--quiet", "-m", message], in: folder)
    }

    /// A vault in a first clone, set up with the merge driver, holding `note` as `plan.md`,
    /// pushed; and a second clone set up too.
    func twoClones(note: String) throws -> (URL, URL) {
        let first = try clone("a")
        let initialized = try enote(["init", "--git-setup"], in: first)
        try #require(initialized.status == 0, "\(initialized)")
        try write(note, to: "plan.md", in: first)
        try commitAll("plan", in: first)
        try git(["push", "--quiet", "-u", "origin", "main"], in: first)
        let second = try clone("b")
        let setup = try enote(["git", "setup"], in: second)
        try #require(setup.status == 0, "\(setup)")
        return (first, second)
    }
}
