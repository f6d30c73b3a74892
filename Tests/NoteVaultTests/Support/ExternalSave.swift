import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// How another editor saves a note, with the system calls it makes.
enum ExternalSave: String, CaseIterable, Sendable {
    /// Truncate and write the same file (nano, VS Code), creating it if it is gone.
    case inPlace
    /// Write a new file and rename it over the note (vim, most GUI editors).
    case renameOver
}

extension VaultSandbox {
    /// Saves `text` into the vault file `relative` the way another editor would.
    func saveAsAnotherEditor(_ text: String, to relative: String, _ style: ExternalSave) {
        let target = path(relative)
        switch style {
        case .inPlace:
            let descriptor = open(target, O_WRONLY | O_TRUNC | O_CREAT, 0o644)
            _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        case .renameOver:
            let temporary = path("4913")
            _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
            Glibc.rename(temporary, target)
        }
    }

    /// Checks that a write which lost a race to another editor ended as a conflict that keeps
    /// every byte (RELIABILITY row 8): exit status 3, a message naming the note and the copy,
    /// theirs (`external`) in the note, ours (colour red, the original body) in the copy, and no
    /// temporary file left. Returns the copy for further checks.
    @discardableResult
    func expectConflictKeptBoth(
        _ caught: VaultError?, note: NotePath, external: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> NotePath? {
        let error = try #require(caught, "a lost race is never a success", sourceLocation: sourceLocation)
        guard case .write(.conflict(let conflicted, let copy?)) = error else {
            Issue.record("expected a conflict with a copy, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(conflicted == note, sourceLocation: sourceLocation)
        #expect(error.kind == .race, sourceLocation: sourceLocation)
        #expect(error.description.contains("\(note) changed on disk while enote was writing it"), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(copy.description), "the message names the copy", sourceLocation: sourceLocation)
        #expect(text(note.description) == external, "theirs is in the note", sourceLocation: sourceLocation)
        let ours = try #require(text(copy.description), sourceLocation: sourceLocation)
        #expect(ours.contains("color: red\n") && ours.hasSuffix("---\nOriginal body.\n"), "ours is in the copy", sourceLocation: sourceLocation)
        #expect(tempFiles().isEmpty, "\(names())", sourceLocation: sourceLocation)
        return copy
    }
}
