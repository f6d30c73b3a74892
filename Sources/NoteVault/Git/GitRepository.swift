import Foundation

/// The git repository that holds a vault, driven through the real `git` program: every call is
/// an argument vector (never a shell), paths always come after `--`, and git's own prompts and
/// editors are turned off, so a command can never wait for a terminal.
package struct GitRepository: Sendable {
    /// What one run of git printed and returned.
    package struct Output: Sendable {
        package var status: Int32
        package var stdout: [UInt8]
        package var stderr: String
        package var succeeded: Bool { status == 0 }
        /// Standard output as text, without the final newline.
        package var text: String {
            var text = String(decoding: stdout, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        }
        /// The first line git wrote on stderr, for a message.
        package var firstErrorLine: String {
            stderr.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? "exit status \(status)"
        }
    }

    /// The folder git runs in (the vault root); pathspecs are relative to it.
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// Runs `git -C folder arguments…` and waits for it.
    /// - Parameter timeout: Seconds before git is stopped (a network that hangs).
    package func run(_ arguments: [String], timeout: Double = 120) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"  // never ask for a password on the terminal
        environment["GIT_EDITOR"] = "true"  // rebase --continue and merges keep their message
        environment["GIT_SEQUENCE_EDITOR"] = "true"
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        if environment["GIT_SSH_COMMAND"] == nil { environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes" }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            return Output(status: 127, stdout: [], stderr: "git could not be started: \(error)")
        }
        // Both pipes are read at once, on threads of their own, so a chatty git never blocks.
        let group = DispatchGroup()
        let collected = Collected()
        group.enter()
        Thread.detachNewThread {
            collected.setOut(out.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        group.enter()
        Thread.detachNewThread {
            collected.setErr(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            // A child of git (ssh) may still hold the pipes open: wait for the readers a little,
            // never for ever.
            _ = group.wait(timeout: .now() + 5)
            process.waitUntilExit()
            return Output(status: 124, stdout: [], stderr: "git \(arguments.first ?? "") did not finish within \(Int(timeout)) s")
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: [UInt8](collected.out), stderr: String(decoding: collected.err, as: UTF8.self))
    }

    /// The output of a command that must succeed, as text; `nil` when it failed.
    package func text(_ arguments: [String]) -> String? {
        let output = run(arguments)
        return output.succeeded ? output.text : nil
    }

    /// NUL-separated fields of a `-z` output.
    package static func fields(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The output pipes' contents, filled by the reading threads.
    ///
    /// `@unchecked Sendable`: both fields are read and written only under `lock`.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data()
        private var errData = Data()
        func setOut(_ data: Data) { lock.withLock { outData = data } }
        func setErr(_ data: Data) { lock.withLock { errData = data } }
        var out: Data { lock.withLock { outData } }
        var err: Data { lock.withLock { errData } }
    }
}
