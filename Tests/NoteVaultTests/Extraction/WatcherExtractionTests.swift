import EnoteTestSupport
import Foundation
import Testing

@testable import NoteVault

/// The watcher reads the pictures of changed notes behind its back: a note's own words are
/// found as soon as it is saved, its picture's words a moment later, with no command run; a
/// note's picture removed while the watcher runs leaves the search.
@Suite struct WatcherExtractionTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    @Test func aSavedNotesPictureBecomesSearchableBehindTheWatcher() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let picture = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges from the hardware store"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("attachments/receipt.png"), picture)
        try sandbox.write("shopping.md", "# Shopping\n\nBought today.\n\n![receipt](attachments/receipt.png)\n")
        #expect(watcher.catchUp())
        let index = try watcher.index()
        // Its own words at once.
        #expect(try index.found("bought") == ["shopping.md"])
        // Its picture's, once the watcher's reader has read it.
        #expect(poll(until: 60) { (try? index.found("hinges")) == ["shopping.md"] })
        #expect(watcher.lines.allSatisfy { !$0.contains("could not be read") }, "\(watcher.lines)")

        try sandbox.write("shopping.md", "# Shopping\n\nBought today; the receipt is lost.\n")
        #expect(watcher.catchUp())
        #expect(poll(until: 30) { (try? index.found("hinges")) == [] })
    }
}
