import Foundation
import Testing

@testable import EnoteCLI
@testable import NoteVault

/// The command line's own string tables (`enote_EnoteCLI.resources`) agree with each other as
/// the library's do, every ``Remedy`` has its words in each language, and the library's tables
/// hold facts: no message of the library tells the user what to type.
@Suite("Command-line translation tables")
struct CommandLineTranslationTests {
    static let bundleName = "enote_EnoteCLI.resources"

    /// A table as the bundle ships it.
    static func table(_ language: Language, bundle name: String = bundleName) throws -> [String: String] {
        let bundle = try #require(Localization.bundle(named: name), "the resource bundle \(name) is built beside the tests")
        let path = try #require(bundle.path(forResource: "Localizable", ofType: "strings", inDirectory: nil, forLocalization: language.rawValue))
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    }

    /// A key without its plural suffix, and the suffix.
    static func split(_ key: String) -> (base: String, form: String?) {
        for form in ["one", "few", "many", "other"] where key.hasSuffix("#" + form) {
            return (String(key.dropLast(form.count + 1)), form)
        }
        return (key, nil)
    }

    static func placeCount(_ format: String) -> Int {
        format.replacingOccurrences(of: "%%", with: "").components(separatedBy: "%@").count - 1
    }

    @Test("Russian and Japanese translate exactly the messages of the English table", arguments: [Language.russian, .japanese])
    func sameMessages(language: Language) throws {
        let english = Set(try Self.table(.english).keys.map { Self.split($0).base })
        let other = Set(try Self.table(language).keys.map { Self.split($0).base })
        #expect(english.count > 100)
        #expect(english.subtracting(other).sorted() == [], "not translated")
        #expect(other.subtracting(english).sorted() == [], "translated, but not an English message")
    }

    @Test("plural messages have every form their language needs")
    func pluralForms() throws {
        let needed: [Language: Set<String>] = [.english: ["one", "other"], .russian: ["one", "few", "many"], .japanese: ["other"]]
        for (language, forms) in needed {
            var found: [String: Set<String>] = [:]
            for key in try Self.table(language).keys {
                let (base, form) = Self.split(key)
                if let form { found[base, default: []].insert(form) }
            }
            #expect(!found.isEmpty)
            for (base, present) in found {
                #expect(present == forms, "\(language) \(base)")
            }
        }
    }

    @Test("the English singular forms built into the binary are those of en.lproj")
    func builtInEnglish() throws {
        var table: [String: String] = [:]
        for (key, value) in try Self.table(.english) {
            let (base, form) = Self.split(key)
            if form == "one" { table[base] = value }
        }
        #expect(!table.isEmpty)
        #expect(CommandLineMessages.englishSingular == table)
    }

    @Test("every translation places exactly the values its message has", arguments: Language.allCases)
    func places(language: Language) throws {
        for (key, value) in try Self.table(language) {
            let base = Self.split(key).base
            let values = (0..<Self.placeCount(base)).map { "v\($0)" }
            #expect(Localization.substitute(values, into: value) != nil, "\(language): \"\(value)\" for \"\(base)\"")
        }
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
        let library = Set(try Self.table(.english, bundle: "enote_NoteVault.resources").keys)
        let commandLine = Set(try Self.table(.english).keys)
        #expect(library.intersection(commandLine).sorted() == [])
    }

    /// One value of every remedy.
    static let remedies: [Remedy] = [
        .finishGitOperationThenSync, .resolveStoppedSync, .closeEditorThenSync, .syncLater, .syncAgain, .resolveConflict,
        .continueOrAbortSync, .removeMarkersThenContinue, .startSync, .restoreFilesThenAbort, .createRepository,
        .listNoteHistory(path: nil), .listNoteHistory(path: "plan.md"), .recordInGit, .commitOrUndoChanges(path: "plan.md"),
        .resolveMergedValue(path: "plan.md"), .setUpGit, .showNote(path: "plan.md"), .fixFrontMatter, .giveNoteContent,
        .setLaterDestroyDate(path: "plan.md"), .expireBeyondCap, .expireIfClockIsRight,
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

    /// Library messages that still name a command, in code other work owns at the moment (the
    /// index's, VaultError's, the manual order's); each is a fact plus the command to type, to be
    /// split as the others were. And one fact whose subject is a command.
    static let pending: Set<String> = [
        // The rename journal's error (Rename/).
        "%@/rename.journal, the plan of an interrupted rename, cannot be read (%@); move it away and check the renamed note's links with enote doctor",
        "no order key fits after %@; nothing was changed. Give %@ an order first: edit its order: line (enote edit NOTE), or move the last ordered note elsewhere with enote move",
        "no order key fits between %@ and %@ (the same number written two ways, or text with no room after it); nothing was changed. Give one of those notes another position first: edit its order: line (enote edit NOTE), or move it with enote move",
        "a vault cannot choose the program that runs as your editor, so enote edit refuses to run while this line is here; move it to your own ~/.config/enote/config, or set $VISUAL or $EDITOR",
        "the index could not be read (%@); run `enote index --rebuild`",
        "the index could not be updated (%@); run `enote index --rebuild`",
        "no vault found in %@ or any folder above it; run `enote init` to make this folder a vault, or pass --vault DIR (or set ENOTE_VAULT)",
        "%@ is not an enote vault (it has no .enote folder); run `enote init %@` first",
        "no note matches \"%@\". Name a note by its path or the start of its title; `enote list` shows them",
        "no note matches \"%@\"; did you mean %@? Name a note by its path or the start of its title; `enote list` shows them",
        "%@ is open in %@; close it there first, or pass --force (that editor will then see the file changed when it saves)",
        "%@. Its destroy date %@ had passed, so the copy was saved without one rather than be destroyed at once; give it a new one with `enote set %@ --destroy DATE`",
    ]

    @Test("the library's messages state facts: none tells the user which enote command to type (but those pending)")
    func libraryStatesFacts() throws {
        let command = try Regex(#"`enote [a-z]|(run|with|pass|\() ?enote [a-z]|enote (sync|log|set|show|edit|doctor|init|list|git|expire|diff|move|rm)\b"#)
        let library = try Self.table(.english, bundle: "enote_NoteVault.resources").keys.map { Self.split($0).base }
        let naming = Set(library.filter { $0.contains(command) })
        #expect(naming.subtracting(Self.pending).sorted() == [])
    }
}
