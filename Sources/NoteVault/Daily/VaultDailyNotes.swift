import Foundation

/// The vault's daily notes (`enote today`, the web's Today, the agent's `daily_note`): where the
/// note of a day is, by the vault's `daily_folder` and `daily_format`, and the note itself, made
/// when it is missing. A small value the vault hands out (``Vault/dailyNotes``); the work is in
/// `Vault+DailyNote.swift`.
public struct VaultDailyNotes: Sendable {
    /// The vault whose daily notes they are.
    public let vault: Vault

    /// The path of the daily note of `day`.
    public func path(for day: CalendarDay) throws(VaultError) -> NotePath {
        try vault.dailyNotePath(for: day)
    }

    /// The daily note of `day`, created when it does not exist yet: from the `daily_template`
    /// (`{{date}}`, `{{date_long}}` and `{{weekday}}` written for `locale`), else from a heading
    /// with the day in full; with `daily_carry = open-tasks`, the open tasks of the last daily
    /// note before `day` copied to its end.
    /// - Throws: ``VaultError``: a path the settings cannot make, a missing template, the note
    ///   limit, or a failed write (nothing is left behind).
    public func note(for day: CalendarDay, locale: Locale) throws(VaultError) -> DailyNote {
        try vault.dailyNote(for: day, locale: locale)
    }
}

extension Vault {
    /// The vault's daily notes.
    public var dailyNotes: VaultDailyNotes { VaultDailyNotes(vault: self) }
}
