import EnoteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An `enote sync` started in a clone and held at a chosen point by a test hook, to be killed
/// there: `ENOTE_TEST_PAUSE_MERGE_DRIVER_AT` names a note whose merge driver stops before it
/// merges, `ENOTE_TEST_PAUSE_SYNC_AT` a step of the sync (`committed`, `fetched`, `rebased`,
/// `pushed`) after which enote stops; either writes its pid to `ENOTE_TEST_PAUSE_SIGNAL_FILE`
/// and sleeps until it is killed.
final class PausedSync {
    let process = Process()
    let signalFile: URL
    private let output: URL

    /// Starts `enote arguments…` in `clone` with the hook `hook` (a variable and its value).
    init(_ clone: TemporaryVault, _ arguments: [String] = ["sync"], hook: (String, String)?) throws {
        signalFile = clone.base.appendingPathComponent("paused-\(UUID().uuidString)")
        output = clone.base.appendingPathComponent("sync-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        var environment = clone.environment
        if let hook {
            environment[hook.0] = hook.1
            environment["ENOTE_TEST_PAUSE_SIGNAL_FILE"] = signalFile.path
        }
        process.executableURL = EnoteProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = clone.root
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    /// The pid of the process that paused (enote, or the merge driver git started), once it has;
    /// `nil` when the command ended or `timeout` passed first.
    func waitUntilPaused(timeout: Double = 60) -> pid_t? {
        var paused: pid_t?
        _ = ProcessTree.wait(timeout: timeout) {
            if let text = try? String(contentsOf: signalFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                paused = pid
                return true
            }
            return !process.isRunning
        }
        return paused
    }

    /// What the command printed so far.
    var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Kills enote with SIGKILL, and with it (when `withGit`) every process it started.
    func kill9(withGit: Bool) {
        ProcessTree.kill9(process.processIdentifier, withDescendants: withGit)
        _ = EnoteProcess.exitStatus(of: process)
    }
}
