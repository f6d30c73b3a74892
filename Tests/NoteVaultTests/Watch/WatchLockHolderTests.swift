import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Who holds the watch lock, as the kernel tells it: through the descriptors of the process
/// asked about (what a command checks before believing a watcher), and through the machine's
/// lock table (what `enote doctor` shows). Both must name the holder, and only the holder.
@Suite("WatchLock holder")
final class WatchLockHolderTests {
    let sandbox: VaultSandbox
    /// The open `.enote` folder.
    let folder: Int32

    init() throws {
        sandbox = try VaultSandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path(".enote"), withIntermediateDirectories: true)
        folder = open(sandbox.path(".enote"), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
    }

    deinit {
        close(folder)
    }

    @Test("the process that took the lock holds it, and no other")
    func holderInThisProcess() throws {
        #expect(!WatchLock.isHeld(by: getpid(), in: folder), "no lock file yet")
        let lock = try WatchLock(path: sandbox.path(".enote/" + WatchLock.fileName))

        #expect(WatchLock.isHeld(by: getpid(), in: folder))
        #expect(!WatchLock.isHeld(by: getppid(), in: folder))
        #expect(!WatchLock.isHeld(by: 0, in: folder))
        #expect(WatchLock.holder(in: folder) == getpid())
        withExtendedLifetime(lock) {}
    }

    @Test("a lock file that is open but not locked, or locked shared, is held by nobody")
    func openButNotExclusive() throws {
        let descriptor = open(sandbox.path(".enote/" + WatchLock.fileName), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(!WatchLock.isHeld(by: getpid(), in: folder))
        try #require(flock(descriptor, LOCK_SH | LOCK_NB) == 0)
        #expect(!WatchLock.isHeld(by: getpid(), in: folder))
        #expect(WatchLock.holder(in: folder) == nil)
    }

    @Test("a lock held by another process is that process's, and stops being held when it dies")
    func holderInAnotherProcess() throws {
        let file = sandbox.path(".enote/" + WatchLock.fileName)
        // flock(1) holds the lock itself and runs sleep without the descriptor.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--exclusive", "--close", file, "sleep", "5"]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let pid = holder.processIdentifier
        var waited = 0
        while WatchLock.holder(in: folder) == nil, waited < 250 {
            usleep(20_000)
            waited += 1
        }

        #expect(WatchLock.holder(in: folder) == pid)
        #expect(WatchLock.isHeld(by: pid, in: folder))
        #expect(!WatchLock.isHeld(by: getpid(), in: folder))

        kill(pid, SIGKILL)
        holder.waitUntilExit()
        #expect(!WatchLock.isHeld(by: pid, in: folder))
        #expect(WatchLock.holder(in: folder) == nil)
    }
}
