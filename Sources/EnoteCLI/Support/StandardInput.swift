import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Standard input read as a note's text, never more than a note may hold: reading stops one
/// byte past ``NoteContent/maximumSize``, so `enote new X < /dev/zero` ends at once with a
/// message instead of growing until memory runs out.
enum StandardInput {
    /// The bytes on standard input, up to the size limit of a note.
    /// - Throws: ``VaultError/invalidInput(_:)`` when there is more; ``VaultError/io(_:)`` when
    ///   reading fails.
    static func readNoteText() throws(VaultError) -> [UInt8] {
        let limit = NoteContent.maximumSize
        var failure: Int32 = 0
        // One buffer of the limit + 1 byte, filled in place: no copy, no zero-filling.
        let bytes = [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
            count = 0
            while count <= limit {
                let read = Glibc.read(STDIN_FILENO, buffer.baseAddress! + count, limit + 1 - count)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if read == 0 { return }
                count += read
            }
        }
        if failure != 0 {
            throw .io("standard input could not be read (\(String(cString: strerror(failure)))); no note was created")
        }
        guard bytes.count <= limit else {
            throw .invalidInput("standard input holds more than \(limit / 1_048_576) MiB, the most a note may hold; no note was created")
        }
        return bytes
    }
}
