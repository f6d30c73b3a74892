import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The threading contract of ``VaultWatcher``: one thread inside `run()`, others only stop it,
/// and signals stop it through the library (the command line installs no handler of its own).
@Suite("Watcher: threads and signals")
struct WatcherThreadingTests {
    /// Runs `watcher.run()` on a thread of its own; the semaphore is signalled when it returns.
    static func runOnThread(_ watcher: VaultWatcher) -> DispatchSemaphore {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            try? watcher.run()
            finished.signal()
        }.start()
        return finished
    }

    @Test("stopOnSignals: the signal ends run(), and once the watcher is freed its default action is back")
    func signalStopsTheWatcher() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
        var watcher: VaultWatcher? = try VaultWatcher(vault: try sandbox.vault())
        watcher?.stopOnSignals([SIGUSR2])
        let finished = Self.runOnThread(try #require(watcher))
        var installed = sigaction()
        sigaction(SIGUSR2, nil, &installed)
        #expect(unsafeBitCast(installed.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_DFL, to: Int.self))
        // Until the watcher watches, a signal could stop it before it starts: the loop still ends.
        kill(getpid(), SIGUSR2)
        #expect(finished.wait(timeout: .now() + 30) == .success, "SIGUSR2 did not stop the watcher")
        watcher = nil
        // The thread lets go of the watcher a moment after run() returns.
        let deadline = Date().addingTimeInterval(10)
        var restored = false
        while !restored, Date() < deadline {
            var current = sigaction()
            sigaction(SIGUSR2, nil, &current)
            restored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
            if !restored { usleep(10_000) }
        }
        #expect(restored, "the watcher is freed, but SIGUSR2 still has its handler")
    }

    @Test("a second thread calling run() while one runs stops the process instead of sharing the state")
    func secondRunIsRefused() async {
        await #expect(processExitsWith: .failure) {
            let sandbox = try VaultSandbox()
            let watcher = try VaultWatcher(vault: try sandbox.vault())
            _ = Self.runOnThread(watcher)
            // Without the guard the second run() would share the first one's state; end the
            // child then with success, so the test sees the difference.
            Thread {
                sleep(10)
                exit(0)
            }.start()
            usleep(500_000)
            try? watcher.run()
            exit(0)
        }
    }
}
