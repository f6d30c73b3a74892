import Foundation
import NoteVault

/// The value of `--destroy` for `new` and `set`: a date or a time from now that is still to
/// come.
///
/// A date that has passed is refused rather than written: the note would be hidden at once and
/// destroyed by the next `enote expire` or the watcher, without the user having said so. To
/// remove a note now there is `enote rm`.
enum DestroyOption {
    /// The instant `text` names.
    /// - Throws: ``UsageError`` for text that is not a date, a local time that does not exist
    ///   or happens twice, and an instant that is not in the future.
    static func parse(_ text: String, clock: VaultClock) throws(UsageError) -> Date {
        let date: Date
        do {
            date = try DateInput.parse(text, clock: clock)
        } catch {
            throw UsageError("--destroy: \(error.message)")
        }
        guard DestroyDateRule.problem(date, clock: clock) == nil else {
            throw UsageError(
                """
                --destroy \(text) is in the past (\(NoteDate.stamp(date, in: clock.timeZone))): the note would be hidden at once \
                and destroyed by the next expire. Give a time still to come (30m, 3d, 2026-12-01 18:00), or remove the note \
                now with `enote rm NOTE`
                """)
        }
        return date
    }
}
