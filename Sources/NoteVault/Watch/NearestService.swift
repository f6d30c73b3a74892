import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The watcher's answers to commands that ask it for the notes nearest a search in meaning
/// (``NearestChannel``): one at a time, on a thread of the watcher's own at the user's priority
/// (never the embedder's low one, never the watcher's loop, which goes on answering catch-ups
/// meanwhile), with an index connection of its own and a small page cache. The vectors are read
/// from the index for each question, never kept, so the watcher's memory stays what it was.
final class NearestService: Sendable {
    private let vault: Vault
    private let queue = DispatchQueue(label: "enote nearest", qos: .userInitiated)
    /// Opened at the first question and kept; used only on `queue`.
    private let index = Mutex<NoteIndex?>(nil)

    init(vault: Vault) {
        self.vault = vault
    }

    /// Answers the client that sent `header` (``NearestChannel/Header``), then closes it. The
    /// client is this object's from now on. A question still waiting when its asker has given
    /// up on it (``CatchUpChannel/timeout``) is dropped unanswered.
    func answer(_ client: Int32, header line: String) {
        let deadline = CatchUpChannel.Deadline(after: CatchUpChannel.timeout)
        queue.async { [self] in
            defer { close(client) }
            let reply = answer(line, from: client, by: deadline).map(NearestChannel.answer) ?? Array("none\n".utf8)
            // A time of its own: `none` is said even to a client whose question ran out of time.
            _ = CatchUpChannel.send(bytes: reply, to: client, by: CatchUpChannel.Deadline(after: CatchUpChannel.timeout))
        }
    }

    /// The notes to answer with, or `nil` for `none`.
    private func answer(_ line: String, from client: Int32, by deadline: CatchUpChannel.Deadline) -> [(noteID: Int64, score: Float)]? {
        guard let header = NearestChannel.Header(line: line),
            let body = CatchUpChannel.receive(count: header.bodyBytes, from: client, by: deadline),
            let newline = body.firstIndex(of: UInt8(ascii: "\n")),
            case .success(let model) = EmbeddingModel.installed
        else { return nil }
        let recipe = PassageCutter.standard.recipe
        guard String(decoding: body[..<newline], as: UTF8.self) == recipe, deadline.remainingMilliseconds > 0 else { return nil }
        let vector = model.embed(String(decoding: body[(newline + 1)...], as: UTF8.self), as: .query)
        guard let index = openedIndex() else { return nil }
        return try? index.read { store in
            guard try store.holdsVectors(of: recipe) else { return nil }
            return try index.nearestNotes(in: store, to: vector, limit: header.count, floor: header.floor)
        }
    }

    /// The service's index connection, opened on first use (`nil` when it cannot be).
    private func openedIndex() -> NoteIndex? {
        if let opened = index.withLock({ $0 }) {
            _ = try? opened.reopenIfReplaced()
            return opened
        }
        guard let opened = try? NoteIndex.open(vault, cacheKiB: 256, memoryFallback: false) else { return nil }
        index.withLock { $0 = opened }
        return opened
    }
}
