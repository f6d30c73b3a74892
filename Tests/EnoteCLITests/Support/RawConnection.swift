import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP connection to a local server, for what ``HTTPClient`` never does: stay open
/// without a word, send half a request, or wait to see the server hang up.
///
/// Close every one with ``close()`` (also done when it is freed).
final class RawConnection {
    private(set) var descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            descriptor = -1
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
    }

    deinit { close() }

    /// Sends `text` (without waiting for an answer); `false` when the server has closed.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return count == bytes.count
    }

    /// Waits up to `seconds` for the server to close the connection, reading and dropping what
    /// it sends meanwhile.
    /// - Returns: Whether it closed (end of file or a reset) in that time.
    func waitForClose(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(deadline.timeIntervalSinceNow, 1) * 1000) + 1)
            guard ready > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
        }
        return false
    }

    /// Closes it (idempotent).
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
