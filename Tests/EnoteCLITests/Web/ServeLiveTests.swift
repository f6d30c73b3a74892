import Foundation
import Testing

/// `enote serve` follows the vault: a change on disk reaches open pages over Server-Sent
/// Events, whether the server watches the vault itself or a running `enote watch` does.
@Suite(.serialized) struct ServeLiveTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    /// The server's own watcher is made again 50 ms after it stopped (a second, at first, for
    /// people), so that a test waits milliseconds for it.
    static let quickWatcher = ["ENOTE_TEST_WATCHER_RETRY": "0.05"]

    @Test("a note written on disk is pushed to an open page as a change naming it")
    func pushesChanges() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let received = try eventsWhileWriting("pushed.md", title: "Pushed", client: client)
        #expect(received.contains("text/event-stream"))
        // One batch names every note that changed in it (the server's own expiry of the sample's
        // overdue note may share it).
        let batch = received.components(separatedBy: "event: change\ndata: ").dropFirst().first { $0.contains("\"pushed.md\"") }
        #expect(batch?.hasPrefix("{\"paths\":[") == true, "\(received)")
        // The list already has it.
        #expect(try client.send("GET", "/").body.contains("Pushed"))
        // SIGTERM ends the server at once, though its stream to the page is still open (it
        // used to wait for the page, until stop() killed it 10 s later).
        let stopping = Date()
        server.stop()
        #expect(Date().timeIntervalSince(stopping) < 5)
        #expect(server.process.terminationReason == .exit)
    }

    @Test("beside a running enote watch, the server still hears of changes and its pages are current")
    func besideEnoteWatch() throws {
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        let server = try ServeProcess(vault)
        defer { server.stop() }
        #expect(watcher.process.isRunning, "enote serve did not take over the running watcher")
        let client = try server.signedInClient()
        let received = try client.stream("/events", ready: ": connected") {
            try vault.write("pushed.md", "---\ntitle: Pushed beside watch\n---\nFrom disk.\n")
        } until: {
            $0.contains("event: change")
        }
        #expect(received.contains("event: change"), "\(received)")
        #expect(try client.send("GET", "/").body.contains("Pushed beside watch"))
    }

    @Test("when the enote watch it relied on ends, the server leaves the lock to the next enote watch (a systemd unit's restart)")
    func leavesTheLockToTheNextEnoteWatch() throws {
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        let server = try ServeProcess(vault, environment: Self.quickWatcher)
        defer { server.stop() }
        watcher.kill()
        // Ten times the server's waits between attempts at its own watcher.
        usleep(500_000)
        let next = try WatchProcess(vault)
        defer { next.kill() }
        try next.waitUntilWatching()
        let client = try server.signedInClient()
        let received = try eventsWhileWriting("beside.md", title: "Beside", client: client)
        #expect(received.contains("beside.md"), "\(received)\n\(server.stderr)")
    }

    @Test("after its own watcher stops on an error with .enote/ left in place (the vault moved away and back), the server watches again")
    func watchesAgainAfterItsWatcherStopped() throws {
        let server = try ServeProcess(vault, environment: Self.quickWatcher)
        defer { server.stop() }
        let client = try server.signedInClient()
        let away = vault.base.appendingPathComponent("away")
        try FileManager.default.moveItem(at: vault.root, to: away)
        usleep(500_000)
        try FileManager.default.moveItem(at: away, to: vault.root)
        // No command walks the vault after this: the server's own watcher must be back.
        let received = try eventsWhileWriting("back.md", title: "Back", client: client)
        #expect(received.contains("back.md"), "\(received)\n\(server.stderr)")
    }

    @Test("after .enote/ goes and is made again, notes written on disk still reach open pages")
    func followsAfterTheStateFolderIsMadeAgain() throws {
        // The default wait before the watcher is made again: with 50 ms it can be back before
        // `enote init` below, and the note written then was not named on the stream (CI,
        // 2026-11-28; under investigation), so this test keeps the second a person gets.
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        _ = try eventsWhileWriting("before.md", title: "Before", client: client)
        // `.enote/` is removed (the server's own watcher stops: it cannot write its index) and
        // `enote init` makes it again. The removal races the server, which makes the index
        // again at once, as a user's `rm -rf` would: it is repeated until the folder is gone.
        let state = vault.url(".enote").path
        for _ in 0..<100 where FileManager.default.fileExists(atPath: state) {
            try? FileManager.default.removeItem(atPath: state)
        }
        try #require(!FileManager.default.fileExists(atPath: state))
        usleep(300_000)
        #expect(try vault.run("init").status == 0)
        // No command walks the vault after this one: the server's own watcher must be back.
        let received = try eventsWhileWriting("after.md", title: "After", client: client)
        #expect(received.contains("after.md"), "\(received)\n\(server.stderr)")
    }

    /// What `client`'s event stream received while the note `name` (titled `title`) was written
    /// on disk, until the stream named it (at most 15 s).
    private func eventsWhileWriting(_ name: String, title: String, client: HTTPClient) throws -> String {
        try client.stream("/events", ready: ": connected") {
            try vault.write(name, "---\ntitle: \(title)\n---\nFrom disk.\n")
        } until: {
            $0.contains(name)
        }
    }

    @Test("the events need a session")
    func eventsNeedSession() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        #expect(try HTTPClient(port: server.port).send("GET", "/events").status == 401)
    }
}
