import Foundation
import Testing

/// Runs the built `enote` binary as a separate process, the way a user does.
struct EnoteProcess {
    /// What one run printed and returned.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The `enote` executable next to the test bundle (both live in the build folder).
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("enote")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("enote")
    }()

    /// A clean environment: no user editor, pager, colour or vault leaks into a test.
    static func baseEnvironment(home: String) -> [String: String] {
        var environment: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "TMPDIR": home,
            "NO_COLOR": "1",
            "COLUMNS": "100",
        ]
        if let value = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] { environment["LD_LIBRARY_PATH"] = value }
        return environment
    }

    /// Runs `enote arguments…` in `directory` and waits for it.
    /// - Parameters:
    ///   - stdin: Bytes for standard input; `nil` gives it `/dev/null`.
    ///   - timeout: Seconds before the process is killed and the test fails.
    @discardableResult
    static func run(
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
            process.terminate()
            Issue.record("enote \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutBytes: outData)
    }
}
