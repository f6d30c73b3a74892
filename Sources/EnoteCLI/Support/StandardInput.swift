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
    /// - Throws: ``VaultError/invalidInput(_:)`` when there is more, or reading fails.
    static func readNoteText() throws(VaultError) -> [UInt8] {
        let limit = NoteContent.maximumSize
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        var count = 0
        while count <= limit {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count))) }
            let read = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(STDIN_FILENO, raw.baseAddress! + count, raw.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw .invalidInput("standard input could not be read (\(String(cString: strerror(errno)))); no note was created")
            }
            if read == 0 { return Array(bytes[..<count]) }
            count += read
        }
        throw .invalidInput(
            "standard input holds more than \(limit / 1_048_576) MiB, the most a note may hold; no note was created")
    }
}
