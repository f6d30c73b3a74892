import EnoteTestSupport
import Foundation
import Testing

/// enote speaks the user's language: messages, plural forms and dates under
/// `LANG=ru_RU.UTF-8` and `LANG=ja_JP.UTF-8`, and `--lang` over the environment.
@Suite struct LanguageTests {
    static let russian = ["LANG": "ru_RU.UTF-8"]
    static let japanese = ["LANG": "ja_JP.UTF-8"]

    @Test func russianMessagesAndPlurals() throws {
        let vault = try TemporaryVault()
        let none = try vault.run(["search", "квазиморда"], environment: Self.russian)
        #expect(none.status == 0, "\(none)")
        #expect(none.stderr.contains("Подходящих заметок нет"), "\(none.stderr)")

        // Three notes of the sample vault hold the word "a".
        let many = try vault.run(["search", "a", "--limit", "1"], environment: Self.russian)
        #expect(many.stderr.contains("Подходят 3 заметки; показано 1"), "\(many.stderr)")

        let missing = try vault.run(["show", "nothing-like-it"], environment: Self.russian)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("нет заметки, подходящей под «nothing-like-it»"), "\(missing.stderr)")

        let color = try vault.run(["set", "garden", "--color", "hsb(400, 1%, 1%)"], environment: Self.russian)
        #expect(color.status == 2)
        #expect(color.stderr.contains("«hsb(400, 1%, 1%)» — не цвет: тон 400 вне диапазона 0–360"), "\(color.stderr)")

        let refused = try vault.run(["set", "broken-front-matter", "--color", "red"], environment: Self.russian)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("front matter не читается, поэтому enote его не изменит"), "\(refused.stderr)")

        let removed = try vault.run(["rm", "garden"], environment: Self.russian)
        #expect(removed.stderr.contains("Перемещено в корзину: garden.md"), "\(removed.stderr)")
        try vault.run("rm", "ideas")
        let empty = try vault.run(["trash", "empty"], environment: Self.russian)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("очистка корзины навсегда удалит 2 заметки"), "\(empty.stderr)")
        let emptied = try vault.run(["trash", "empty", "--yes"], environment: Self.russian)
        #expect(emptied.stderr.contains("Из корзины удалены 2 заметки"), "\(emptied.stderr)")
    }

    @Test func japaneseMessagesAndCounts() throws {
        let vault = try TemporaryVault()
        let none = try vault.run(["search", "квазиморда"], environment: Self.japanese)
        #expect(none.stderr.contains("該当するノートはありません"), "\(none.stderr)")
        let many = try vault.run(["search", "a", "--limit", "1"], environment: Self.japanese)
        #expect(many.stderr.contains("3 件のノートが該当します。1 件を表示しています"), "\(many.stderr)")
        let missing = try vault.run(["show", "nothing-like-it"], environment: Self.japanese)
        #expect(missing.stderr.contains("「nothing-like-it」に該当するノートはありません"), "\(missing.stderr)")
        let doctor = try vault.run(["doctor"], environment: Self.japanese)
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("引用符なしの値には「: 」を含めたり"), "\(doctor.stdout)")
        #expect(doctor.stderr.contains("件の問題が見つかりました"), "\(doctor.stderr)")
    }

    @Test("--lang wins over LANG; an unknown language is English")
    func flagOverridesEnvironment() throws {
        let vault = try TemporaryVault()
        let russian = try vault.run(["search", "квазиморда", "--lang", "ru"], environment: Self.japanese)
        #expect(russian.stderr.contains("Подходящих заметок нет"), "\(russian.stderr)")
        let english = try vault.run(["search", "квазиморда"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(english.stderr.contains("No notes match"), "\(english.stderr)")
        let overridden = try vault.run(["--lang", "ja", "search", "квазиморда"], environment: ["LC_ALL": "ru_RU.UTF-8"])
        #expect(overridden.stderr.contains("該当するノートはありません"), "\(overridden.stderr)")
    }

    @Test(
        "relative destroy dates with plural forms",
        arguments: [
            ("ru_RU.UTF-8", ["через 3 дня", "через 5 дней", "через 21 день"]),
            ("ja_JP.UTF-8", ["3 日後", "5 日後", "21 日後"]),
            ("en_US.UTF-8", ["in 3 days", "in 5 days", "in 21 days"]),
        ])
    func relativeDates(locale: String, expected: [String]) throws {
        let vault = try TemporaryVault(sample: false)
        for (title, days) in [("Soon", 3), ("Later", 5), ("Much later", 21)] {
            let created = try vault.run(["new", title, "text", "--destroy", "\(days)d"])
            #expect(created.status == 0, "\(created)")
        }
        let list = try vault.run(["list", "--expiring"], environment: ["LANG": locale])
        #expect(list.status == 0, "\(list)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(list.stdout)")
        for (line, phrase) in zip(lines, expected) {
            #expect(line.hasSuffix(phrase), "\(line)")
        }
    }

    @Test(
        "dates in the table: a time today, a short date in the locale's own form otherwise",
        arguments: [
            ("ru_RU.UTF-8", "15.11.2026", #"  \d{2}:\d{2}$"#),
            ("ja_JP.UTF-8", "2026/11/15", #"  \d{1,2}:\d{2}$"#),
            ("en_US.UTF-8", "11/15/26", #"  \d{1,2}:\d{2}\s?[AP]M$"#),
        ])
    func tableDates(locale: String, readingList: String, todayPattern: String) throws {
        let vault = try TemporaryVault()
        try vault.run("set", "garden", "--color", "blue")
        let list = try vault.run(["list"], environment: ["LANG": locale])
        let lines = list.stdout.split(separator: "\n").map(String.init)
        let reading = try #require(lines.first { $0.contains("Reading list") }, "\(list.stdout)")
        #expect(reading.hasSuffix(readingList), "\(reading)")
        let garden = try #require(lines.first { $0.contains("Garden") }, "\(list.stdout)")
        #expect(garden.range(of: todayPattern, options: .regularExpression) != nil, "\(garden)")
    }

    @Test func showLabelsAreTranslatedAndAligned() throws {
        let vault = try TemporaryVault()
        let russian = try vault.run(["show", "reading-list"], environment: Self.russian)
        #expect(russian.stdout.contains("путь:     reading-list.md"), "\(russian.stdout)")
        #expect(russian.stdout.contains("теги:     books"), "\(russian.stdout)")
        let japanese = try vault.run(["show", "reading-list"], environment: Self.japanese)
        // 「パス:」 is five columns wide and 「色:」 three: values start in the same column.
        #expect(japanese.stdout.contains("パス: reading-list.md"), "\(japanese.stdout)")
        #expect(japanese.stdout.contains("色:   blue"), "\(japanese.stdout)")
    }

    @Test("a binary copied without its resource bundle speaks English, singular forms included")
    func withoutTheResourceBundle() throws {
        let vault = try TemporaryVault()
        // The binary alone in another folder (a hard link: the same file, no bundle beside it).
        let alone = vault.base.appendingPathComponent("bin/enote")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: EnoteProcess.executable, to: alone)
        let process = Process()
        process.executableURL = alone
        process.arguments = ["doctor"]
        process.currentDirectoryURL = vault.root
        process.environment = vault.environment.merging(Self.russian) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let exitStatus = EnoteProcess.exitStatus(of: process)
        #expect(exitStatus == 1)
        #expect(text.contains("1 problem found"), "\(text)")
    }
}
