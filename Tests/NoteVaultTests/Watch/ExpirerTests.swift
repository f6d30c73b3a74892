import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY rows 10 and 25–28: what a pass of ``Expirer`` destroys, what it keeps and says
/// why, and when it refuses altogether. The sandbox's clock stands at 2026-11-18T20:53:20Z (UTC).
@Suite("Expirer")
struct ExpirerTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Writes a note with these front matter lines (`destroy: …`).
    func note(_ name: String, _ lines: [String]) throws {
        try sandbox.write(name, VaultSandbox.noteText(title: name, body: "Text of \(name)\n", extra: lines))
    }

    /// The vault's index, synchronised, and an expirer over it (optionally through another file
    /// system seam).
    func expirer(fileSystem: (any FileSystem)? = nil) throws -> Expirer {
        let index = try NoteIndex.open(try sandbox.vault())
        try index.synchronize()
        let vault = try fileSystem.map { try sandbox.vault(fileSystem: $0) } ?? index.vault
        return Expirer(vault: vault, index: index)
    }

    @Test(
        "a past destroy date in each format moves the note to the trash and out of the index",
        arguments: [
            "2026-11-18",  // a date alone: 00:00 local time on that day
            "2026-11-18 20:53",
            "2026-11-18T20:53:20",  // exactly now
            "2026-11-18T20:53:20Z",
            "2026-11-18T22:53:20+02:00",
            "2026-11-18T22:53:20+0200",
            "2025-01-15",
        ])
    func pastDateExpires(date: String) throws {
        try note("due.md", ["destroy: \(date)"])
        try note("work/keep.md", [])
        let original = try #require(sandbox.bytes("due.md"))
        let expirer = try expirer()

        let report = try expirer.run()

        #expect(report.expired.map(\.path) == [NotePath(trusted: "due.md")])
        #expect(report.expired.first?.trashedAs == "due.md")
        #expect(report.skipped.isEmpty && report.refusal == nil)
        #expect(!sandbox.exists("due.md"))
        #expect(sandbox.bytes(".trash/due.md") == original, "moved, byte for byte")
        #expect(try !expirer.index.contains(NotePath(trusted: "due.md")))
        #expect(sandbox.exists("work/keep.md"))
    }

    @Test(
        "a destroy date still ahead keeps the note and is the next destroy date",
        arguments: [
            ("2026-11-18T20:53:21Z", 1_795_035_201.0),
            ("2026-11-19", 1_795_046_400.0),
            ("2099-12-31 18:00", 4_102_423_200.0),
        ])
    func futureDateKept(date: String, instant: Double) throws {
        try note("later.md", ["destroy: \(date)"])
        let report = try expirer().run()
        #expect(report.expired.isEmpty && report.skipped.isEmpty)
        #expect(report.nextDestroy == Date(timeIntervalSince1970: instant))
        #expect(sandbox.exists("later.md"))
    }

    /// Row 25 (the Hugo #5340 failure mode) and row 23: an unusable destroy key never destroys,
    /// and every pass says which note it keeps and why.
    @Test(
        "an invalid, empty, list or duplicated destroy date keeps the note and is reported",
        arguments: [
            (["destroy: 2024-13-45"], "not a valid date"),
            (["destroy: 01/06/2024"], "not a valid date"),
            (["destroy: tomorrow"], "not a valid date"),
            (["destroy:"], "not a valid date"),
            (["destroy: \"\""], "not a valid date"),
            (["destroy: [2024-01-01, 2024-02-01]"], "not a valid date"),
            (["destroy: 2020-01-01", "destroy: 2020-01-02"], "set twice"),
            (["destroy: 2020-01-01", "expires: 2020-02-01"], "set twice"),
        ])
    func unusableDateKeptAndReported(lines: [String], reason: String) throws {
        try note("bad.md", lines)
        try note("due.md", ["destroy: 2020-01-01"])
        let original = sandbox.bytes("bad.md")
        let expirer = try expirer()

        for dryRun in [true, false] {
            let report = try expirer.run(dryRun: dryRun)
            #expect(report.expired.map(\.path) == [NotePath(trusted: "due.md")], "dry run: \(dryRun)")
            let skipped = try #require(report.skipped.first { $0.path == NotePath(trusted: "bad.md") }, "\(report.skipped)")
            #expect(skipped.reason.english.contains(reason), "\(skipped.reason)")
        }
        #expect(sandbox.bytes("bad.md") == original)
        #expect(!sandbox.exists(".trash/bad.md"))
        #expect(try expirer.index.contains(NotePath(trusted: "bad.md")))
    }

    @Test(
        "a due note open in another editor is kept and reported",
        arguments: [
            ("vim", ".due.md.swp"), ("vim", ".due.md.swo"), ("Emacs (pid 4242)", ".#due.md"),
        ])
    func openInAnEditor(editor: String, lockName: String) throws {
        try note("due.md", ["destroy: 2020-01-01"])
        if lockName.hasPrefix(".#") {
            try sandbox.symlink("user@host.4242:1700000000", at: lockName)
        } else {
            try sandbox.write(lockName, "b0VIM 9.0")
        }
        let expirer = try expirer()

        let report = try expirer.run()
        #expect(report.expired.isEmpty)
        #expect(report.skipped == [ExpiryReport.Skipped(path: NotePath(trusted: "due.md"), reason: "it is open in \(editor)")])
        #expect(sandbox.exists("due.md") && !sandbox.exists(".trash"))

        // Closed: the next pass destroys it.
        try FileManager.default.removeItem(atPath: sandbox.path(lockName))
        #expect(try expirer.run().expired.map(\.path) == [NotePath(trusted: "due.md")])
        #expect(sandbox.exists(".trash/due.md"))
    }

    /// Row 28: the note is read again when the pass decides, and once more just before it is
    /// moved; an edit in between keeps it.
    @Test("a note changed between the decision and the move is kept")
    func changedSinceTheDecision() throws {
        try note("due.md", ["destroy: 2020-01-01"])
        // How many opens the decision takes (a dry run decides and stops there).
        let counting = FaultyFileSystem()
        #expect(try expirer(fileSystem: counting).run(dryRun: true).expired.count == 1)
        let decisionOpens = counting.count(.open)
        try #require(decisionOpens > 0)

        // The next open after the decision is the re-read before the move: edit the note first.
        let faulty = FaultyFileSystem()
        let path = sandbox.path("due.md")
        faulty.before(.open, nth: decisionOpens + 1) {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.seekToEndOfFile()
            handle?.write(Data("An edit at the last moment\n".utf8))
            try? handle?.close()
        }
        let report = try expirer(fileSystem: faulty).run()

        #expect(report.expired.isEmpty)
        #expect(report.skipped.map(\.path) == [NotePath(trusted: "due.md")])
        #expect(sandbox.text("due.md")?.hasSuffix("An edit at the last moment\n") == true)
        #expect(!sandbox.exists(".trash/due.md"))
    }

    @Test("a dry run lists what is due and moves nothing")
    func dryRun() throws {
        try note("a.md", ["destroy: 2020-01-01"])
        try note("b/c.md", ["destroy: 2026-11-18 12:00"])
        try note("later.md", ["destroy: 2027-01-01"])
        let expirer = try expirer()

        let report = try expirer.run(dryRun: true)
        #expect(Set(report.expired.map(\.path.description)) == ["a.md", "b/c.md"])
        #expect(report.expired.allSatisfy { $0.trashedAs == nil })
        #expect(sandbox.exists("a.md") && sandbox.exists("b/c.md") && !sandbox.exists(".trash"))
        #expect(try expirer.index.contains(NotePath(trusted: "a.md")))
    }

    /// Row 27: a pass that would destroy more than `expiry_cap` notes, or more than half of more
    /// than ten, is refused as a whole unless forced.
    @Test(
        "the cap refuses a large pass with a clear message, unless forced",
        arguments: [
            (due: 5, kept: 15, cap: 3, refused: true),
            (due: 3, kept: 17, cap: 3, refused: false),
            (due: 11, kept: 4, cap: 50, refused: true),
            (due: 10, kept: 2, cap: 50, refused: false),
            (due: 11, kept: 19, cap: 50, refused: false),
            (due: 51, kept: 60, cap: 50, refused: true),
        ])
    func cap(due: Int, kept: Int, cap: Int, refused: Bool) throws {
        try sandbox.write(".enote/config", "expiry_cap = \(cap)\n")
        for number in 0..<due { try note("due-\(number).md", ["destroy: 2020-01-01"]) }
        for number in 0..<kept { try note("kept-\(number).md", []) }
        let expirer = try expirer()

        let report = try expirer.run()

        if refused {
            let message = try #require(report.refusal)
            #expect(message.english.contains("\(due) of \(due + kept) notes are past their destroy date at once (the cap is \(cap) per pass)"), "\(message)")
            #expect(message.remedy == .expireBeyondCap, "the message says how to go on, in the front end's words")
            #expect(report.expired.isEmpty)
            #expect(sandbox.names().filter { $0.hasPrefix("due-") }.count == due, "nothing destroyed")
            #expect(!sandbox.exists(".trash"))

            let forced = try expirer.run(force: true)
            #expect(forced.refusal == nil)
            #expect(forced.expired.count == due)
        } else {
            #expect(report.refusal == nil)
            #expect(report.expired.count == due)
        }
        #expect(sandbox.names().filter { $0.hasPrefix("due-") }.isEmpty)
        #expect(sandbox.names(in: ".trash").filter { $0.hasPrefix("due-") }.count == due)
        #expect(sandbox.names().filter { $0.hasPrefix("kept-") }.count == kept)
    }
}
