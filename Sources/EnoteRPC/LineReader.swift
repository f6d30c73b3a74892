import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Reads newline-delimited JSON-RPC messages from a file descriptor: MCP's stdio transport,
/// one message per line (`\n`, a `\r` before it dropped), blank lines skipped.
///
/// A line longer than ``maximumLength`` is read and dropped up to its end, and reported, so a
/// client cannot make the server hold gigabytes; the next line is read as usual.
public final class LineReader {
    /// The largest line accepted: a note is at most 10 MiB, and JSON escaping can double it.
    public static let maximumLength = MessageReader.maximumLength

    private let descriptor: Int32
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var closed = false

    public init(descriptor: Int32, maximumLength: Int = LineReader.maximumLength) {
        self.descriptor = descriptor
        self.maximumLength = maximumLength
    }

    /// The next message, framing error or end of input (the events of ``MessageReader``).
    public func next() -> MessageReader.Event {
        var scanned = 0  // bytes after `position` known to hold no newline
        var dropped = 0  // bytes of an overlong line already thrown away
        while true {
            if let newline = buffer[(position + scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[position..<end]
                position = newline + 1
                scanned = 0
                if dropped > 0 {
                    let length = dropped + line.count
                    return .framingError("a message of \(length) bytes, more than the \(maximumLength) accepted")
                }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                return .message(Data(line))
            }
            scanned = buffer.count - position
            if scanned > maximumLength {
                dropped += scanned
                position = buffer.count
                scanned = 0
            }
            guard fill() else {
                if dropped > 0 { return .framingError("a message of \(dropped) bytes, more than the \(maximumLength) accepted") }
                guard position < buffer.count else { return .end }
                let line = buffer[position...]
                position = buffer.count
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .end }
                return .message(Data(line))
            }
        }
    }

    /// Reads more input; `false` at the end of input.
    private func fill() -> Bool {
        if closed { return false }
        if position > 0, position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        } else if position > 65536 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            closed = true
            return false
        }
    }
}
