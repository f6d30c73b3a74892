import Foundation
import Synchronization
import Testing

/// Runs the built `enote` binary as a separate process, the way a user does. Shared by every
/// test target that starts the binary (EnoteCLITests, EnoteMCPTests).
public struct EnoteProcess {
    /// What one run printed and returned.
    public struct Result: CustomStringConvertible, Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var stdoutBytes: Data

        public init(status: Int32, stdout: String, stderr: String, stdoutBytes: Data) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.stdoutBytes = stdoutBytes
        }

        public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The `enote` executable: `$ENOTE` when set (as `scripts/test-mcp` takes it, to run these
    /// tests against another build), else the one next to the test bundle (both live in the
    /// build folder).
    public static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["ENOTE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("enote")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("enote")
    }()

    /// A clean environment: no user editor, pager, colour or vault leaks into a test, and meaning
    /// search is off (`ENOTE_MODEL=off`): every test written before it shows that enote without
    /// the model works as before. Tests of meaning search take the key out.
    public static func baseEnvironment(home: String) -> [String: String] {
        var environment: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "TMPDIR": home,
            "NO_COLOR": "1",
            "COLUMNS": "100",
            "ENOTE_MODEL": "off",
        ]
        if let value = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] { environment["LD_LIBRARY_PATH"] = value }
        return environment
    }

    /// Runs `enote arguments…` in `directory` and waits for it.
    /// - Parameters:
    ///   - stdin: Bytes for standard input; `nil` gives it `/dev/null`.
    ///   - timeout: Seconds before the process is killed and the test fails.
    @discardableResult
    public static func run(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String],
        stdin: Data? = nil,
        timeout: Double = 60
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if stdin != nil {
            process.standardInput = input
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        // Read both pipes concurrently so a chatty process cannot block on a full pipe. Threads of
        // their own, not Dispatch's pool: tests that run several processes at once would
        // otherwise fill the pool (as wide as the machine has cores) with blocked reads.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        Thread.detachNewThread {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        Thread.detachNewThread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("enote \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        let status = Self.exitStatus(of: process)
        return Result(
            status: status,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutBytes: outData)
    }

    /// Waits for `process` to end and returns its status as `terminationStatus` gives it (the
    /// exit code, or the signal that ended it).
    ///
    /// Foundation's `waitUntilExit()` hung once in CI: the child had exited, Foundation never
    /// collected it, and the zombie stayed while Swift Testing's exit-test monitor thread spun on
    /// `waitid` for any child. So the wait polls, and a child that has been a zombie for a
    /// second without Foundation noticing is collected here.
    ///
    /// Once Foundation has seen the exit, `waitUntilExit()` (which then returns at once) still
    /// runs: only it lets Foundation let go of the process's pipes and files. Polling
    /// `isRunning` alone leaked two descriptors a run, thousands over the suite, until
    /// `Process.run()` crashed copying the descriptor table.
    public static func exitStatus(of process: Process) -> Int32 {
        exitStatus(of: process, within: .infinity) ?? process.terminationStatus
    }

    /// ``exitStatus(of:)``, giving up after `seconds`: `nil` when the process still runs then.
    public static func exitStatus(of process: Process, within seconds: Double) -> Int32? {
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(seconds)
        var zombieSince: Date?
        while process.isRunning {
            // Collected here before: Foundation will never see it end, and the pid may already
            // belong to another process.
            if let status = collected.withLock({ $0[ObjectIdentifier(process)] }) { return status }
            if Date() > deadline { return nil }
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid {
                let since = zombieSince ?? Date()
                zombieSince = since
                var status: Int32 = 0
                if Date().timeIntervalSince(since) > 1, waitpid(pid, &status, WNOHANG) == pid {
                    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
                    collected.withLock { $0[ObjectIdentifier(process)] = code }
                    return code
                }
            }
            usleep(5_000)
        }
        return finished(process)
    }

    /// The exit statuses of the processes ``exitStatus(of:within:)`` collected itself, by
    /// process object (the objects those tests hold stay alive, so no identifier is reused).
    private static let collected = Mutex<[ObjectIdentifier: Int32]>([:])

    /// Whether ``exitStatus(of:within:)`` collected `process` itself: then it has ended, though
    /// Foundation still says it runs, and its pid must not be signalled.
    public static func wasCollected(_ process: Process) -> Bool {
        collected.withLock { $0[ObjectIdentifier(process)] != nil }
    }

    /// The status of a process Foundation has seen end, after `waitUntilExit()` has let it
    /// release the process's pipes and files (see ``exitStatus(of:)``).
    public static func finished(_ process: Process) -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}

