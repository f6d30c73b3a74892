import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Reads the base protocol of LSP from a file descriptor: header lines ending in `\r\n`, an empty
/// line, then exactly `Content-Length` bytes of JSON.
///
/// A header block without a usable `Content-Length` cannot say where its body ends, so the reader
/// reports it and looks for the next `Content-Length:` header instead of guessing; a body larger
/// than ``maximumLength`` is read and dropped, so a client cannot make the server hold gigabytes.
public final class MessageReader {
    /// What one read gives.
    public enum Event: Equatable {
        /// A whole body.
        case message(Data)
        /// Bytes that were not a message, and why (the reader has moved past them).
        case framingError(LocalizedMessage)
        /// The input closed.
        case end
    }

    /// The largest body accepted: a note is at most 10 MiB, and JSON escaping can double it.
    public static let maximumLength = 32 * 1_048_576

    private var input: InputBuffer

    public init(descriptor: Int32) {
        input = InputBuffer(descriptor: descriptor)
    }

    /// Whether input is there to read, waiting up to `milliseconds` for some: bytes already
    /// read and not yet given out, or bytes (or the end) on the descriptor.
    public func hasInput(waitingUpTo milliseconds: Int32) -> Bool {
        if input.position < input.bytes.count || input.closed { return true }
        var descriptors = [pollfd(fd: input.descriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready != 0  // an error too: the next read says what it is
        }
    }

    /// The next message, framing error or end of input.
    public func next() -> Event {
        var length: Int?
        var sawHeader = false
        while true {
            guard let line = readLine() else { return .end }
            if line.isEmpty {
                guard sawHeader else { continue }  // stray blank lines between messages
                guard let length else { return .framingError("a header block without Content-Length") }
                guard length <= Self.maximumLength else {
                    guard skip(length) else { return .end }
                    return .framingError("a body of \(length) bytes, more than the \(Self.maximumLength) accepted")
                }
                guard let body = read(length) else { return .end }
                return .message(Data(body))
            }
            // Resynchronise on a header that follows a body without a line break.
            let text = String(decoding: line, as: UTF8.self)
            let header: Substring
            if let range = text.range(of: "Content-Length:", options: .caseInsensitive), range.lowerBound != text.startIndex {
                header = text[range.lowerBound...]
                length = nil
            } else {
                header = text[...]
            }
            guard let colon = header.firstIndex(of: ":"), Self.isToken(header[..<colon]) else {
                // Not a header: whatever came before is not a message.
                let hadHeader = sawHeader
                sawHeader = false
                length = nil
                if hadHeader || !header.isEmpty { return .framingError("a line that is not a header: \(String(header.prefix(80)))") }
                continue
            }
            sawHeader = true
            let name = header[..<colon].lowercased()
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let parsed = Int(value), parsed >= 0 else {
                    length = nil
                    _ = skipToBlankLine()
                    return .framingError("Content-Length \"\(value.prefix(40))\" is not a number of bytes")
                }
                length = parsed
            }
        }
    }

    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// Drops header lines up to the blank line that ends the block.
    private func skipToBlankLine() -> Bool {
        while let line = readLine() {
            if line.isEmpty { return true }
        }
        return false
    }

    /// One line without its `\r\n` (or `\n`); `nil` at the end of input. A line longer than the
    /// maximum body is cut there, so garbage without line breaks cannot fill the memory.
    private func readLine() -> ArraySlice<UInt8>? {
        var scanned = 0  // bytes after `position` known to hold no line break
        while true {
            if let newline = input.bytes[(input.position + scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > input.position, input.bytes[end - 1] == 0x0D { end -= 1 }
                let line = input.bytes[input.position..<end]
                input.position = newline + 1
                return line
            }
            scanned = input.bytes.count - input.position
            if input.bytes.count - input.position > Self.maximumLength {
                let line = input.bytes[input.position...]
                input.position = input.bytes.count
                return line
            }
            guard input.fill() else {
                guard input.position < input.bytes.count else { return nil }
                let line = input.bytes[input.position...]
                input.position = input.bytes.count
                return line
            }
        }
    }

    private func read(_ count: Int) -> ArraySlice<UInt8>? {
        while input.bytes.count - input.position < count {
            guard input.fill() else { return nil }
        }
        let body = input.bytes[input.position..<input.position + count]
        input.position += count
        return body
    }

    private func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if input.position == input.bytes.count, !input.fill() { return false }
            let taken = min(left, input.bytes.count - input.position)
            input.position += taken
            left -= taken
        }
        return true
    }
}
