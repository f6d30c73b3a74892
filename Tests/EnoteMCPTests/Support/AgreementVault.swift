import EnoteTestSupport
import Foundation
import Testing

/// A private copy of SampleVault (with a few notes of a test's own) in a temporary folder, kept
/// in git, removed when the test ends: the CLI and `enote mcp` are run on it.
final class AgreementVault {
    let base: URL
    let root: URL
    let environment: [String: String]

    /// The repository's SampleVault folder.
    static let sampleVault: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleVault")

    /// Copies SampleVault, adds `files` (path → text) and commits it all.
    init(files: [String: String] = [:]) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("enote-mcp-\(UUID().uuidString)")
        root = base.appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sampleVault, to: root)
        for name in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "lock", "watch.lock", "watch.sock"] {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(".enote/\(name)"))
        }
        // A note whose destroy date has passed goes as soon as a server watches.
        try? FileManager.default.removeItem(at: root.appendingPathComponent("old-reminder.md"))
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var environment = EnoteProcess.baseEnvironment(home: base.path)
        for (key, value) in [
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "t@example.com",
        ] {
            environment[key] = value
        }
        self.environment = environment
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    /// Runs git in the vault; the test fails when it does.
    func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = root
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        #expect(EnoteProcess.exitStatus(of: process) == 0, "git \(arguments)")
    }

    /// Writes `text` to `path` in the vault.
    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    /// What `enote arguments…` printed on stdout, read in order; the test fails when it fails.
    func json(_ arguments: [String]) throws -> OrderedJSON {
        let result = try EnoteProcess.run(arguments, in: root, environment: environment)
        #expect(result.status == 0, "enote \(arguments): \(result)")
        return try #require(OrderedJSON(parsing: result.stdout), "enote \(arguments): \(result)")
    }

    /// A server on this vault.
    func server() throws -> MCPClient {
        try MCPClient(in: root, environment: environment)
    }
}
