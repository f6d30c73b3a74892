import CEnoteSystem

#if canImport(Glibc)
import Glibc
#endif

/// The Unix socket `.enote/watch.sock` through which a command asks a running watcher to catch
/// up before it trusts the index.
///
/// The protocol is one line each way: the command sends `sync`; the watcher reads every pending
/// inotify event, applies it to the index, and answers `ok` (or `busy` while a git operation is
/// in progress, when the command walks the vault itself). A command believes only the watcher
/// that holds the watch lock, and one that gets no answer within ``timeout`` goes on without
/// it.
///
/// The socket is addressed through `/proc/self/fd/N/watch.sock`, N being the open `.enote`
/// folder, so a vault path longer than `sun_path`'s 108 bytes still works.
enum CatchUpChannel {
    /// How long a command waits for the watcher.
    static let timeout = 1.0

    /// The socket's file name inside `.enote/`.
    static let socketName = "watch.sock"

    /// Asks the vault's watcher, if one is running, to catch up.
    ///
    /// Only the watcher is believed: the process answering must be of the same user
    /// (`SO_PEERCRED`) and hold the watch lock (its pid is the lock holder's), so a stale or
    /// foreign process on the socket never makes a command skip its walk. The whole exchange —
    /// connecting, asking, reading the answer — ends at one deadline, ``timeout`` from now,
    /// however slowly the other end answers.
    /// - Returns: `true` when the watcher answered that the index is current.
    static func requestCatchUp(_ vault: Vault) -> Bool {
        let deadline = Deadline(after: timeout)
        guard let socket = connectToWatcher(vault) else { return false }
        defer { close(socket) }
        guard send(line: "sync\n", to: socket, by: deadline) else { return false }
        return receiveLine(from: socket, by: deadline) == "ok"
    }

    /// A socket connected to the vault's watcher (non-blocking), or `nil` when none runs or
    /// the process on the socket is not one to believe (``isWatcher(_:stateFolder:)``).
    static func connectToWatcher(_ vault: Vault) -> Int32? {
        let folder = open(vault.stateFolder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        // connect() follows a symbolic link: only a socket file itself is asked.
        var status = stat()
        guard fstatat(folder, socketName, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let socket = Glibc.socket(AF_UNIX, flags, 0)
        guard socket >= 0 else { return nil }
        let connected = withAddress("/proc/self/fd/\(folder)/\(socketName)") { address, length in
            connect(socket, address, length) == 0
        }
        // A Unix socket connects at once or not at all (EAGAIN: its queue is full).
        guard connected == true, isWatcher(socket, stateFolder: folder) else {
            close(socket)
            return nil
        }
        return socket
    }

    /// Whether the process at the other end of `socket` is this user's and holds the watch
    /// lock in `stateFolder`.
    static func isWatcher(_ socket: Int32, stateFolder: Int32) -> Bool {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        guard enote_peer_credentials(socket, &pid, &uid) == 0, uid == geteuid(), pid > 0 else { return false }
        return WatchLock.isHeld(by: pid, in: stateFolder)
    }

    /// Creates the listening socket of a watcher (replacing a stale one: the watcher holds the
    /// watch lock, so no other watcher can be using it).
    static func listen(in vault: Vault) throws(SystemError) -> Int32 {
        let folder = open(vault.stateFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw SystemError("open", path: vault.stateFolder) }
        defer { close(folder) }
        _ = unlinkat(folder, socketName, 0)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw SystemError("socket", path: socketName) }
        let previousMask = umask(0o077)
        let bound = withAddress("/proc/self/fd/\(folder)/\(socketName)") { address, length in
            bind(socket, address, length) == 0
        }
        umask(previousMask)
        guard bound == true, Glibc.listen(socket, 16) == 0 else {
            let error = SystemError("bind", path: vault.stateFolder + "/" + socketName)
            close(socket)
            throw error
        }
        return socket
    }

    /// Removes the socket file when the watcher stops.
    static func remove(in vault: Vault) {
        _ = unlink(vault.stateFolder + "/" + socketName)
    }

    /// Reads one request line from a just-accepted client, within a second in all.
    static func readRequest(from client: Int32) -> String? {
        receiveLine(from: client, by: Deadline(after: 1))
    }

    /// Sends one line, by `deadline` at the latest.
    @discardableResult
    static func send(line: String, to socket: Int32, by deadline: Deadline = Deadline(after: 1)) -> Bool {
        send(bytes: Array(line.utf8), to: socket, by: deadline)
    }

    /// Sends `bytes`, by `deadline` at the latest.
    static func send(bytes: [UInt8], to socket: Int32, by deadline: Deadline) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard wait(for: Int16(POLLOUT), on: socket, until: deadline) else { return false }
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads up to a newline (at most 64 bytes), giving up at `deadline` however the bytes
    /// trickle in.
    static func receiveLine(from socket: Int32, by deadline: Deadline) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 64 {
            guard wait(for: Int16(POLLIN), on: socket, until: deadline) else { return nil }
            let count = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// Reads exactly `count` bytes, or `nil` when the other end stops or `deadline` passes first.
    static func receive(count: Int, from socket: Int32, by deadline: Deadline) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            guard wait(for: Int16(POLLIN), on: socket, until: deadline) else { return nil }
            let received = bytes[offset...].withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if received < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard received > 0 else { return nil }
            offset += received
        }
        return bytes
    }

    /// Waits until `socket` is ready for `events` or `deadline` passes; `false` at the deadline.
    private static func wait(for events: Int16, on socket: Int32, until deadline: Deadline) -> Bool {
        while true {
            let remaining = deadline.remainingMilliseconds
            guard remaining > 0 else { return false }
            var poller = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&poller, 1, remaining)
            if ready > 0 { return true }
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return false }
            return false
        }
    }

    /// A moment on the monotonic clock by which an exchange must be over.
    struct Deadline {
        private let end: Double

        init(after seconds: Double) {
            end = Self.now() + seconds
        }

        /// What is left, in whole milliseconds (at least 1 while any is left).
        var remainingMilliseconds: Int32 {
            let left = end - Self.now()
            return left <= 0 ? 0 : Int32(max(1, min(left * 1000, Double(Int32.max))))
        }

        private static func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    }

    private static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
