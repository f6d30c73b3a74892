import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a helper program (git) without a shell, with its arguments as given, and collects its
/// output. Used where the vault asks git about its state; never to run user-typed text.
enum ProcessRunner {
    struct Output {
        var status: Int32
        var stdout: [UInt8]
    }

    /// Runs `arguments` (the first is looked up on PATH); `nil` when it cannot start or does
    /// not finish within `timeout` seconds. (Pass git its folder with `-C`.)
    static func run(_ arguments: [String], timeout: Double = 10) -> Output? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"  // `git status` must not take the index lock
        environment["LC_ALL"] = "C"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = monotonicSeconds() + timeout
        var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = Int32(max(0, (deadline - monotonicSeconds()) * 1000))
            let ready = poll(&descriptor, 1, remaining)
            if ready == 0 {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                return nil
            }
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signalNumber = status & 0x7F
        return Output(status: signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber, stdout: output)
    }
}
