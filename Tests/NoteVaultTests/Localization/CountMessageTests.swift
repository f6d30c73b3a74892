import Foundation
import Testing

@testable import NoteVault

/// The library's messages that count notes, folders or links take the plural form their number
/// asks for in each language: "1 note", not "1 notes"; "1 папка", "3 папки" (or a form that
/// needs none, such as "заметок: 5"), never the English text for want of a form.
@Suite("Messages with a count")
struct CountMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var message: LocalizedMessage
        var english: String
        var russian: String
        var testDescription: String { english }
    }

    static let cases: [Case] = [
        Case(
            message: VaultError.limitReached(limit: 1).message, english: "this vault is limited to 1 note (max_notes in .enote/config)",
            russian: "хранилище: 1 (max_notes"),
        Case(message: VaultError.limitReached(limit: 5).message, english: "this vault is limited to 5 notes (", russian: "хранилище: 5 (max_notes"),
        Case(
            message: VaultWatcher.watchingMessage(root: "/v", folders: 1, notes: 1), english: "watching /v (1 folder, 1 note)", russian: "(1 папка, 1 заметка)"),
        Case(
            message: VaultWatcher.watchingMessage(root: "/v", folders: 3, notes: 22), english: "watching /v (3 folders, 22 notes)",
            russian: "(3 папки, 22 заметки)"),
        Case(
            message: TagRenamePlan.mergeMessage(new: "job", notes: 1), english: "job was already used by 1 note: the two tags are merged",
            russian: "в заметках (1)"),
        Case(
            message: TagRenamePlan.mergeMessage(new: "job", notes: 2), english: "job was already used by 2 notes: the two tags are merged",
            russian: "в заметках (2)"),
    ]

    @Test(arguments: cases)
    func theNumberChoosesTheForm(_ item: Case) {
        #expect(item.message.english.contains(item.english), "\(item.message.english)")
        let russian = Localization.translate(item.message, into: .russian)
        #expect(russian.contains(item.russian), "\(russian)")
    }
}
