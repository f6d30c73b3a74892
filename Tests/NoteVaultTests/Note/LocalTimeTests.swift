import Foundation
import Testing

@testable import NoteVault

/// Local times around the clock changes: a time the clocks skip does not exist, one they pass
/// twice is ambiguous; neither may decide when a note is destroyed, and the command line refuses
/// both unless an offset says which instant is meant.
@Suite("Local times across clock changes")
struct LocalTimeTests {
    /// What a local time without an offset is in a zone.
    enum Kind: Sendable { case unique, skipped, repeated }

    struct Sample: Sendable, CustomTestStringConvertible {
        var text: String
        var zone: String
        var kind: Kind
        /// The instant `resolved(in:)` gives: for a skipped time, read with the offset before the
        /// jump (never an hour earlier); for a repeated one, the first.
        var instant: Date
        /// For a repeated time, the two offsets it happens at (earlier first).
        var offsets: [String] = []
        var testDescription: String { "\(text) in \(zone)" }
    }

    static let samples: [Sample] = [
        // New York: 2027-03-14 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
        Sample(text: "2027-03-14 02:30", zone: "America/New_York", kind: .skipped, instant: utc(2027, 3, 14, 7, 30)),
        Sample(text: "2027-03-14 02:00", zone: "America/New_York", kind: .skipped, instant: utc(2027, 3, 14, 7)),
        Sample(text: "2027-03-14 01:59", zone: "America/New_York", kind: .unique, instant: utc(2027, 3, 14, 6, 59)),
        Sample(text: "2027-03-14 03:00", zone: "America/New_York", kind: .unique, instant: utc(2027, 3, 14, 7)),
        Sample(
            text: "2026-11-01 01:30", zone: "America/New_York", kind: .repeated, instant: utc(2026, 11, 1, 5, 30),
            offsets: ["-04:00", "-05:00"]),
        Sample(text: "2026-11-01 00:59", zone: "America/New_York", kind: .unique, instant: utc(2026, 11, 1, 4, 59)),
        Sample(text: "2026-11-01 02:00", zone: "America/New_York", kind: .unique, instant: utc(2026, 11, 1, 7)),
        Sample(text: "2026-11-01", zone: "America/New_York", kind: .unique, instant: utc(2026, 11, 1, 4)),
        // Berlin: 2027-03-28 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
        Sample(text: "2027-03-28 02:30", zone: "Europe/Berlin", kind: .skipped, instant: utc(2027, 3, 28, 1, 30)),
        Sample(
            text: "2026-10-25 02:30", zone: "Europe/Berlin", kind: .repeated, instant: utc(2026, 10, 25, 0, 30),
            offsets: ["+02:00", "+01:00"]),
        Sample(text: "2026-10-25 03:00", zone: "Europe/Berlin", kind: .unique, instant: utc(2026, 10, 25, 2)),
        // Lord Howe moves its clocks by thirty minutes: 2026-10-04 02:00 → 02:30 (+10:30 → +11:00),
        // 2027-04-04 02:00 → 01:30 (+11:00 → +10:30).
        Sample(text: "2026-10-04 02:15", zone: "Australia/Lord_Howe", kind: .skipped, instant: utc(2026, 10, 3, 15, 45)),
        Sample(text: "2026-10-04 02:30", zone: "Australia/Lord_Howe", kind: .unique, instant: utc(2026, 10, 3, 15, 30)),
        Sample(
            text: "2027-04-04 01:45", zone: "Australia/Lord_Howe", kind: .repeated, instant: utc(2027, 4, 3, 14, 45),
            offsets: ["+11:00", "+10:30"]),
        Sample(text: "2027-04-04 02:00", zone: "Australia/Lord_Howe", kind: .unique, instant: utc(2027, 4, 3, 15, 30)),
        // UTC has no clock changes; an offset always names one instant.
        Sample(text: "2027-03-14 02:30", zone: "UTC", kind: .unique, instant: utc(2027, 3, 14, 2, 30)),
        Sample(text: "2027-03-14 02:30-05:00", zone: "America/New_York", kind: .unique, instant: utc(2027, 3, 14, 7, 30)),
        Sample(text: "2026-11-01 01:30-05:00", zone: "America/New_York", kind: .unique, instant: utc(2026, 11, 1, 6, 30)),
        Sample(text: "2026-10-25T02:30:00+01:00", zone: "Europe/Berlin", kind: .unique, instant: utc(2026, 10, 25, 1, 30)),
    ]

    @Test(arguments: samples)
    func aSkippedTimeIsNeverMovedEarlier(_ sample: Sample) throws {
        let date = try NoteDate(parsing: sample.text)
        #expect(date.resolved(in: zone(sample.zone)) == sample.instant)
    }

    @Test(arguments: samples)
    func theCommandLineRefusesTimesThatDoNotNameOneInstant(_ sample: Sample) throws {
        let clock = VaultClock.fixed(utc(2026, 1, 1), timeZone: zone(sample.zone))
        switch sample.kind {
        case .unique:
            #expect(try DateInput.parse(sample.text, clock: clock) == sample.instant)
        case .skipped:
            let error = try #require(throws: DateInput.ParseError.self) { try DateInput.parse(sample.text, clock: clock) }
            #expect(error.description.contains("does not exist in \(sample.zone)"), "\(error)")
        case .repeated:
            let error = try #require(throws: DateInput.ParseError.self) { try DateInput.parse(sample.text, clock: clock) }
            #expect(error.description.contains("happens twice"), "\(error)")
            for offset in sample.offsets { #expect(error.description.contains(offset), "\(error) suggests \(offset)") }
        }
    }

    @Test(arguments: samples)
    func aNoteWithSuchADestroyDateIsKeptWithAWarning(_ sample: Sample) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("due.md", "---\ntitle: Due\ndestroy: \(sample.text)\n---\nText\n")
        let vault = try Vault(root: sandbox.root, clock: .fixed(utc(2028, 1, 1), timeZone: zone(sample.zone)))
        let note = try vault.read(NotePath(trusted: "due.md"))

        switch sample.kind {
        case .unique:
            #expect(note.destroyDate(in: zone(sample.zone)) == sample.instant)
            #expect(note.content.diagnostics.isEmpty, "\(note.content.diagnostics)")
        case .skipped, .repeated:
            guard case .invalid(let text, _) = note.content.metadata.destroy else {
                Issue.record("\(sample.text) is acted on: \(note.content.metadata.destroy)")
                return
            }
            #expect(text == sample.text)
            #expect(note.destroyDate(in: zone(sample.zone)) == nil)
            let warning = try #require(note.content.diagnostics.first)
            #expect(warning.message.text.contains("the note is kept"), "\(warning)")
            #expect(warning.message.text.contains(sample.kind == .skipped ? "does not exist" : "happens twice"), "\(warning)")
        }
    }
}
