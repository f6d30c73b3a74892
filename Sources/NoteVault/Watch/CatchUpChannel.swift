#if canImport(Glibc)
import Glibc
#endif

/// The Unix socket `.enote/watch.sock` through which a command asks a running watcher to catch
/// up before it trusts the index.
///
/// The protocol is one line each way: the command sends `sync`; the watcher reads every pending
/// inotify event, applies it to the index, and answers `ok` (or `busy` while a git operation is
/// in progress, when the command walks the vault itself). A command that gets no answer within
/// ``timeout`` goes on without the watcher.
///
/// The socket is addressed through `/proc/self/fd/N/watch.sock`, N being the open `.enote`
/// folder, so a vault path longer than `sun_path`'s 108 bytes still works.
public enum CatchUpChannel {
    /// How long a command waits for the watcher.
    public static let timeout = 1.0

    /// The socket's file name inside `.enote/`.
    static let socketName = "watch.sock"

    /// Asks the vault's watcher, if one is running, to catch up.
    /// - Returns: `true` when a watcher answered that the index is current.
    public static func requestCatchUp(_ vault: Vault) -> Bool {
        let folder = open(vault.stateFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        let connected = withAddress("/proc/self/fd/\(folder)/\(socketName)") { address, length in
            connect(socket, address, length) == 0
        }
        guard connected == true else { return false }
        guard send(line: "sync\n", to: socket) else { return false }
        return receiveLine(from: socket) == "ok"
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

    /// Reads one request line from a just-accepted client (waiting briefly).
    static func readRequest(from client: Int32) -> String? {
        var interval = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        return receiveLine(from: client)
    }

    /// Sends one line.
    @discardableResult
    static func send(line: String, to socket: Int32) -> Bool {
        let bytes = Array(line.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return sent == bytes.count
    }

    /// Reads up to a newline (at most 64 bytes).
    private static func receiveLine(from socket: Int32) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 64 {
            let count = recv(socket, &byte, 1, 0)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
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
