import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Bytes read from a file descriptor and not yet taken: the one buffer both transports read
/// through (``MessageReader``'s LSP headers and bodies, ``LineReader``'s lines).
struct InputBuffer {
    /// Where the bytes come from.
    let descriptor: Int32
    /// The bytes read so far, from the first one not yet taken, or earlier.
    var bytes: [UInt8] = []
    /// The index in ``bytes`` of the first byte not yet taken.
    var position = 0
    /// Whether the input has ended (or failed): nothing more will be read.
    var closed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads more input, dropping the bytes already taken when that frees room; `false` at the
    /// end of input.
    mutating func fill() -> Bool {
        if closed { return false }
        if position > 0, position == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            position = 0
        } else if position > 65536 {
            bytes.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            closed = true
            return false
        }
    }
}
