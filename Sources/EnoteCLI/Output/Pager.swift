import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Shows long output through a pager (`$PAGER`, else `less`) when stdout is a terminal, the way
/// git does; short output, pipes, `--no-pager` and an empty `PAGER` print directly.
struct Pager {
    let terminal: Terminal
    let environment: [String: String]
    let disabled: Bool

    /// Prints `text` (which ends with a newline), through the pager when it is taller than the
    /// terminal. `text` is enote's own layout: whatever in it came from a note is escaped.
    func show(_ text: String) {
        guard terminal.isInteractive, !disabled, let command = pagerCommand(),
            text.reduce(0, { $0 + ($1 == "\n" ? 1 : 0) }) >= terminal.rows
        else {
            Console.outStyled(text, terminator: "")
            return
        }
        if !run(command, input: text) { Console.outStyled(text, terminator: "") }
    }

    /// The pager to run, or `nil` when paging is switched off (`PAGER=` or `PAGER=cat`).
    private func pagerCommand() -> EditorCommand? {
        let configured = environment["PAGER"] ?? "less"
        guard !configured.trimmingCharacters(in: .whitespaces).isEmpty, configured != "cat" else { return nil }
        return try? EditorCommand(parsing: configured)
    }

    /// Runs the pager with `input` on its standard input; `false` when it cannot start.
    private func run(_ command: EditorCommand, input: String) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        var environment = self.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }  // quit on one screen, keep colours
        if environment["LV"] == nil { environment["LV"] = "-c" }
        let argv = command.arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let started = posix_spawnp(&pid, command.arguments[0], &actions, nil, argv, envp) == 0
        close(ends[0])
        guard started else {
            close(ends[1])
            return false
        }
        var text = input
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(ends[1], bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }  // the pager quit early
                offset += written
            }
        }
        close(ends[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return true
    }
}
