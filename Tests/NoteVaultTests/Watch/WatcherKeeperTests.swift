import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A server's own watcher (``WatcherKeeper``): asked in process by the server's session.
@Suite struct WatcherKeeperTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
    }

    /// Waits 50 ms where a server waits seconds.
    static let quick = WatcherKeeper.Timings(retry: 0.05, longestRetry: 0.05, settled: 0.05)

    @Test("a session whose process runs the watcher asks it directly: with the socket gone, a note written on disk is current without a walk")
    func sessionAsksItsOwnWatcher() throws {
        let session = try VaultSession(vault: try sandbox.vault(), role: .web(readOnly: true))
        try session.fresh()
        let keeper = WatcherKeeper(session: session, timings: Self.quick) { _ in }
        let following = keeper.start()
        defer { keeper.stop() }
        #expect(following.ownWatcher)
        #expect(session.waitForWatcher(seconds: 30))
        let walks = session.walkCount
        // Only this process's watcher, asked without the socket, can answer now.
        #expect(unlink(sandbox.path(".enote/watch.sock")) == 0)
        try sandbox.write("new.md", noteText("new"))
        #expect(try session.fresh() == .watcher)
        #expect(try session.read { index throws(VaultError) in try index.note(at: NotePath(trusted: "new.md")) } != nil)
        try session.refresh(files: [NotePath(trusted: "new.md")])
        #expect(session.walkCount == walks)
    }

    @Test("once the keeper stops, its session no longer asks the watcher it kept: it walks")
    func stoppedKeeperIsNotAsked() throws {
        let session = try VaultSession(vault: try sandbox.vault(), role: .web(readOnly: true))
        try session.fresh()
        let keeper = WatcherKeeper(session: session, timings: Self.quick) { _ in }
        _ = keeper.start()
        #expect(session.waitForWatcher(seconds: 30))
        keeper.stop()
        // The watcher ends after its step; then no process answers on the socket either.
        let deadline = Date().addingTimeInterval(30)
        var route = try session.fresh()
        while route == .watcher, Date() < deadline {
            usleep(20_000)
            route = try session.fresh()
        }
        #expect(route != .watcher)
    }
}
