import Foundation

/// The one rule for a destroy date someone sets, on the command line (`enote new --destroy`,
/// `enote set --destroy`), in the web's editor or through an agent: it must still be to come.
///
/// A date that has passed would hide the note at once and have it destroyed by the next expiry,
/// without anyone having asked for that; removing a note now is what `rm`, the web's delete and
/// the agent's `delete` are for. A date a note already has is not judged again here (it is the
/// expiry's to act on).
///
/// For example:
///
/// ```swift
/// DestroyDateRule.problem(clock.now().addingTimeInterval(-60), clock: clock)  // "… has passed …"
/// DestroyDateRule.problem(clock.now().addingTimeInterval(86_400), clock: clock)  // nil
/// ```
package enum DestroyDateRule {
    /// Why `date` may not be set as a destroy date (it is now or has passed), or `nil`.
    package static func problem(_ date: Date, clock: VaultClock) -> LocalizedMessage? {
        guard date <= clock.now() else { return nil }
        return "the destroy date \(NoteDate.stamp(date, in: clock.timeZone)) has passed: the note would be destroyed at once"
    }
}
