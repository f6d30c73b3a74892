import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 9: one writer at a time through `flock`; a holder killed with SIGKILL leaves
/// no stale lock.
@Suite("VaultLock")
struct VaultLockTests {
    let sandbox: VaultSandbox
    var lockPath: String { sandbox.root + "/.enote/lock" }

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func busyHolder(timeout: Double = 0.2) -> (holder: Int32?, message: String)? {
        do {
            let lock = try VaultLock.acquire(at: lockPath, timeout: timeout)
            lock.release()
            return nil
        } catch {
            guard case .busy(let path, let holder, _) = error, path == lockPath else { return (nil, "unexpected \(error)") }
            return (holder, error.description)
        }
    }

    @Test("a second acquire times out with .busy naming the holder's pid; after release it succeeds")
    func busyThenFree() throws {
        let first = try VaultLock.acquire(at: lockPath, timeout: 0, recordPID: true)

        let busy = try #require(busyHolder())

        #expect(busy.holder == getpid())
        #expect(busy.message.contains("the vault is busy: process \(getpid()) holds \(lockPath)"), "\(busy.message)")
        #expect(busy.message.contains("try again when it has finished"))

        first.release()
        #expect(busyHolder() == nil)
    }

    @Test("a holder that recorded no pid is 'another enote process'")
    func busyWithoutPID() throws {
        let first = try VaultLock.acquire(at: lockPath, timeout: 0, recordPID: false)
        defer { first.release() }

        let busy = try #require(busyHolder(timeout: 0))

        #expect(busy.holder == nil)
        #expect(busy.message.contains("another enote process holds"), "\(busy.message)")
    }

    @Test("releasing twice is harmless; freeing the lock object releases it")
    func releaseIdempotent() throws {
        let lock = try VaultLock.acquire(at: lockPath, timeout: 0)
        lock.release()
        lock.release()
        #expect(busyHolder(timeout: 0) == nil)

        do { _ = try VaultLock.acquire(at: lockPath, timeout: 0) }
        #expect(busyHolder(timeout: 0) == nil, "deinit released it")
    }

    @Test("a lock file that cannot be opened is a system error, not 'busy'")
    func cannotOpen() {
        #expect {
            try VaultLock.acquire(at: sandbox.base + "/no-such-folder/lock", timeout: 0)
        } throws: { error in
            guard case .system(let system) = error as? VaultLock.LockError else { return false }
            return system.code == ENOENT
        }
    }

    @Test("a vault write waits for the lock, then fails clearly and writes nothing")
    func vaultWriteWhileLocked() throws {
        let holder = try VaultLock.acquire(at: lockPath, timeout: 0, recordPID: true)
        defer { holder.release() }
        let vault = try sandbox.vault(lockTimeout: 0.1)

        #expect {
            try vault.create(NewNote(title: "Plan", body: "x"))
        } throws: { error in
            guard case .lock(.busy(_, getpid(), _)) = error as? VaultError else { return false }
            return (error as! VaultError).kind == .failure
        }
        #expect(sandbox.names() == [".enote"])
    }

    @Test("a process holding the lock killed with SIGKILL leaves no stale lock")
    func killedHolder() throws {
        // The shell takes the lock on descriptor 9 with flock(1), records its pid, says so, and
        // becomes `sleep` (same pid, same descriptor), so exactly one process holds the lock.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exec 9<>\"$1\" && flock -x 9 && echo $$ >&9 && echo locked && exec sleep 30", "sh", lockPath]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        defer {
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
            child.waitUntilExit()
        }
        let line = String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self)
        try #require(line == "locked\n", "the child took the lock")

        let busy = try #require(busyHolder(timeout: 0.2), "the child holds the lock")
        #expect(busy.holder == child.processIdentifier)

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)

        let lock = try VaultLock.acquire(at: lockPath, timeout: 0)
        lock.release()
        #expect(FileManager.default.fileExists(atPath: lockPath), "the lock file may stay; the lock does not")
    }
}
