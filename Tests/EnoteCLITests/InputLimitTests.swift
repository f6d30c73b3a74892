import EnoteTestSupport
import Foundation
import Testing

/// The 10 MiB limit of a note holds on every way into the vault: standard input is read only up
/// to the limit (never `/dev/zero` until memory runs out), and `new`, `edit` and `set` never
/// write a note enote would then refuse to read.
@Suite struct InputLimitTests {
    static let limit = 10 * 1_048_576

    /// Runs enote with standard input read from `input` (a file, or a device such as /dev/zero).
    private func run(_ vault: TemporaryVault, _ arguments: [String], stdinFile input: String, timeout: Double = 60) throws -> EnoteProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" < \"$ENOTE_TEST_INPUT\"", EnoteProcess.executable.path] + arguments
        process.currentDirectoryURL = vault.root
        process.environment = vault.environment.merging(["ENOTE_TEST_INPUT": input]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("enote \(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        return EnoteProcess.Result(
            status: process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
    }

    @Test func endlessStandardInputStopsAtTheLimit() throws {
        let vault = try TemporaryVault(sample: false)
        let started = Date()

        let result = try run(vault, ["new", "Zero"], stdinFile: "/dev/zero", timeout: 30)

        #expect(result.status == 2, "what was typed cannot be used: \(result)")
        #expect(result.stderr.contains("10 MiB"), "\(result)")
        #expect(!vault.exists("zero.md"))
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test(arguments: [limit + 1, limit, limit - 20])
    func aNoteFromStandardInputNeverExceedsTheLimit(size: Int) throws {
        let vault = try TemporaryVault(sample: false)
        let input = vault.base.appendingPathComponent("input.txt")
        try Data(repeating: UInt8(ascii: "a"), count: size).write(to: input)

        let result = try run(vault, ["new", "Big"], stdinFile: input.path)

        // More than the limit on standard input is refused as it is read, as what was typed (2);
        // a text within it that the front matter takes past the limit is the note's limit (1).
        #expect(result.status == (size > Self.limit ? 2 : 1), "\(result)")
        #expect(result.stderr.contains("10 MiB"), "\(result)")
        #expect(!vault.exists("big.md"), "a note enote would refuse to read was written")
    }

    @Test func setNeverPushesANoteOverTheLimit() throws {
        let vault = try TemporaryVault(sample: false)
        let header = "---\ntitle: Full\n---\n"
        let full = Data((header + String(repeating: "b", count: Self.limit - header.utf8.count)).utf8)
        try full.write(to: vault.url("full.md"))

        let result = try vault.run("set", "full.md", "--color", "red")

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("10 MiB"), "\(result)")
        #expect(try vault.bytes("full.md") == full, "the note is untouched")
    }

    @Test func anEditThatGrowsPastTheLimitIsKeptOutsideTheVault() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("small.md", "---\ntitle: Small\n---\nText\n")
        let original = try vault.bytes("small.md")
        let editor = try vault.script("grow.sh", #"head -c 11000000 /dev/zero | tr '\0' 'c' >> "$1""#)

        let result = try vault.run(["edit", "small"], environment: ["EDITOR": editor])

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("10 MiB"), "\(result)")
        #expect(result.stderr.contains("kept in"), "the typed text is not lost: \(result)")
        // The copy named in the message holds the whole text the editor saved.
        let kept = try #require(result.stderr.components(separatedBy: "kept in ").last?.split(separator: "\n").first.map(String.init))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.size] as? Int)
        #expect(size > 11_000_000, "\(kept): \(size) bytes")
        #expect(try vault.bytes("small.md") == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasSuffix(".md") } == ["small.md"])
    }
}
