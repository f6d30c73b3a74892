import Foundation
import Synchronization

/// Threads of the server's own for the work that blocks: SQLite, reading and writing notes,
/// waiting for the watcher to catch up. Swift's tasks run on a few cooperative threads (as many
/// as the machine has cores), which must never wait: a request that blocked one would hold up
/// every other request, the stylesheet and the live feed included. A route hands its work to
/// ``run(_:)`` and awaits the answer without holding a thread.
///
/// Jobs run in the order they came, as many at once as the pool has threads; the rest wait in
/// the queue, which costs no thread.
package final class BlockingPool: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let waiting = DispatchSemaphore(value: 0)

    /// Starts `threads` threads named `name 1`, `name 2`, …, which live as long as the process.
    package init(threads: Int, name: String) {
        for number in 1...max(1, threads) {
            let thread = Thread { [self] in work() }
            thread.name = "\(name) \(number)"
            thread.start()
        }
    }

    /// The pool the web server uses: twice as many threads as cores, at least four, so that a
    /// few requests waiting for a busy index leave room for the others.
    package static func forServer() -> BlockingPool {
        BlockingPool(threads: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount), name: "enote-web work")
    }

    /// Runs `body` on one of the pool's threads; returns its result. The processor time it
    /// used is charged to the request's ``ServerTiming/Account``.
    package func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        let account = ServerTiming.Account.current
        return await withCheckedContinuation { continuation in
            jobs.withLock {
                $0.append {
                    let start = ServerTiming.threadCPUMilliseconds()
                    // The request's account stays current in the job (a query's time: ``ServerTiming/Account/addQueryTime(_:)``).
                    let result = ServerTiming.Account.$current.withValue(account) { body() }
                    account?.charge(ServerTiming.threadCPUMilliseconds() - start)
                    continuation.resume(returning: result)
                }
            }
            waiting.signal()
        }
    }

    /// A thread's life: take the next job, run it, again.
    private func work() {
        while true {
            waiting.wait()
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            job()
        }
    }
}
