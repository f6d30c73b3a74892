import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 178: when a note is destroyed for good, the agent journal loses exactly its
/// entries (through the moves that brought it to its last path), and keeps those of other notes
/// that had the same name before it.
@Suite("Agent journal: forgetting a destroyed note")
struct AgentJournalForgetTests {
    let sandbox: VaultSandbox
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Writes entries 1, 2, … as the journal does, a minute apart.
    private func journal(_ entries: [(AgentJournal.Entry.Kind, String, String?)]) throws -> AgentJournal {
        let journal = AgentJournal(vault: try sandbox.vault())
        for (offset, (kind, path, to)) in entries.enumerated() {
            var entry = AgentJournal.Entry(
                number: 0, date: start.addingTimeInterval(Double(offset) * 60), client: "test", tool: "t", kind: kind, path: path, to: to,
                before: kind == .edit || kind == .delete ? Data("text of entry \(offset + 1)".utf8) : nil, after: "1", undoes: nil)
            _ = try journal.record(&entry)
            journal.complete(entry)
        }
        return journal
    }

    private func remaining(_ journal: AgentJournal) -> [Int] {
        journal.entries(last: 100).map(\.number).sorted()
    }

    @Test("another note moved away from the name keeps its entries; the destroyed note's go")
    func otherNoteAtTheSameNameKept() throws {
        let journal = try journal([
            (.create, "p.md", nil), (.edit, "p.md", nil), (.move, "p.md", "q.md"),  // note A, now at q.md
            (.create, "p.md", nil), (.edit, "p.md", nil),  // note B at p.md, destroyed
        ])
        journal.forget([.init(path: NotePath(trusted: "p.md"), until: start.addingTimeInterval(3600), wasTrashed: false)])
        #expect(remaining(journal) == [1, 2, 3])
    }

    @Test("the note is followed back through the move that brought it to its last name")
    func followedThroughMoves() throws {
        let journal = try journal([
            (.create, "x.md", nil), (.edit, "x.md", nil), (.move, "x.md", "y.md"), (.edit, "y.md", nil), (.edit, "other.md", nil),
        ])
        journal.forget([.init(path: NotePath(trusted: "y.md"), until: start.addingTimeInterval(3600), wasTrashed: false)])
        #expect(remaining(journal) == [5])
    }

    @Test("a trashed note's own delete goes with it; an earlier note deleted from that name stays")
    func trashedNote() throws {
        let journal = try journal([
            (.create, "p.md", nil), (.delete, "p.md", nil),  // note E, trashed and restored or emptied earlier
            (.create, "p.md", nil), (.edit, "p.md", nil), (.delete, "p.md", nil),  // note D, trashed, now emptied
        ])
        journal.forget([.init(path: NotePath(trusted: "p.md"), until: start.addingTimeInterval(3600), wasTrashed: true)])
        #expect(remaining(journal) == [1, 2])
    }

    @Test("entries after the destruction, of a new note at the name, stay")
    func laterNoteKept() throws {
        let journal = try journal([(.create, "p.md", nil), (.edit, "p.md", nil), (.create, "p.md", nil)])
        journal.forget([.init(path: NotePath(trusted: "p.md"), until: start.addingTimeInterval(90), wasTrashed: false)])
        #expect(remaining(journal) == [3])
    }
}
