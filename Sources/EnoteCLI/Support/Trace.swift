import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Phase timings on stderr when `ENOTE_TRACE` is set: where a command spends its time.
enum Trace {
    /// When the previous mark was printed; a `Mutex`, so marks from the watcher's thread and
    /// the main thread cannot race.
    private static let last = Mutex<Double>(start)
    private static let start = now()
    private static let enabled = getenv("ENOTE_TRACE") != nil

    /// Prints the time since the previous mark (and since the process began).
    static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let current = now()
        let previous = last.withLock { last in
            defer { last = current }
            return last
        }
        Console.err(String(format: "trace: %-28@ %7.2f ms (total %7.2f ms)", phase() as NSString, (current - previous) * 1000, (current - start) * 1000))
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
