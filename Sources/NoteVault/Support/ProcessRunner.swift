import CEnoteSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a helper program (git, and the text extractors of pictures and PDFs) without a shell,
/// with its arguments as given, and collects its output. ``GitRepository`` runs git through it,
/// ``TextExtractor`` runs poppler and tesseract through it, held to ``ExtractionLimits``; it never
/// runs user-typed text.
///
/// The helper is tied to enote (``enote_spawn_tied``): it stays in enote's process group, and
/// the kernel kills it when the thread that started it ends, so a `git rebase` never goes on
/// alone after enote was killed (a sync's next command would otherwise meet a git still
/// rewriting the work tree). The thread that starts a helper always waits for it.
enum ProcessRunner {
    /// What a helper printed on both outputs, and how it ended.
    struct Captured {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        /// Whether it was killed because it did not finish in time.
        var timedOut: Bool
        /// Whether it was killed because it printed more than it was allowed.
        var overflowed = false
        /// Whether it was killed because the caller stopped (`shouldStop`).
        var stopped = false
    }

    /// Runs `arguments` with exactly `environment` and standard input from `/dev/null`, and
    /// collects both outputs; `nil` when the program cannot be found or started.
    ///
    /// - Parameters:
    ///   - limits: What the child is held to (memory, CPU time, file size, niceness); `nil`: as
    ///     enote is.
    ///   - outputLimit: The most bytes kept of each output; a child that prints more is killed.
    ///   - shouldStop: Asked about ten times a second; `true` kills the child (``Captured/stopped``).
    static func capture(
        _ arguments: [String], environment: [String: String], timeout: Double, limits: EnoteChildLimits? = nil, outputLimit: Int = .max,
        shouldStop: () -> Bool = { false }
    ) -> Captured? {
        guard let name = arguments.first, let program = executable(name, path: environment["PATH"]) else { return nil }
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { return nil }
        guard pipe(&errPipe) == 0 else {
            outPipe.forEach { close($0) }
            return nil
        }
        for end in outPipe + errPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let pid: pid_t
        if var limits {
            pid = enote_spawn_limited(program, argv, envp, input, outPipe[1], errPipe[1], &limits)
        } else {
            pid = enote_spawn_tied(program, argv, envp, input, outPipe[1], errPipe[1])
        }
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        close(input)
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard pid > 0 else { return nil }
        var collected: [[UInt8]] = [[], []]
        var open = [true, true]
        var status: Int32 = 0
        var exited = false
        var timedOut = false
        var overflowed = false
        var stopped = false
        let deadline = monotonicSeconds() + timeout
        var graceEnd = Double.infinity
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open[0] || open[1] {
            let now = monotonicSeconds()
            if now >= deadline {
                timedOut = true
                break
            }
            if shouldStop() {
                stopped = true
                break
            }
            // Once the helper has exited, a process it left behind may still hold the pipes
            // (ssh's control master): what is there within a second is all there is.
            if !exited, waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                graceEnd = now + 1
            }
            if now >= graceEnd { break }
            var descriptors = [0, 1].filter { open[$0] }.map { pollfd(fd: $0 == 0 ? outPipe[0] : errPipe[0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 100)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            for descriptor in descriptors where descriptor.revents != 0 {
                let which = descriptor.fd == outPipe[0] ? 0 : 1
                let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    let room = outputLimit - collected[which].count
                    collected[which].append(contentsOf: buffer[..<min(count, room)])
                    if count > room { overflowed = true }
                } else if count == 0 || errno != EINTR {
                    open[which] = false
                }
            }
            if overflowed { break }
        }
        if timedOut || overflowed || stopped, !exited { kill(pid, SIGKILL) }
        if !exited {
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        let signalNumber = status & 0x7F
        return Captured(
            status: signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber, stdout: collected[0], stderr: collected[1], timedOut: timedOut, overflowed: overflowed, stopped: stopped)
    }

    /// The program `name` runs: itself when it holds a `/`, else the first executable file of
    /// that name on `path` (as `execvp` finds it).
    static func executable(_ name: String, path: String?) -> String? {
        if name.contains("/") { return name }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
