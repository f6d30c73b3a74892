import EnoteTestSupport
import Foundation
import Testing

/// RELIABILITY row 33: git is run without a shell, and with `--` before every path, so a note
/// named like an option (`-rf.md`) or like shell code is only ever a path to it. A `git` placed
/// first on PATH records the arguments it gets and hands them to the real git.
@Suite struct GitArgumentsTests {
    /// The real git on PATH.
    static func realGit() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the real git in the vault, with an identity for commits.
    static func git(_ arguments: [String], in vault: TemporaryVault, executable: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            ["-C", vault.root.path, "-c", "user.name=enote tests", "-c", "user.email=tests@enote.invalid", "-c", "commit.gpgsign=false"] + arguments
        process.environment = vault.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        try #require(exitStatus == 0, "git \(arguments) failed")
    }

    @Test func gitGetsEveryNotePathAfterDoubleDashAndNoShellRuns() throws {
        let git = try #require(Self.realGit(), "git is not installed")
        // Given committed notes due for deletion, named like an option and like shell code
        let vault = try TemporaryVault(sample: false)
        // A shell would run `touch pwned` in enote's working folder, the vault root.
        let names = ["-rf.md", "$(touch pwned); it's.md"]
        for name in names {
            try vault.write(name, "---\ntitle: Due\ndestroy: 2020-01-01\n---\nCommitted, so it may be deleted.\n")
        }
        try vault.write(".enote/config", "expiry = delete\n")
        try Self.git(["init", "--quiet"], in: vault, executable: git)
        try Self.git(["add", "-A"], in: vault, executable: git)
        try Self.git(["commit", "--quiet", "-m", "notes"], in: vault, executable: git)

        // And a git first on PATH that records its arguments (one line per run, each ended by 0x1F)
        let bin = vault.base.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = vault.base.appendingPathComponent("git-arguments").path
        let recorder = bin.appendingPathComponent("git").path
        try Data(
            """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\037' "$argument"; done >> '\(log)'
            printf '\\n' >> '\(log)'
            exec '\(git)' "$@"

            """.utf8
        ).write(to: URL(fileURLWithPath: recorder))
        chmod(recorder, 0o755)

        // When expiry asks git whether each note is committed
        let result = try vault.run(["expire"], environment: ["PATH": bin.path + ":" + (vault.environment["PATH"] ?? "/usr/bin:/bin")])

        // Then git answered for both names (they were deleted, not trashed)
        #expect(result.status == 0, "\(result)")
        for name in names {
            #expect(!vault.exists(name) && !vault.exists(".trash/" + name), "\(name): \(result)")
        }
        // And every path git got came after `--`, whole, and no shell ran the name
        let runs = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        for name in names {
            // git runs in the vault and is asked for the committed blob of the name itself
            let asked = runs.filter { $0.contains(name) }
            #expect(asked.count >= 1, "git was asked about \(name) \(asked.count) times: \(runs)")
            for run in asked {
                let position = try #require(run.firstIndex(of: name))
                #expect(position > 0 && run[position - 1] == "--", "\(run)")
            }
        }
        #expect(!vault.exists("pwned"), "a shell ran the note's name")
    }
}
