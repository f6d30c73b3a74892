import Foundation
import Testing

@testable import NoteVault

/// `Vault.dailyNotes.note(for:locale:)`, behind `enote today`: the note of a day, made once, from the
/// vault's settings, its template filled in the user's language, the open tasks of the last one
/// carried over (RELIABILITY row 113).
@Suite("Daily notes")
struct DailyNoteTests {
    let sandbox: VaultSandbox
    let day = CalendarDay("2026-11-18")!
    let english = Locale(identifier: "en_US")

    init() throws {
        sandbox = try VaultSandbox()
    }

    @Test("made once in journal/, titled by its name, with the day written in full")
    func defaults() throws {
        let vault = try sandbox.vault()
        let made = try vault.dailyNotes.note(for: day, locale: english)
        #expect(made.path.description == "journal/2026-11-18.md")
        #expect(made.created)
        #expect(
            sandbox.text("journal/2026-11-18.md")
                == "---\ntitle: \"2026-11-18\"\ncreated: \(VaultSandbox.stamp)\nupdated: \(VaultSandbox.stamp)\n---\n# Wednesday, November 18, 2026\n\n")
        try sandbox.write("journal/2026-11-18.md", "mine\n")
        let again = try vault.dailyNotes.note(for: day, locale: english)
        #expect(!again.created)
        #expect(sandbox.text("journal/2026-11-18.md") == "mine\n", "an existing note is never rewritten")
    }

    @Test("the template's placeholders are the note's day, in the user's language", arguments: [
        ("ru_RU", "среда, 18 ноября 2026 г.", "среда"), ("ja_JP", "2026年11月18日 水曜日", "水曜日"), ("en_GB", "Wednesday, 18 November 2026", "Wednesday"),
    ])
    func template(_ locale: String, _ long: String, _ weekday: String) throws {
        try sandbox.write(".enote/config", "daily_template = daily\ndaily_format = %Y/%m/%d\n")
        try sandbox.write(".enote/templates/daily.md", "---\ntags: [journal]\n---\n# {{date_long}}\n\n{{weekday}} {{date}} {{title}}\n")
        let made = try sandbox.vault().dailyNotes.note(for: day.adding(days: 1), locale: Locale(identifier: locale))
        #expect(made.path.description == "journal/2026/11/19.md")
        let text = try #require(sandbox.text("journal/2026/11/19.md"))
        let next = CalendarDay("2026-11-19")!
        #expect(text.contains("# \(next.longText(locale: Locale(identifier: locale)))\n"))
        #expect(text.contains("\(next.weekdayName(locale: Locale(identifier: locale))) 2026-11-19 19\n"))
        #expect(text.hasPrefix("---\ntags: [journal]\ntitle: \"19\"\n") || text.hasPrefix("---\ntags: [journal]\ntitle: 19\n"), "\(text)")
        // The names of the day itself, as CLDR writes them.
        // (CLDR puts no-break spaces in some; compared as spaces.)
        let spaced = day.longText(locale: Locale(identifier: locale)).replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(spaced == long)
        #expect(day.weekdayName(locale: Locale(identifier: locale)) == weekday)
    }

    @Test("daily_carry copies the open tasks of the last daily note, nested as they were; the old note keeps them")
    func carry() throws {
        try sandbox.write(".enote/config", "daily_carry = open-tasks\n")
        let last = "# Sunday\n- [ ] call Ann 📅 2026-11-20\n- [x] done\n  - [ ] orphan of a done task\n- [ ] plan\n  - [ ] sub #work\n  - [x] sub done\n```\n- [ ] code\n```\n"
        try sandbox.write("journal/2026-11-15.md", last)
        try sandbox.write("journal/2026-11-01.md", "- [ ] older\n")
        let made = try sandbox.vault().dailyNotes.note(for: day, locale: english)
        #expect(made.carriedTasks == 4)
        let text = try #require(sandbox.text("journal/2026-11-18.md"))
        #expect(text.hasSuffix("# Wednesday, November 18, 2026\n\n- [ ] call Ann 📅 2026-11-20\n- [ ] orphan of a done task\n- [ ] plan\n  - [ ] sub #work\n"), "\(text)")
        #expect(sandbox.text("journal/2026-11-15.md") == last)
    }

    @Test("without daily_carry nothing is copied; a missing template is an error and nothing is made")
    func noCarryAndMissingTemplate() throws {
        try sandbox.write("journal/2026-11-17.md", "- [ ] yesterday\n")
        #expect(try sandbox.vault().dailyNotes.note(for: day, locale: english).carriedTasks == 0)
        #expect(sandbox.text("journal/2026-11-18.md")?.contains("yesterday") == false)
        try sandbox.write(".enote/config", "daily_template = nope\n")
        #expect(throws: VaultError.self) { try sandbox.vault().dailyNotes.note(for: day.adding(days: 1), locale: english) }
        #expect(!sandbox.exists("journal/2026-11-19.md"))
    }
}
