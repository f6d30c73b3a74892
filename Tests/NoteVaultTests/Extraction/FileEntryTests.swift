import EnoteTestSupport
import Foundation
import Testing

@testable import NoteVault

/// A PDF in the vault that no note links is an entry of its own: found by the one search, on
/// the same scale as the notes, with its page (`manual.pdf p. 2`); a note that starts linking it
/// takes its text over, and gives it back when it stops; a PDF deleted, hidden or ignored is no
/// entry, and its text leaves the index and the cache.
@Suite struct FileEntryTests {
    let sandbox: VaultSandbox
    let environment = ProcessInfo.processInfo.environment

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("groceries.md", "# Groceries\n\nApples and pears.\n")
        let manual = TestDocuments.textPDF([["How to assemble the bookshelf."], ["Tighten every hinge quarterly with the hex key."]])
        try sandbox.writeAbsolute(sandbox.path("papers/manual.pdf"), manual)
    }

    private var manualPath: NotePath { NotePath(trusted: "papers/manual.pdf") }

    private func cachedHashes() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.path(".enote/extracted"))) ?? []
        return Set(names.filter { $0.hasSuffix(".json") })
    }

    @Test func aPDFNoNoteLinksIsFoundAsAnEntryOfItsOwnAtItsPage() throws {
        let index = try sandbox.openIndex()
        #expect(try index.results("quarterly").files.isEmpty)
        let done = try index.readAttachments(environment: environment)
        #expect(done.read == 1)
        let results = try index.results("quarterly")
        #expect(results.notes.isEmpty)
        #expect(results.total == 1)
        let file = try #require(results.files.first)
        #expect(file.place == AttachmentPlace(path: manualPath, page: 2))
        #expect(file.snippet?.contains("\u{2}quarterly\u{3}") == true)
        #expect(file.place.label.english == "papers/manual.pdf p. 2")
        // The same word forms as every search.
        #expect(try index.results("tightening").files.map(\.place.path) == [manualPath])
        // Its file name finds it too, as a note's title does.
        #expect(try index.results("manual").files.map(\.place.path) == [manualPath])
    }

    @Test func filesAndNotesShareOneRankingInOneList() throws {
        try sandbox.write("shelf.md", "# Hinge care\n\nThe hinge needs oil; the hinge squeaks.\n")
        try sandbox.write("other.md", "# Other\n\nThe shop sells hinges quarterly, among other things.\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let results = try index.results("hinge")
        let ordered = results.ordered.map { hit -> String in
            switch hit {
            case .note(let note): note.path.description
            case .file(let file): file.place.path.description
            }
        }
        // The note with the word in its title first; the file between or after the others,
        // every hit once, notes and files together.
        #expect(ordered.first == "shelf.md")
        #expect(Set(ordered) == ["shelf.md", "other.md", "papers/manual.pdf"])
        #expect(ordered.count == 3)
        #expect(results.total == 3)
        // A limit counts both.
        #expect(try index.results("hinge", limit: 2).ordered.count == 2)
    }

    @Test func aFilterOnNotesLeavesFilesOut() throws {
        try sandbox.write("tagged.md", "---\ntags: [home]\n---\n# Tagged\n\nquarterly chores\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let filtered = try index.results("quarterly") { $0.tags = ["home"] }
        #expect(filtered.files.isEmpty)
        #expect(filtered.notes.map(\.path.description) == ["tagged.md"])
        #expect(filtered.total == 1)
    }

    @Test func aNoteLinkingTheFileTakesItsTextOverAndGivesItBack() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(try index.results("quarterly").files.count == 1)

        try sandbox.write("shelf.md", "# Shelf\n\nThe [manual](papers/manual.pdf).\n")
        try index.synchronize()
        // At once: the note shows the file's text, and the file is no entry of its own.
        #expect(try index.found("quarterly") == ["shelf.md"])
        #expect(try index.results("quarterly").files.isEmpty)
        let again = try index.readAttachments(environment: environment)
        #expect(again.read == 0)
        #expect(try index.results("quarterly").files.isEmpty)

        try sandbox.write("shelf.md", "# Shelf\n\nThe manual is lost.\n")
        try index.synchronize()
        #expect(try index.found("quarterly").isEmpty)
        let back = try index.readAttachments(environment: environment)
        #expect(back.read == 0, "found in the cache, not read again")
        #expect(try index.results("quarterly").files.map(\.place.path) == [manualPath])
        #expect(cachedHashes().count == 1)
    }

    @Test func aDeletedPDFLeavesTheSearchTheVocabularyAndTheCache() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(cachedHashes().count == 1)
        try FileManager.default.removeItem(atPath: sandbox.path("papers/manual.pdf"))
        try index.readAttachments(environment: environment)
        #expect(try index.results("quarterly").files.isEmpty)
        #expect(try index.results("quarterly").total == 0)
        #expect(cachedHashes().isEmpty)
        let words = try index.readDatabase { db in try String.fetchAll(db, sql: "SELECT word FROM words WHERE word LIKE 'quarter%'") }
        #expect(words.isEmpty)
        let rows = try index.readDatabase { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_fts WHERE rowid < 0") }
        #expect(rows == 0)
    }

    @Test(arguments: [".trash/old.pdf", ".enote/extracted/x.pdf", "drafts/plan.pdf", "notes.tmp.pdf"])
    func aHiddenOrIgnoredPDFIsNoEntry(path: String) throws {
        try sandbox.write(".enote/config", "ignore = drafts/\nignore = *.tmp.pdf\n")
        try sandbox.writeAbsolute(sandbox.path(path), TestDocuments.textPDF([["A zeppelin schedule."]]))
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(try index.results("zeppelin").files.isEmpty)
        #expect(try index.results("quarterly").files.count == 1)
    }

    @Test func aFileThatCannotBeReadIsReportedAndNotFound() throws {
        try sandbox.writeAbsolute(sandbox.path("broken.pdf"), Array("%PDF-1.4\n1 0 obj << /Type /Catalog".utf8))
        let index = try sandbox.openIndex()
        let done = try index.readAttachments(environment: environment)
        #expect(done.failed == 1)
        #expect(try index.unreadAttachments().map(\.path.description) == ["broken.pdf"])
    }

    @Test func aPDFWhoseNoteIsDestroyedOrRewrittenIsAnEntryAgainWithoutBeingToldToWalk() throws {
        try sandbox.write("shelf.md", "# Shelf\n\nThe [manual](papers/manual.pdf).\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(try index.results("quarterly").files.isEmpty)
        // The watcher's passes walk only when told of a PDF event; the link leaving is no such event.
        try sandbox.write("shelf.md", "# Shelf\n\nNo manual.\n")
        try index.synchronize()
        try index.readAttachments(environment: environment, lookForFiles: false)
        #expect(try index.results("quarterly").files.map(\.place.path) == [manualPath])
        // Linked again, then the note destroyed for good.
        try sandbox.write("shelf.md", "# Shelf\n\nThe [manual](papers/manual.pdf).\n")
        try index.synchronize()
        try index.readAttachments(environment: environment, lookForFiles: false)
        #expect(try index.results("quarterly").files.isEmpty)
        try FileManager.default.removeItem(atPath: sandbox.path("shelf.md"))
        try index.synchronize()
        try index.readAttachments(environment: environment, lookForFiles: false)
        #expect(try index.results("quarterly").files.map(\.place.path) == [manualPath])
    }

    @Test func aNoteSavedAgainWithItsPDFLinkAsksForNoWalk() throws {
        try sandbox.write("shelf.md", "# Shelf\n\nThe [manual](papers/manual.pdf).\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        func walked() throws -> Bool { try index.read { store in try store.fileEntriesWalked() } }
        #expect(try walked())
        // Saved again with the same link: its rows are written again, the PDF is still linked.
        try sandbox.write("shelf.md", "# Shelf\n\nThe [manual](papers/manual.pdf), on the top shelf.\n")
        try index.synchronize()
        #expect(try walked())
        // The link gone: the next pass walks.
        try sandbox.write("shelf.md", "# Shelf\n\nNo manual.\n")
        try index.synchronize()
        #expect(try !walked())
        try index.readAttachments(environment: environment, lookForFiles: false)
        #expect(try walked())
    }

    @Test func aRebuiltIndexWalksAgainAndKeepsTheCachedText() throws {
        try sandbox.openIndex().readAttachments(environment: environment)
        #expect(cachedHashes().count == 1)
        try FileManager.default.removeItem(atPath: sandbox.path(".enote/index.sqlite"))
        let index = try sandbox.openIndex()
        let done = try index.readAttachments(environment: environment, lookForFiles: false)
        #expect(done.read == 0, "from the cache")
        #expect(try index.results("quarterly").files.map(\.place.path) == [manualPath])
        #expect(cachedHashes().count == 1)
    }

    @Test func aPDFDeletedOrIgnoredBeforeThePassIsNotShown() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        try FileManager.default.removeItem(atPath: sandbox.path("papers/manual.pdf"))
        #expect(try index.results("quarterly").files.isEmpty)
        #expect(try index.fileEntry(at: manualPath) == nil)
    }

    @Test func aCallerAskingForNotesAloneGetsNoFileAndNoFileCounts() throws {
        try sandbox.write("chores.md", "# Chores\n\nOil the hinge quarterly.\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(try index.results("quarterly").total == 2)
        let notes = try index.search(SearchQuery(parsing: "quarterly"), filter: NoteFilter(now: VaultSandbox.now), limit: 10, files: false)
        #expect(notes.files.isEmpty)
        #expect(notes.notes.map(\.path.description) == ["chores.md"])
        #expect(notes.total == 1)
    }

    @Test func aLongFileIsWeighedByItsLengthAsANoteIs() throws {
        // The long manual says "gasket" twice among 400 other words; the short card once.
        let lines = stride(from: 0, to: 400, by: 8).map { start in (start..<start + 8).map { "filler\($0 % 50)" }.joined(separator: " ") }
        let long = TestDocuments.textPDF([["Replace the gasket"], Array(lines[..<25]), Array(lines[25...]) + ["and the gasket"]])
        try sandbox.writeAbsolute(sandbox.path("long.pdf"), long)
        try sandbox.writeAbsolute(sandbox.path("card.pdf"), TestDocuments.textPDF([["Gasket sizes"]]))
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let found = try index.results("gasket").files.map(\.place.path.description)
        #expect(found == ["card.pdf", "long.pdf"])
    }

    @Test func theWatcherReadsAPDFDroppedIntoTheVaultAndForgetsItWhenDeleted() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let index = try watcher.index()
        #expect(poll(until: 60) { (try? index.results("quarterly").files.count) == 1 })
        try sandbox.writeAbsolute(sandbox.path("inbox/letter.pdf"), TestDocuments.textPDF([["Your zeppelin tickets are attached."]]))
        #expect(poll(until: 60) { (try? index.results("zeppelin").files.map(\.place.path.description)) == ["inbox/letter.pdf"] })
        try FileManager.default.removeItem(atPath: sandbox.path("inbox/letter.pdf"))
        #expect(poll(until: 30) { (try? index.results("zeppelin").total) == 0 })
    }
}

extension LocalizedMessage {
    /// The message in English.
    fileprivate var english: String { Localization.translate(self, into: .english) }
}
