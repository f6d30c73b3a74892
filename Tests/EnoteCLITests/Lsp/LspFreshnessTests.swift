import Foundation
import Testing

/// The server's view of the vault follows the files: notes the editor saves or reports changed,
/// and, with `enote watch` running, notes changed by anything else.
@Suite struct LspFreshnessTests {
    static func didChange(_ client: LspClient, _ uri: String, version: Int, text: String) {
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
    }

    @Test func aNoteReportedByTheEditorIsLinkableAtOnce() throws {
        let vault = try TemporaryVault(sample: false)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("today.md").absoluteString
        client.open(uri, "😀 [[заметка]]\n")
        #expect(try #require(client.diagnostics(for: uri)).count == 1)
        let created = vault.root.appendingPathComponent("заметка.md")
        try "# Заметка\n".write(to: created, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": created.absoluteString, "type": 1]]])
        Self.didChange(client, uri, version: 2, text: "😀 [[заметка]] \n")
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
    }

    @Test func aMalformedEventDoesNotHideTheOthersOfItsBatch() throws {
        let vault = try TemporaryVault(sample: false)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("today.md").absoluteString
        client.open(uri, "[[later]]\n")
        #expect(try #require(client.diagnostics(for: uri)).count == 1)
        let created = vault.root.appendingPathComponent("later.md")
        try "# Later\n".write(to: created, atomically: true, encoding: .utf8)
        let changes: [Any] = [["uri": 42, "type": 1], "not an event", ["type": 1], ["uri": created.absoluteString, "type": 1]]
        client.notify("workspace/didChangeWatchedFiles", ["changes": changes])
        Self.didChange(client, uri, version: 2, text: "[[later]] \n")
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
    }

    @Test func aSavedNoteIsIndexed() throws {
        let vault = try TemporaryVault(sample: false)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let other = vault.root.appendingPathComponent("other.md")
        let uri = vault.root.appendingPathComponent("today.md").absoluteString
        client.open(uri, "[[other]]\n")
        #expect(try #require(client.diagnostics(for: uri)).count == 1)
        // The editor writes other.md and says so.
        try "---\ntitle: Другая 日本\n---\n".write(to: other, atomically: true, encoding: .utf8)
        client.open(other.absoluteString, "---\ntitle: Другая 日本\n---\n")
        client.notify("textDocument/didSave", ["textDocument": ["uri": other.absoluteString]])
        Self.didChange(client, uri, version: 2, text: "[[other]] \n")
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
        let hover = client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 3]])
        let text = ((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(text?.contains("Другая 日本") == true, "\(String(describing: text))")
    }

    @Test func withEnoteWatchRunningChangesFromElsewhereAreSeen() throws {
        let vault = try TemporaryVault(sample: false)
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("today.md").absoluteString
        client.open(uri, "[[from-elsewhere]]\n")
        #expect(try #require(client.diagnostics(for: uri)).count == 1)
        // Another program writes the note; nobody tells the server.
        try "# Извне\n".write(to: vault.root.appendingPathComponent("from-elsewhere.md"), atomically: true, encoding: .utf8)
        var version = 2
        let seen = watcher.wait(timeout: 20) {
            Self.didChange(client, uri, version: version, text: "[[from-elsewhere]]" + String(repeating: " ", count: version) + "\n")
            version += 1
            return client.diagnostics(for: uri)?.isEmpty == true
        }
        #expect(seen, "the server never saw the note the watcher indexed")
    }
}
