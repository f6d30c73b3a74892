import Foundation
import Testing

@testable import NoteVault

/// How often a page asks for the index to be freshened: once per request, however many
/// questions the page asks the index.
@Suite struct ServeFreshnessTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    @Test("a note's page, which asks the index for its tags, backlinks and link targets, freshens the index once")
    func notePageFreshensOnce() async throws {
        let server = try ServeInProcess(vault)
        let client = try await server.signedInClient()
        let session = server.server.web.session
        // No watcher runs here: each freshening walks the vault.
        let walks = session.walkCount
        let page = try await client.send("GET", "/n/grocery-list.md")
        #expect(page.status == 200, "\(page)")
        #expect(session.walkCount == walks + 1)
    }
}
