import Foundation
import Testing

/// `enote today`: the daily note of a day, made from the vault's settings and opened as `enote
/// edit` opens a note (RELIABILITY row 113). Days are computed from the day the test runs (TZ is
/// UTC).
@Suite("enote today")
struct TodayCommandTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault(sample: false)
    }

    @Test("--print makes the note and prints its path; -1, +1 and a day name other days", arguments: [
        ([String](), 0), (["-1"], -1), (["+1"], 1), (["yesterday"], -1), (["tomorrow"], 1), (["+30"], 30),
    ])
    func printsPath(_ day: [String], _ offset: Int) throws {
        let result = try vault.run(["today", "--print"] + day)
        let path = "journal/\(TaskCommandTests.day(offset)).md"
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == path + "\n")
        #expect(try vault.text(path).contains("title: \"\(TaskCommandTests.day(offset))\""))
        // Twice: the same note, not a second one.
        #expect(try vault.run(["today", "--print"] + day).stdout == path + "\n")
    }

    @Test("a day written out, before or after the options")
    func date() throws {
        #expect(try vault.run("today", "2026-12-01", "--print").stdout == "journal/2026-12-01.md\n")
        #expect(try vault.run("today", "--print", "2026-12-02").stdout == "journal/2026-12-02.md\n")
    }

    @Test("opens in $EDITOR as enote edit does: the text typed is saved")
    func edit() throws {
        let editor = try vault.script("editor.sh", "printf -- '- [ ] water the plants\\n' >> \"$1\"")
        let result = try vault.run(["today"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        let path = "journal/\(TaskCommandTests.day(0)).md"
        #expect(result.stderr.contains("Saved \(path)"), "\(result)")
        #expect(try vault.text(path).hasSuffix("- [ ] water the plants\n"))
        let tasks = try vault.run("tasks", "--in", "journal")
        #expect(tasks.stdout.contains("water the plants"), "\(tasks)")
    }

    @Test("settings from .enote/config: folder, format, template in the user's language, open tasks carried over")
    func settings() throws {
        try vault.write(".enote/config", "daily_folder = days\ndaily_format = %Y/%m-%d\ndaily_template = day\ndaily_carry = open-tasks\n")
        try vault.write(".enote/templates/day.md", "# {{date_long}}\n\n{{weekday}}\n")
        let yesterday = TaskCommandTests.day(-1).split(separator: "-")
        try vault.write("days/\(yesterday[0])/\(yesterday[1])-\(yesterday[2]).md", "- [ ] carried over\n- [x] left behind\n")
        let result = try vault.run(["today", "--print", "--lang", "ru"], environment: ["LANG": "ru_RU.UTF-8"])
        let parts = TaskCommandTests.day(0).split(separator: "-")
        #expect(result.stdout == "days/\(parts[0])/\(parts[1])-\(parts[2]).md\n", "\(result)")
        #expect(result.stderr.contains("скопированы"), "\(result)")
        let text = try vault.text("days/\(parts[0])/\(parts[1])-\(parts[2]).md")
        #expect(text.contains("- [ ] carried over\n"))
        #expect(!text.contains("left behind"))
        #expect(text.range(of: "[а-я]+, \\d+ [а-я]+ \\d{4}", options: .regularExpression) != nil, "the date in Russian: \(text)")
    }

    @Test("a day that is not one, or two of them: status 2, nothing made", arguments: [["soon"], ["-1", "+1"], ["2026-02-30"]])
    func usage(_ day: [String]) throws {
        let result = try vault.run(["today", "--print"] + day)
        #expect(result.status == 2, "\(result)")
        #expect(!vault.exists("journal"))
    }
}
