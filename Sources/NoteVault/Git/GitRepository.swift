import Foundation

/// The git repository that holds a vault, driven through the real `git` program: every call is
/// an argument vector (never a shell), paths always come after `--`, and git's own prompts and
/// editors are turned off, so a command can never wait for a terminal. This is enote's one way
/// to run git (sync, history, expiry's questions, the merge driver's setup and its merge).
package struct GitRepository: Sendable {
    /// What one run of git printed and returned.
    package struct Output: Sendable {
        package var status: Int32
        package var stdout: [UInt8]
        package var stderr: String
        /// Whether git started and ended by itself within its time (otherwise `status` is 127
        /// or 124 and `stderr` says which).
        package var finished = true
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

    /// Runs `git -C folder arguments…` and waits for it (tied to this process: see
    /// ``ProcessRunner``). git takes no optional lock: a `git status` never writes the index, so
    /// the user's own git, or expiry looking for `index.lock`, never meets a lock enote's
    /// question made.
    /// - Parameter timeout: Seconds before git is stopped (a network that hangs).
    package func run(_ arguments: [String], timeout: Double = 120) -> Output {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_TERMINAL_PROMPT"] = "0"  // never ask for a password on the terminal
        environment["GIT_EDITOR"] = "true"  // rebase --continue and merges keep their message
        environment["GIT_SEQUENCE_EDITOR"] = "true"
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        if environment["GIT_SSH_COMMAND"] == nil { environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes" }
        guard let result = ProcessRunner.capture(["git", "-C", folder] + arguments, environment: environment, timeout: timeout) else {
            return Output(status: 127, stdout: [], stderr: "git could not be started", finished: false)
        }
        if result.timedOut {
            return Output(status: 124, stdout: [], stderr: "git \(arguments.first ?? "") did not finish within \(Int(timeout)) s", finished: false)
        }
        return Output(status: result.status, stdout: result.stdout, stderr: String(decoding: result.stderr, as: UTF8.self))
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
}
