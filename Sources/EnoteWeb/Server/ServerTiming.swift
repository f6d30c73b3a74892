import CEnoteSystem
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Says in every response how long the server spent on it: `Server-Timing: app;dur=<ms>`, from
/// the request reaching the router to the answer being ready (for an event stream, until its
/// first bytes can go), and `cpu;dur=<ms>`, the processor time its work used: on the server's
/// own threads (``BlockingPool``, which charges each job to the request's ``Account``), plus the
/// answering task's thread when the request started and ended on the same thread (one that
/// left and came back is charged for what that thread ran meanwhile); and `query;dur=<ms>`, the
/// time a note's query blocks took to run and draw, when it has any. `scripts/bench-web`
/// reads them to tell the server's own time from the client's, and its work from the waiting a
/// loaded machine adds; a browser shows them in its developer tools.
package struct ServerTiming: RouterMiddleware {
    package typealias Context = WebContext

    package static let header = HTTPField.Name("Server-Timing")!

    /// The processor time one request's jobs used on the server's own threads.
    package final class Account: Sendable {
        private let milliseconds = Mutex<Double>(0)
        private let jobs = Mutex(0)

        /// The account of the request the current task answers, if any.
        @TaskLocal package static var current: Account?

        /// Adds one job's processor time.
        package func charge(_ time: Double) {
            milliseconds.withLock { $0 += time }
            jobs.withLock { $0 += 1 }
        }

        /// Adds the time spent running and drawing query blocks (`query;dur=`).
        package func addQueryTime(_ time: Double) {
            queries.withLock { $0 = ($0 ?? 0) + time }
        }
        private let queries = Mutex<Double?>(nil)
        var queryTotal: Double? { queries.withLock { $0 } }

        var total: Double { milliseconds.withLock { $0 } }
        var jobCount: Int { jobs.withLock { $0 } }
    }

    package init() {}

    package func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        // The kernel's thread id, not `pthread_self()`: glibc declares that `const`, and the
        // compiler reused the first call's answer after the `await`, so a request that had moved
        // to another thread was taken for one that had not (and its CPU came out negative).
        let thread = enote_thread_id()
        let cpuStart = Self.threadCPUMilliseconds()
        let account = Account()
        var response = try await Account.$current.withValue(account) { try await next(request, context) }
        let cpuEnd = Self.threadCPUMilliseconds()
        let sameThread = thread == enote_thread_id()
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var value = "app;dur=" + String(format: "%.3f", milliseconds)
        if sameThread || account.jobCount > 0 {
            value += ", cpu;dur=" + String(format: "%.3f", account.total + (sameThread ? cpuEnd - cpuStart : 0))
        }
        if let query = account.queryTotal { value += ", query;dur=" + String(format: "%.3f", query) }
        response.headers[Self.header] = value
        return response
    }

    /// The processor time the calling thread has used, in milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
