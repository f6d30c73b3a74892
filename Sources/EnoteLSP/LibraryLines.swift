import Synchronization

/// The lines the library says about a vault (an index rebuilt, kept in memory), from whichever
/// thread says them (a walk in the background heals a damaged index there): kept here until the
/// server's own thread, the one that writes to the client, sends them to the client's log.
final class LibraryLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// Keeps `line` for the server's thread.
    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// The lines kept so far, oldest first; they are not kept any longer.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }
}
