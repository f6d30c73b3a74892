import EnoteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `enote watch` running in the background on a ``TemporaryVault``, its stdout and stderr going
/// to files in the vault's base folder.
///
/// End every test with `defer { watcher.kill() }`: it kills the process if it still runs and
/// waits for it, so no watcher outlives its test.
final class WatchProcess {
    let process = Process()
    private let stderrFile: URL
    private let stdoutFile: URL

    /// Starts `enote watch arguments…` in the vault's root.
    init(_ vault: TemporaryVault, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        let name = "watch-\(UUID().uuidString)"
        stderrFile = vault.base.appendingPathComponent(name + ".stderr")
        stdoutFile = vault.base.appendingPathComponent(name + ".stdout")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        process.executableURL = EnoteProcess.executable
        process.arguments = ["watch"] + arguments
        process.currentDirectoryURL = vault.root
        process.environment = vault.environment.merging(extra) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// What the watcher wrote on stderr so far.
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// What the watcher wrote on stdout so far.
    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }

    /// Waits until `condition` holds (polling every 20 ms), or `timeout` seconds pass.
    @discardableResult
    func wait(timeout: Double = 30, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Waits until its log (stderr, or `logFile`) says it watches; fails the test otherwise.
    func waitUntilWatching(logFile: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let started = wait { () -> Bool in
            let log = logFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? stderr
            return log.contains(" watching ") || !process.isRunning
        }
        try #require(started && process.isRunning, "enote watch did not start:\n\(stderr)", sourceLocation: sourceLocation)
    }

    /// Sends `signal` and waits (up to `timeout` s) for the process to end.
    @discardableResult
    func signal(_ signal: Int32, timeout: Double = 30) -> Bool {
        Glibc.kill(pid, signal)
        return waitForExit(timeout: timeout)
    }

    /// Waits for the process to end.
    func waitForExit(timeout: Double = 30) -> Bool {
        wait(timeout: timeout) { !process.isRunning }
    }

    /// Kills the process (if it still runs) and reaps it.
    func kill() {
        if process.isRunning { Glibc.kill(pid, SIGKILL) }
        _ = EnoteProcess.exitStatus(of: process)
    }
}

/// Whether a command's trace (`ENOTE_TRACE=1`) shows it trusted a watcher instead of walking.
func usedTheWatcher(_ result: EnoteProcess.Result) -> Bool {
    result.stderr.contains("trace: watcher caught up") && !result.stderr.contains("trace: index synchronized")
}
