import Foundation
import Testing

@testable import EnoteCLI
@testable import NoteVault

/// The command line's own words (`enote_EnoteCLI.resources`, whose tables `StringTableTests`
/// checks as it checks the library's): every ``Remedy`` has its words in each language, counted
/// messages follow each language's plural rule, and the library's tables hold facts: no message
/// of the library tells the user what to type.
@Suite("Command-line translation tables")
struct CommandLineTranslationTests {
    /// A table of the command line's bundle, or of `bundle`.
    static func table(_ language: Language, bundle: StringTableTests.Tables = .commandLine) throws -> [String: String] {
        try StringTableTests.table(language, in: bundle)
    }

    @Test(
        "the command line's counted messages follow each language's plural rule, from its own table",
        arguments: [
            (1, "Из корзины удалена 1 заметка", "ゴミ箱から 1 件のノートを削除しました", "Deleted 1 note from the trash"),
            (3, "Из корзины удалены 3 заметки", "ゴミ箱から 3 件のノートを削除しました", "Deleted 3 notes from the trash"),
            (5, "Из корзины удалено 5 заметок", "ゴミ箱から 5 件のノートを削除しました", "Deleted 5 notes from the trash"),
            (21, "Из корзины удалена 21 заметка", "ゴミ箱から 21 件のノートを削除しました", "Deleted 21 notes from the trash"),
        ])
    func plurals(count: Int, russian: String, japanese: String, english: String) {
        // The front end is passed, not registered: the library's tests run in this process too.
        let frontEnd = CommandLineMessages.frontEnd
        let message: LocalizedMessage = "Deleted \(count: count) notes from the trash"
        #expect(Localization.translate(message, into: .russian, frontEnd: frontEnd) == russian)
        #expect(Localization.translate(message, into: .japanese, frontEnd: frontEnd) == japanese)
        #expect(Localization.translate(message, into: .english, frontEnd: frontEnd) == english)
    }

    @Test("a remedy is worded by the command line after the library's facts, in the user's language")
    func remedyInLanguage() {
        let frontEnd = CommandLineMessages.frontEnd
        let message = SyncError.nothingStopped.message
        #expect(message.remedy == .startSync)
        #expect(
            Localization.translate(message, into: .english, frontEnd: frontEnd)
                == "no sync is stopped on a conflict, so there is nothing to continue or abort; run `enote sync`")
        #expect(
            Localization.translate(message, into: .russian, frontEnd: frontEnd)
                == "нет синхронизации, остановленной на конфликте, поэтому продолжать или прерывать нечего; выполните `enote sync`")
        #expect(
            Localization.translate(message, into: .english, frontEnd: nil) == "no sync is stopped on a conflict, so there is nothing to continue or abort",
            "without a front end, the library's facts alone")
    }

    @Test("no message is in both the library's table and the command line's")
    func disjoint() throws {
        let library = Set(try Self.table(.english, bundle: .library).keys)
        let commandLine = Set(try Self.table(.english).keys)
        #expect(library.intersection(commandLine).sorted() == [])
    }

    /// One value of every remedy.
    static let remedies: [Remedy] = [
        .finishGitOperationThenSync, .resolveStoppedSync, .closeEditorThenSync, .syncLater, .syncAgain, .resolveConflict,
        .continueOrAbortSync, .removeMarkersThenContinue, .startSync, .restoreFilesThenAbort, .createRepository,
        .listNoteHistory(path: nil), .listNoteHistory(path: "plan.md"), .recordInGit, .commitOrUndoChanges(path: "plan.md"),
        .resolveMergedValue(path: "plan.md"), .setUpGit, .showNote(path: "plan.md"), .fixFrontMatter, .giveNoteContent,
        .setLaterDestroyDate(path: "plan.md"), .expireBeyondCap, .expireIfClockIsRight, .makeVault(path: nil),
        .makeVault(path: "/home/me/Notes"), .listNotes, .closeEditorOrForce, .setDestroyDate(path: "plan.conflict.md"), .rebuildIndex,
        .changeOrder(ofLastNote: false), .changeOrder(ofLastNote: true), .checkRenamedLinks, .listBrokenLinks, .finishInterruptedSync, .waitThenRunAgain,
        .closeVimOrRecoverSwapFile(note: "plan.md", swapFile: ".plan.md.swp"), .combineConflictCopyThenContinue(note: "plan.md", copy: "plan.conflict.md"),
        .stageResolvedNoteThenContinue(note: "plan.md"), .finishSyncFirst,
    ]

    @Test("every remedy is worded in each language, after the facts it completes", arguments: [Language.russian, .japanese])
    func remedyWords(language: Language) throws {
        let facts: LocalizedMessage = "the facts"
        let table = try Self.table(language)
        for remedy in Self.remedies {
            let words = CommandLineMessages.words(for: remedy, after: facts)
            #expect(table[words.format] != nil, "\(remedy) is not translated into \(language): \(words.format)")
            #expect(words.english.hasPrefix("the facts"), "\(remedy): \(words.english)")
        }
    }

    @Test("the library's messages state facts: none tells the user which enote command to type")
    func libraryStatesFacts() throws {
        let command = try Regex(#"`enote [a-z]|(run|with|pass|\() ?enote [a-z]|enote (sync|log|set|show|edit|doctor|init|list|git|expire|diff|move|rm)\b"#)
        let library = try Self.table(.english, bundle: .library).keys.map { StringTableTests.split($0).base }
        let naming = Set(library.filter { $0.contains(command) })
        #expect(naming.sorted() == [], "say the facts in the library and attach a Remedy; the command line words it")
    }
}
