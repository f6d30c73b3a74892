import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Only the watcher that holds the watch lock is believed on `.enote/watch.sock`, and the whole
/// exchange with it fits one deadline: a process that answers falsely, or one that drips a byte
/// at a time, neither hides a note nor stalls a command.
@Suite struct WatchSocketTrustTests {
    /// A process of the test's own answering on the vault's socket while no watcher runs.
    final class FakeWatcher: @unchecked Sendable {
        /// What the fake does with each connection.
        enum Behaviour {
            /// Answers `ok` at once, as if the index were current.
            case claimsCaughtUp
            /// Sends one byte of `ok` every half second, never a newline, for 15 s.
            case drips
        }

        /// Whether the test has ended, checked between every step of the fake.
        final class StopFlag: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            var isSet: Bool { lock.withLock { value } }
            func set() { lock.withLock { value = true } }
        }

        private let listener: Int32
        /// The watch lock, when the fake holds it (and so passes for the watcher).
        private var lock: Int32 = -1
        private let stop = StopFlag()
        private let finished = DispatchSemaphore(value: 0)

        init(socketPath: String, behaviour: Behaviour, holdingTheLockAt lockPath: String? = nil) throws {
            if let lockPath {
                lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                try #require(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0, "lock \(lockPath): errno \(errno)")
            }
            let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(listener >= 0)
            self.listener = listener
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(socketPath.utf8)
            try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0 && listen(listener, 8) == 0, "bind \(socketPath): errno \(errno)")
            let finished = self.finished
            let stop = self.stop
            Thread.detachNewThread {
                defer { finished.signal() }
                while !stop.isSet {
                    var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, 100) > 0 else { continue }
                    let client = accept(listener, nil, nil)
                    guard client >= 0 else { continue }
                    switch behaviour {
                    case .claimsCaughtUp:
                        var request = [UInt8](repeating: 0, count: 16)
                        _ = recv(client, &request, request.count, 0)
                        _ = send(client, "ok\n", 3, Int32(MSG_NOSIGNAL))
                    case .drips:
                        for _ in 0..<30 where !stop.isSet {
                            usleep(500_000)
                            guard send(client, "o", 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
                        }
                    }
                    close(client)
                }
            }
        }

        deinit {
            stop.set()
            _ = finished.wait(timeout: .now() + 20)
            close(listener)
            if lock >= 0 { close(lock) }
        }
    }

    /// A vault with a built index and then a note the index does not have yet.
    private func vaultWithANewNote() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        let built = try vault.run("list")
        try #require(built.status == 0, "\(built)")
        try vault.write("fresh.md", "# Fresh\nzanzibarword\n")
        return vault
    }

    @Test func aFalseAnswerWithoutAWatcherDoesNotSkipTheWalk() throws {
        let vault = try vaultWithANewNote()
        let fake = try FakeWatcher(socketPath: vault.url(".enote/watch.sock").path, behaviour: .claimsCaughtUp)
        defer { withExtendedLifetime(fake) {} }
        let result = try vault.run(["search", "zanzibarword", "--json"], environment: ["ENOTE_TRACE": "1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("fresh.md"), "the new note is found: \(result)")
        #expect(!usedTheWatcher(result), "\(result.stderr)")
    }

    /// A dripping peer that does not hold the lock is not even asked; one that holds it (and
    /// so passes for the watcher) is given one deadline for the whole exchange.
    @Test(arguments: [false, true])
    func aDrippingAnswerStopsAtTheDeadline(holdingTheLock: Bool) throws {
        let vault = try vaultWithANewNote()
        let fake = try FakeWatcher(
            socketPath: vault.url(".enote/watch.sock").path, behaviour: .drips,
            holdingTheLockAt: holdingTheLock ? vault.url(".enote/watch.lock").path : nil)
        defer { withExtendedLifetime(fake) {} }
        let start = Date()
        let result = try vault.run(["search", "zanzibarword", "--json"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("fresh.md"), "\(result)")
        #expect(elapsed < 2.5, "the command took \(elapsed) s")
    }

    @Test func theRealWatcherIsStillBelieved() throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        try vault.write("fresh.md", "# Fresh\nzanzibarword\n")
        let result = try vault.run(["search", "zanzibarword", "--json"], environment: ["ENOTE_TRACE": "1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("fresh.md"), "\(result)")
        #expect(usedTheWatcher(result), "\(result.stderr)")
    }
}
