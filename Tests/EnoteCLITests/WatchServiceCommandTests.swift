import EnoteTestSupport
import Foundation
import Testing

/// The watcher as a systemd user service: `enote watch --print-service` prints the command that
/// enables it for the vault, and `enote doctor` says whether a watcher is running.
@Suite struct WatchServiceCommandTests {
    /// What `systemd-escape --path` makes of `path`, or `nil` without systemd.
    static func systemdEscaped(_ path: String) throws -> String? {
        guard let tool = ["/usr/bin/systemd-escape", "/bin/systemd-escape"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--path", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = EnoteProcess.exitStatus(of: process)
        return text.trimmingCharacters(in: .newlines)
    }

    @Test("--print-service prints the systemctl line for this vault's unit and starts no watcher")
    func printService() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("watch", "--print-service")
        #expect(result.status == 0, "\(result)")
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("systemctl --user enable --now "), "\(line)")
        #expect(!result.stdout.dropLast().contains("\n"), "one line: \(result.stdout)")
        // The vault's path holds dashes (escaped as \x2d), so the name is quoted for the shell.
        let root = vault.root.resolvingSymlinksInPath().path
        if let escaped = try Self.systemdEscaped(root) {
            #expect(line == "systemctl --user enable --now 'enote-watch@\(escaped).service'", "\(line)")
        }
        #expect(result.stderr.contains("journalctl --user -u"), "\(result.stderr)")
        #expect(!vault.exists(".enote/watch.sock"), "no watcher was started")
    }

    @Test("doctor says whether a watcher is running for the vault, and which")
    func doctorSaysWhetherAWatcherRuns() throws {
        let vault = try TemporaryVault()
        let without = try vault.run("doctor")
        #expect(without.status == 1, "the sample's broken note: \(without)")
        #expect(without.stderr.contains("No watcher is running for this vault"), "\(without.stderr)")
        #expect(without.stderr.contains("enote watch --print-service"), "\(without.stderr)")

        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        let with = try vault.run("doctor")
        #expect(with.status == 1, "a watcher is no problem, and changes no exit status: \(with)")
        #expect(with.stderr.contains("A watcher is running for this vault (pid \(watcher.pid))"), "\(with.stderr)")
        let json = try vault.run("doctor", "--json")
        #expect(json.stderr.contains("A watcher is running for this vault (pid \(watcher.pid))"), "\(json.stderr)")
        #expect((try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [Any]) != nil, "--json stays an array: \(json.stdout)")
    }
}
