import EnoteTestSupport
import Foundation
import Testing

/// Usage errors exit 2 everywhere, whichever command and whichever way the value is wrong, and
/// each message says what is wrong and what to write instead.
@Suite struct UsageErrorTests {
    @Test(arguments: [
        (["list", "--color", "nocolor"], "--color"),
        (["list", "--since", "bogus"], "--since"),
        (["list", "--until", "bogus"], "--until"),
        (["search", "garden", "--since", "bogus"], "--since"),
        (["search", "garden", "--color", "nocolor"], "--color"),
        (["new", "X", "y", "--color", "nocolor"], "--color"),
        (["new", "X", "y", "--destroy", "bogus"], "--destroy"),
        (["set", "garden", "--color", "nocolor"], "--color"),
        (["set", "garden", "--destroy", "bogus"], "--destroy"),
        (["list", "--limit", "0"], "--limit"),
    ])
    func aBadOptionValueIsAUsageError(arguments: [String], option: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()

        let result = try vault.run(arguments)

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(option), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test(arguments: [["list", "--expiring", "5x"], ["search", "garden", "--expiring", "5x"], ["list", "--expiring=5x"]])
    func aBadDurationSaysSo(arguments: [String]) throws {
        let vault = try TemporaryVault()

        let result = try vault.run(arguments)

        #expect(result.status == 2, "\(result)")
        #expect(!result.stderr.contains("Unexpected argument"), "\(result)")
        #expect(result.stderr.contains("\"5x\" is not a duration"), "\(result)")
        #expect(result.stderr.contains("3d"), "gives examples: \(result)")
    }

    @Test(arguments: [["list", "--lang", "xx"], ["--lang", "xx", "list"], ["search", "garden", "--lang", "xx"], ["list", "--lang=fr"]])
    func anUnknownLanguageIsRefused(arguments: [String]) throws {
        let vault = try TemporaryVault()

        let result = try vault.run(arguments)

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("en, ru"), "lists the languages: \(result)")
        #expect(result.stderr.contains("ja"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test(arguments: [["trash", "empty"], ["trash", "empty", "--yes"]])
    func emptyingAnEmptyTrashSucceeds(arguments: [String]) throws {
        let vault = try TemporaryVault(sample: false)

        let result = try vault.run(arguments)

        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("The trash is empty"), "\(result)")
    }

    @Test(arguments: [["new", "Old", "text", "--destroy", "2020-01-01"], ["new", "Old", "text", "--destroy", "today"]])
    func aNewNoteIsNeverBornExpired(arguments: [String]) throws {
        let vault = try TemporaryVault(sample: false)

        let result = try vault.run(arguments)

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("in the past"), "\(result)")
        #expect(!vault.exists("old.md"))
    }

    @Test func setRefusesADestroyDateInThePast() throws {
        let vault = try TemporaryVault()
        let before = try vault.bytes("garden.md")

        let result = try vault.run("set", "garden", "--destroy", "2020-01-01")

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("in the past"), "\(result)")
        #expect(result.stderr.contains("enote rm"), "says how to remove it now: \(result)")
        #expect(try vault.bytes("garden.md") == before)
    }

    @Test func aNoteTooLargeIsDescribedInGoodGrammar() throws {
        let vault = try TemporaryVault(sample: false)
        try Data(repeating: UInt8(ascii: "a"), count: 10 * 1_048_576 + 1).write(to: vault.url("big.md"))
        for language in ["en", "ru", "ja"] {
            let result = try vault.run("set", "big.md", "--color", "red", "--lang", language)
            #expect(result.status == 1, "\(result)")
            #expect(!result.stderr.contains("exceeds"), "\(result)")
            #expect(result.stderr.contains("10"), "\(result)")
        }
        let english = try vault.run("set", "big.md", "--color", "red")
        #expect(english.stderr.contains("big.md is larger than 10 MiB"), "\(english)")
    }

    /// Runs enote with raw byte arguments (not valid UTF-8) through /bin/sh.
    private func runRaw(_ vault: TemporaryVault, _ script: String) throws -> EnoteProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, EnoteProcess.executable.path]
        process.currentDirectoryURL = vault.base
        process.environment = vault.environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        return EnoteProcess.Result(
            status: exitStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: Data())
    }

    @Test(arguments: [#""$0" init "$(printf 'caf\351')""#, #""$0" new "$(printf 'T\377')" text --vault vault"#])
    func anArgumentThatIsNotUTF8IsRefused(script: String) throws {
        let vault = try TemporaryVault(sample: false)
        let before = try FileManager.default.contentsOfDirectory(atPath: vault.base.path).sorted()

        let result = try runRaw(vault, script)

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("not valid UTF-8"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.base.path).sorted() == before, "nothing was created")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted() == [".enote"])
    }
}
