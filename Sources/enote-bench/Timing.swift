import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs whole processes and times them, the way a user experiences a command.
enum Timing {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `arguments` (first is the program, looked up on PATH) with output discarded;
    /// returns the wall time in seconds and the exit status.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String]? = nil) -> (seconds: Double, status: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid = pid_t()
        let start = now()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, env) == 0 else {
            return (0, -1)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (now() - start, (status >> 8) & 0xFF)
    }

    /// Runs `arguments` like ``run(_:environment:)`` and returns what it printed on stdout
    /// (and on stderr too, when `stderr` is true). Spawned with `posix_spawn`, as `run` is:
    /// Foundation's `Process` costs tens of milliseconds more per launch, which is not the
    /// measured tool's time.
    static func capture(_ arguments: [String], stderr: Bool = false) -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return "" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        if stderr {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let argv = arguments.map { strdup($0) } + [nil]
        let env = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, env) == 0
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned else { return "" }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }

    /// The median of `runs` timings after one warm-up run.
    static func median(runs: Int, warmUp: Bool = true, _ body: () -> Double) -> Double {
        if warmUp { _ = body() }
        return median((0..<runs).map { _ in body() })
    }

    /// The median of `values`: the middle one, or the mean of the two middle ones when their
    /// number is even (the mix has eight queries).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// A percentile (0–100) of samples.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p / 100).rounded(.up)))
        return sorted[index]
    }
}
