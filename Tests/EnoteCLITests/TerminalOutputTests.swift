import EnoteTestSupport
import Foundation
import Testing

/// Colour, width and escape codes as a user's terminal sees them: true colour with a
/// 256-colour fallback on a terminal, nothing with `NO_COLOR`, `TERM=dumb` or a pipe, and a
/// table that fits `COLUMNS` with East Asian wide characters counted as two columns.
@Suite struct TerminalOutputTests {
    /// The environment of a terminal session, without the tests' `NO_COLOR`.
    static func terminal(_ vault: TemporaryVault, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = vault.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm-256color"
        return environment.merging(extra) { $1 }
    }

    @Test func trueColorSwatchesWhenTheTerminalSaysSo() throws {
        let vault = try TemporaryVault()
        let result = try PseudoTerminal.run(["list", "--no-pager"], in: vault.root, environment: Self.terminal(vault, ["COLORTERM": "truecolor"]))
        #expect(result.status == 0, "\(result)")
        let grocery = try #require(result.output.split(separator: "\n").first { $0.contains("Grocery list") })
        #expect(grocery.contains("\u{1B}[38;2;"), "\(grocery.debugDescription)")
        #expect(result.output.contains("\u{1B}[1m"), "titles are bold")
    }

    @Test func paletteOf256ColoursOtherwise() throws {
        let vault = try TemporaryVault()
        let result = try PseudoTerminal.run(["list", "--no-pager"], in: vault.root, environment: Self.terminal(vault))
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("\u{1B}[38;5;"), "\(result.output.debugDescription)")
        #expect(!result.output.contains("\u{1B}[38;2;"))
    }

    @Test(
        "no escape codes with NO_COLOR or TERM=dumb, even on a terminal",
        arguments: [
            ["NO_COLOR": "1"], ["NO_COLOR": "1", "COLORTERM": "truecolor"], ["TERM": "dumb"],
        ])
    func noColor(extra: [String: String]) throws {
        let vault = try TemporaryVault()
        for command in [["list", "--no-pager"], ["search", "garden", "--no-pager"], ["show", "grocery", "--no-pager"]] {
            let result = try PseudoTerminal.run(command, in: vault.root, environment: Self.terminal(vault, extra))
            #expect(result.status == 0, "\(result)")
            #expect(!result.output.isEmpty)
            #expect(!result.output.contains("\u{1B}"), "\(command): \(result.output.debugDescription)")
        }
    }

    /// A note can carry terminal sequences: OSC 52 (writes the clipboard), OSC 8 (a hidden
    /// link), a window title. On a terminal every output shows them escaped, `show --html`
    /// included; on a pipe `--html` keeps the bytes as they are.
    @Test(arguments: [["show", "hostile", "--html"], ["show", "hostile", "--raw"], ["show", "hostile", "--no-pager"], ["export", "hostile", "--no-pager"]])
    func terminalSequencesFromANoteAreEscaped(command: [String]) throws {
        let vault = try TemporaryVault()
        let clipboard = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
        let link = "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\"
        try vault.write("hostile.md", "---\ntitle: Hostile\n---\nPaste this: \(clipboard) and \(link) and \u{9B}31m\n")
        let result = try PseudoTerminal.run(command, in: vault.root, environment: Self.terminal(vault))
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("Paste this"), "\(result)")
        #expect(!result.output.contains("\u{1B}]"), "\(command): \(result.output.debugDescription)")
        #expect(!result.output.contains("\u{07}") && !result.output.contains("\u{9B}"), "\(command): \(result.output.debugDescription)")
        #expect(result.output.contains("\\e]52;c;"), "shown escaped: \(result.output.debugDescription)")
        if command.contains("--html") {
            let piped = try vault.run(command)
            #expect(piped.status == 0, "\(piped)")
            #expect(piped.stdout.contains(clipboard), "a pipe gets the bytes: \(piped.stdout.debugDescription)")
        }
    }

    /// Error messages on a terminal are escaped at the same door: the argument parser's
    /// "Unexpected argument" repeats what was typed, sequences included.
    @Test(arguments: [["\u{1B}]0;pwned\u{07}"], ["list", "--color", "\u{1B}]52;c;eA==\u{07}"], ["show", "\u{1B}]8;;x\u{1B}\\"]])
    func terminalSequencesInErrorsAreEscaped(command: [String]) throws {
        let vault = try TemporaryVault()
        let result = try PseudoTerminal.run(command, in: vault.root, environment: Self.terminal(vault), showingErrors: true)
        #expect(result.status != 0, "\(result)")
        #expect(result.output.contains("\\e]"), "shown escaped: \(result.output.debugDescription)")
        #expect(!result.output.contains("\u{1B}]") && !result.output.contains("\u{07}"), "\(command): \(result.output.debugDescription)")
    }

    @Test("no escape codes on a pipe, even without NO_COLOR")
    func pipe() throws {
        let vault = try TemporaryVault()
        var environment = vault.environment
        environment["NO_COLOR"] = nil
        environment["COLORTERM"] = "truecolor"
        for command in [["list"], ["search", "garden"], ["show", "grocery"], ["gallery"], ["doctor"]] {
            let result = try EnoteProcess.run(command, in: vault.root, environment: environment)
            #expect(!result.stdoutBytes.isEmpty, "\(command)")
            #expect(!containsEscape(result.stdoutBytes), "\(command): \(result.stdout.debugDescription)")
        }
    }

    /// Columns a string takes on a terminal, counted independently of enote: CJK ideographs,
    /// kana and full-width forms are two columns, everything in these tests' text else is one.
    static func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                total + 2
            default:
                total + 1
            }
        }
    }

    @Test("Japanese titles fit the terminal, wide characters count as two columns", arguments: [40, 57, 80])
    func japaneseWidth(width: Int) throws {
        let vault = try TemporaryVault(sample: false)
        let notes = [
            ("東京の美味しいラーメン屋さんの一覧表", "醤油、味噌、塩、豚骨。行ってみたい店を順番に並べておく。週末に一軒ずつ回る予定。"),
            ("会議メモ", "来週の予定を確認すること。"),
            ("Shopping", "Milk, eggs and 抹茶のお菓子 for the weekend trip to 京都."),
        ]
        for (title, body) in notes {
            #expect(try vault.run(["new", title, body]).status == 0)
        }
        let result = try PseudoTerminal.run(
            ["list", "--no-pager"], in: vault.root,
            environment: Self.terminal(vault, ["NO_COLOR": "1", "COLUMNS": "\(width)", "LANG": "ja_JP.UTF-8"]))
        #expect(result.status == 0, "\(result)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3, "\(result.output)")
        for line in lines {
            #expect(Self.columns(line) <= width, "\(Self.columns(line)) columns: \(line)")
        }
        // The long title and description do not fit at these widths: they end in an ellipsis.
        let long = try #require(lines.first { $0.contains("東京") })
        #expect(long.contains("…"), "\(long)")
        // Dates line up in one column: every line is the same width up to its end.
        let ends = Set(lines.map { Self.columns($0) })
        #expect(ends.count == 1, "\(lines)")
    }
}
