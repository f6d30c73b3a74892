import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Asking the vault's watcher for the notes nearest a search in meaning, on the watcher's
/// socket (``CatchUpChannel``): the watcher has the model mapped and warm, so a command that
/// lives for one search neither maps it (20–30 ms) nor embeds the query itself, and the
/// watcher's answer is computed on the other core while the command ranks the words.
///
/// The request is a line and a body: `near COUNT FLOOR BYTES` (the most notes wanted, the
/// least score as the hexadecimal bits of a 32-bit float, the body's length), then the body:
/// the recipe of the asker's vectors (``PassageCutter/recipe``), a newline, and the query's
/// text. The answer is `ok N` and N notes of 12 bytes each (the note's id as a little-endian
/// 64-bit integer, its score as a little-endian 32-bit float), best first; or `none` when the
/// watcher cannot answer (no model, another recipe, no vectors), when the asker embeds the
/// query itself.
enum NearestChannel {
    /// The longest body asked about; a longer query is embedded by the asker.
    static let maximumBody = 16 * 1024
    /// The most notes asked for.
    static let maximumCount = 10_000
    /// The bytes of one note in an answer.
    static let noteBytes = 12

    /// A request's first line, parsed.
    struct Header: Equatable {
        var count: Int
        var floor: Float
        var bodyBytes: Int

        /// The line, without its newline.
        var line: String { "near \(count) \(String(floor.bitPattern, radix: 16)) \(bodyBytes)" }

        init(count: Int, floor: Float, bodyBytes: Int) {
            self.count = count
            self.floor = floor
            self.bodyBytes = bodyBytes
        }

        /// Reads a request line; `nil` for anything else, or numbers out of bounds.
        init?(line: String) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0] == "near", let count = Int(parts[1]), let bits = UInt32(parts[2], radix: 16),
                let bodyBytes = Int(parts[3]), (1...NearestChannel.maximumCount).contains(count), (0...NearestChannel.maximumBody).contains(bodyBytes)
            else { return nil }
            let floor = Float(bitPattern: bits)
            guard !floor.isNaN else { return nil }
            self.init(count: count, floor: floor, bodyBytes: bodyBytes)
        }
    }

    /// The answer's bytes for `notes`.
    static func answer(_ notes: [(noteID: Int64, score: Float)]) -> [UInt8] {
        var bytes = Array("ok \(notes.count)\n".utf8)
        bytes.reserveCapacity(bytes.count + notes.count * noteBytes)
        for note in notes {
            withUnsafeBytes(of: note.noteID.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: note.score.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The notes of an answer's body of `count` notes.
    static func notes(in bytes: [UInt8], count: Int) -> [(noteID: Int64, score: Float)] {
        bytes.withUnsafeBytes { raw in
            (0..<count).map { index in
                let offset = index * noteBytes
                let id = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self))
                let bits = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))
                return (id, Float(bitPattern: bits))
            }
        }
    }
}

/// A question sent to the vault's watcher (``NearestChannel``), whose answer is read when the
/// search needs it.
final class NearestRequest: Sendable {
    /// The most notes asked for.
    let count: Int
    private let socket: Int32
    private let deadline: CatchUpChannel.Deadline

    private init(count: Int, socket: Int32, deadline: CatchUpChannel.Deadline) {
        self.count = count
        self.socket = socket
        self.deadline = deadline
    }

    deinit {
        close(socket)
    }

    /// Asks the watcher of `vault` for the `count` notes nearest `text`, none below `floor`;
    /// `nil` when no watcher runs or the question could not be sent.
    static func send(_ text: String, count: Int, floor: Float, recipe: String, to vault: Vault) -> NearestRequest? {
        let body = Array((recipe + "\n" + text).utf8)
        guard body.count <= NearestChannel.maximumBody, (1...NearestChannel.maximumCount).contains(count) else { return nil }
        let deadline = CatchUpChannel.Deadline(after: CatchUpChannel.timeout)
        guard let socket = CatchUpChannel.connectToWatcher(vault) else { return nil }
        let request = NearestRequest(count: count, socket: socket, deadline: deadline)
        let header = NearestChannel.Header(count: count, floor: floor, bodyBytes: body.count)
        guard CatchUpChannel.send(bytes: Array((header.line + "\n").utf8) + body, to: socket, by: deadline) else { return nil }
        return request
    }

    /// The watcher's answer, waited for until the deadline; `nil` when it has none, or gave
    /// none in time.
    func answer() -> [(noteID: Int64, score: Float)]? {
        guard let line = CatchUpChannel.receiveLine(from: socket, by: deadline) else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 2, parts[0] == "ok", let count = Int(parts[1]), (0...self.count).contains(count),
            let bytes = CatchUpChannel.receive(count: count * NearestChannel.noteBytes, from: socket, by: deadline)
        else { return nil }
        return NearestChannel.notes(in: bytes, count: count)
    }
}
