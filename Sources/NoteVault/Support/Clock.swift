import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where "now" comes from. The vault never reads the system clock directly, so tests can pin
/// time and the expiry code can be exercised at any date.
public struct VaultClock: Sendable {
    private let read: @Sendable () -> Date
    private let readElapsed: @Sendable () -> Double
    private let zone: @Sendable () -> TimeZone

    /// The time zone used for dates written without an offset.
    public var timeZone: TimeZone { zone() }

    /// Creates a clock from a function that returns the current time.
    /// - Parameters:
    ///   - timeZone: The time zone for dates written without an offset.
    ///   - now: The wall-clock time (which the system or the user may set).
    ///   - elapsed: Seconds on a clock that is never set, to tell how much time really passed
    ///     between two readings of `now`; by default ``secondsSinceBoot()``.
    public init(
        timeZone: TimeZone, now: @escaping @Sendable () -> Date,
        elapsed: @escaping @Sendable () -> Double = { VaultClock.secondsSinceBoot() }
    ) {
        self.init(zone: { timeZone }, now: now, elapsed: elapsed)
    }

    /// Creates a clock in the process's time zone, looked up only when a date needs it: finding
    /// the current zone loads ICU's time zone data, which most searches never use.
    public init(now: @escaping @Sendable () -> Date, elapsed: @escaping @Sendable () -> Double = { VaultClock.secondsSinceBoot() }) {
        self.init(zone: { TimeZone.current }, now: now, elapsed: elapsed)
    }

    private init(zone: @escaping @Sendable () -> TimeZone, now: @escaping @Sendable () -> Date, elapsed: @escaping @Sendable () -> Double) {
        self.read = now
        self.readElapsed = elapsed
        self.zone = zone
    }

    /// The real clock in the process's time zone.
    public static var system: VaultClock { VaultClock { Date() } }

    /// A clock stopped at `date`, for tests.
    public static func fixed(_ date: Date, timeZone: TimeZone = .current) -> VaultClock {
        VaultClock(timeZone: timeZone) { date }
    }

    /// The current time.
    public func now() -> Date { read() }

    /// Seconds on a clock that only moves forward and is never set; only differences between
    /// two readings mean anything.
    public func elapsed() -> Double { readElapsed() }

    /// Seconds since the machine booted, time asleep included (`CLOCK_BOOTTIME` on Linux), so
    /// waking a laptop after a night is not mistaken for the clock being set forward.
    public static func secondsSinceBoot() -> Double {
        var time = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_BOOTTIME, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC, &time)
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
