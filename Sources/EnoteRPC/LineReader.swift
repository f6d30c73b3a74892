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

    private let maximumLength: Int
    private var input: InputBuffer

    public init(descriptor: Int32, maximumLength: Int = LineReader.maximumLength) {
        input = InputBuffer(descriptor: descriptor)
        self.maximumLength = maximumLength
    }

    /// The next message, framing error or end of input (the events of ``MessageReader``).
    public func next() -> MessageReader.Event {
        var scanned = 0  // bytes after `position` known to hold no newline
        var dropped = 0  // bytes of an overlong line already thrown away
        while true {
            if let newline = input.bytes[(input.position + scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > input.position, input.bytes[end - 1] == 0x0D { end -= 1 }
                let line = input.bytes[input.position..<end]
                input.position = newline + 1
                scanned = 0
                if dropped > 0 {
                    let length = dropped + line.count
                    return .framingError("a message of \(length) bytes, more than the \(maximumLength) accepted")
                }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                return .message(Data(line))
            }
            scanned = input.bytes.count - input.position
            if scanned > maximumLength {
                dropped += scanned
                input.position = input.bytes.count
                scanned = 0
            }
            guard input.fill() else {
                if dropped > 0 { return .framingError("a message of \(dropped) bytes, more than the \(maximumLength) accepted") }
                guard input.position < input.bytes.count else { return .end }
                let line = input.bytes[input.position...]
                input.position = input.bytes.count
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .end }
                return .message(Data(line))
            }
        }
    }
}
