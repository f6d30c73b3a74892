import Foundation

/// Where "now" comes from. The vault never reads the system clock directly, so tests can pin
/// time and the expiry code can be exercised at any date.
public struct VaultClock: Sendable {
    private let read: @Sendable () -> Date

    /// The current time zone used for dates written without an offset.
    public let timeZone: TimeZone

    /// Creates a clock from a function that returns the current time.
    public init(timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date) {
        self.read = now
        self.timeZone = timeZone
    }

    /// The real clock in the process's time zone.
    public static var system: VaultClock { VaultClock { Date() } }

    /// A clock stopped at `date`, for tests.
    public static func fixed(_ date: Date, timeZone: TimeZone = .current) -> VaultClock {
        VaultClock(timeZone: timeZone) { date }
    }

    /// The current time.
    public func now() -> Date { read() }
}
