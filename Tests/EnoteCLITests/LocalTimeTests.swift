import Foundation
import Testing

/// Destroy dates on the nights the clocks change, end to end: a local time that does not exist
/// or happens twice is refused on the command line and never acted on in a file.
@Suite struct LocalTimeTests {
    private let newYork = ["TZ": "America/New_York"]

    @Test func aSkippedTimeIsRefusedOnTheCommandLine() throws {
        let vault = try TemporaryVault(sample: false)
        let result = try vault.run("new", "Gap", "Text", "--destroy", "2027-03-14 02:30", environment: newYork)

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("does not exist in America/New_York"), "\(result)")
        #expect(result.stderr.contains("02:00") && result.stderr.contains("03:00"), "names the jump: \(result)")
        #expect(!vault.exists("gap.md"))
    }

    @Test func aRepeatedTimeIsRefusedWithTheOffsetsToChooseFrom() throws {
        let vault = try TemporaryVault(sample: false)
        #expect(try vault.run("new", "Twice", "Text", environment: newYork).status == 0)

        let result = try vault.run("set", "twice", "--destroy", "2027-11-07 01:30", environment: newYork)

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("happens twice"), "\(result)")
        #expect(result.stderr.contains("-04:00") && result.stderr.contains("-05:00"), "suggests an offset: \(result)")
        #expect(!(try vault.text("twice.md")).contains("destroy"))

        let chosen = try vault.run("set", "twice", "--destroy", "2027-11-07 01:30-05:00", environment: newYork)
        #expect(chosen.status == 0, "\(chosen)")
        #expect(try vault.text("twice.md").contains("destroy: 2027-11-07T01:30:00-05:00"))
    }

    @Test(arguments: ["2026-03-08 02:30", "2025-11-02 01:30"])
    func aNoteWithSuchADateIsNeverDestroyed(destroy: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("due.md", "---\ntitle: Due\ndestroy: \(destroy)\n---\nText\n")

        let result = try vault.run("expire", environment: newYork)

        #expect(vault.exists("due.md"), "\(result)")
        #expect(result.stderr.contains("due.md"), "says why it is kept: \(result)")
        let shown = try vault.run("show", "due", environment: newYork)
        #expect(shown.stderr.contains("the note is kept"), "\(shown)")
    }
}
