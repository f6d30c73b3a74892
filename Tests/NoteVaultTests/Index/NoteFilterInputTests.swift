import Foundation
import Testing

@testable import NoteVault

/// ``NoteFilterInput``: the filters as typed (`enote list`, the web list) become the same
/// ``NoteFilter``, and a value that cannot be read names its field.
@Suite struct NoteFilterInputTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let clock = VaultClock.fixed(now, timeZone: TimeZone(identifier: "UTC")!)

    @Test func readsEveryFilter() throws {
        var input = NoteFilterInput()
        input.color = "red"
        input.conditions = ["status = draft", "note=a=b"]
        input.since = "3d"
        input.until = "2026-01-02"
        input.expiring = "all"
        input.tags = ["work"]
        input.orphan = true
        input.deadLinks = true
        input.pending = true
        let filter = try input.filter(clock: Self.clock)
        #expect(filter.color == .palette(.red))
        #expect(filter.fields.map(\.key) == ["status", "note"])
        #expect(filter.fields.map(\.value) == [" draft", "a=b"])
        #expect(filter.updatedSince == Self.now.addingTimeInterval(-3 * 86_400))
        #expect(filter.updatedUntil != nil)
        #expect(filter.expiringWithin == .infinity)
        #expect(filter.tags == ["work"] && filter.orphan && filter.deadLinks && filter.includePendingExpiry)
        #expect(filter.isRestrictive)
        #expect(!(try NoteFilterInput().filter(clock: Self.clock)).isRestrictive)
    }

    @Test(arguments: [
        (NoteFilterInput.Field.since, "bogus"), (.until, "bogus"), (.expiring, "soonish"), (.color, "mauve-ish"),
    ])
    func unreadableValueNamesItsField(_ field: NoteFilterInput.Field, _ value: String) {
        var input = NoteFilterInput()
        switch field {
        case .since: input.since = value
        case .until: input.until = value
        case .expiring: input.expiring = value
        default: input.color = value
        }
        #expect(throws: NoteFilterInput.Problem.self) { try input.filter(clock: Self.clock) }
        do {
            _ = try input.filter(clock: Self.clock)
        } catch {
            #expect(error.field == field)
            #expect(!error.message.text.isEmpty)
        }
    }

    @Test func badShapesAreProblems() {
        var input = NoteFilterInput()
        input.conditions = ["nokey"]
        #expect(input.problem?.field == .where)
        input.conditions = ["=x"]
        #expect(input.problem?.field == .where)
        input.conditions = []
        input.tags = ["#"]
        #expect(input.problem?.field == .tag)
    }
}
