import Synchronization

/// How many secrets and passwords the server checks: a few at once, then about one a second
/// from each client and a few a second from everyone together; beyond that a guess is not
/// checked at all and the answer says how long to wait (429 with `Retry-After`).
///
/// Each budget is a token bucket: `burst` guesses at once, refilled at `perSecond`. A guess
/// takes a token from its client's bucket and from the overall one, before it is checked (so
/// that guesses sent together cannot all slip through); a right guess gives its tokens back.
/// Clients whose bucket is full again are forgotten, so a flood of addresses cannot fill memory.
package final class SignInThrottle: Sendable {
    /// One budget.
    package struct Rate: Sendable {
        /// Guesses allowed at once.
        package var burst: Double
        /// Guesses regained each second.
        package var perSecond: Double

        package init(burst: Double, perSecond: Double) {
            self.burst = burst
            self.perSecond = perSecond
        }
    }

    private struct Bucket {
        var tokens: Double
        var time: Double

        /// The bucket at `now`, refilled at `rate` up to its burst.
        func refilled(at now: Double, _ rate: Rate) -> Bucket {
            Bucket(tokens: min(rate.burst, tokens + max(0, now - time) * rate.perSecond), time: max(time, now))
        }
    }

    private struct State {
        var clients: [String: Bucket] = [:]
        var overall: Bucket
        /// The number of clients at which the full buckets are dropped next, and when they last were.
        var pruneAt = 1_024
        var prunedAt: Double = 0
    }

    private let perClient: Rate
    private let overall: Rate
    private let state: Mutex<State>

    /// The server's budgets: 5 at once and one a second per client; 20 at once and 4 a second
    /// in all.
    package init(perClient: Rate = Rate(burst: 5, perSecond: 1), overall: Rate = Rate(burst: 20, perSecond: 4)) {
        self.perClient = perClient
        self.overall = overall
        self.state = Mutex(State(overall: Bucket(tokens: overall.burst, time: 0)))
    }

    /// Takes a guess from `client`'s budget and the overall one at `now` (seconds on a clock
    /// that only goes forward).
    /// - Returns: `nil` when the guess may be checked; otherwise the seconds until it may.
    package func admit(_ client: String, at now: Double) -> Double? {
        state.withLock { state in
            let mine = (state.clients[client] ?? Bucket(tokens: perClient.burst, time: now)).refilled(at: now, perClient)
            let all = state.overall.refilled(at: now, overall)
            guard mine.tokens >= 1, all.tokens >= 1 else {
                // A client met for the first time and refused for everyone's sake is not kept.
                if state.clients[client] != nil { state.clients[client] = mine }
                state.overall = all
                let waitMine = mine.tokens >= 1 ? 0 : (1 - mine.tokens) / perClient.perSecond
                let waitAll = all.tokens >= 1 ? 0 : (1 - all.tokens) / overall.perSecond
                return max(waitMine, waitAll)
            }
            state.clients[client] = Bucket(tokens: mine.tokens - 1, time: mine.time)
            state.overall = Bucket(tokens: all.tokens - 1, time: all.time)
            if state.clients.count >= state.pruneAt || now >= state.prunedAt + 10 {
                Self.forgetFull(&state, at: now, perClient)
                state.pruneAt = max(1_024, 2 * state.clients.count)
                state.prunedAt = now
            }
            return nil
        }
    }

    /// Gives back the tokens of a guess that was right.
    package func refund(_ client: String) {
        state.withLock { state in
            if var bucket = state.clients[client] {
                bucket.tokens = min(perClient.burst, bucket.tokens + 1)
                state.clients[client] = bucket
            }
            state.overall.tokens = min(overall.burst, state.overall.tokens + 1)
        }
    }

    /// ``admit(_:at:)`` on the process's monotonic clock.
    package func admit(_ client: String) -> Double? {
        admit(client, at: Self.now())
    }

    /// How many clients the throttle remembers (for tests).
    package var trackedClients: Int { state.withLock { $0.clients.count } }

    /// Drops the clients whose budget has filled up again: they are as good as new.
    private static func forgetFull(_ state: inout State, at now: Double, _ rate: Rate) {
        state.clients = state.clients.filter { $0.value.refilled(at: now, rate).tokens < rate.burst }
    }

    /// Seconds on a clock that does not jump with the wall clock.
    static func now() -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static let start = ContinuousClock.now
}
