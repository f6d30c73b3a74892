import EnoteTestSupport
import Foundation
import Testing

/// Runs the `enote` binary with its standard output on a pseudo-terminal, so that it sees a
/// terminal (`isatty`) as it does in a user's shell.
///
/// util-linux's `script` (in every Debian system) makes the terminal: the Swift overlay of
/// Glibc does not expose `posix_openpt`.
enum PseudoTerminal {
    /// What the program wrote to the terminal (with the terminal's `\r\n` turned back into
    /// `\n`), and its exit status.
    struct Result: CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "exit \(status)\n--- terminal\n\(output)" }
    }

    /// A word quoted for the shell `script` runs the command with.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `enote arguments…` in `directory` with stdout (and, with `showingErrors`, stderr) on
    /// a new terminal.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String], timeout: Double = 60, showingErrors: Bool = false
    ) throws -> Result {
        let command = ([EnoteProcess.executable.path] + arguments).map(quoted).joined(separator: " ") + (showingErrors ? "" : " 2>/dev/null")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        process.currentDirectoryURL = directory
        process.environment = environment.merging(["SHELL": "/bin/sh"]) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var data = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("enote \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        let exitStatus = EnoteProcess.exitStatus(of: process)
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return Result(status: exitStatus, output: text)
    }
}
