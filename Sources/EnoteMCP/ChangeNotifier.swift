import EnoteRPC
import Foundation
import NoteVault
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Tells the client that notes changed, as it asked: a legacy client through
/// `resources/subscribe` (and `list_changed` once initialized), a modern one through the
/// `subscriptions/listen` streams it opened, each notification tagged with its stream's id.
///
/// Fed from the watcher's thread; the request thread adds and removes subscriptions. Both go
/// through one `Mutex`.
final class ChangeNotifier: Sendable {
    /// What one modern stream asked for.
    struct Stream: Sendable {
        var listChanged: Bool
        var uris: Set<String>
    }

    private struct State: Sendable {
        var legacyReady = false
        var legacyURIs: Set<String> = []
        var streams: [String: (id: JSONValue, stream: Stream)] = [:]
        /// Each watched URI's file stamp when last seen, for changes whose paths are not known.
        var stamps: [String: [Int64]] = [:]
    }

    private let state = Mutex(State())
    private let writer: MessageWriter
    private let root: String

    init(writer: MessageWriter, root: String) {
        self.writer = writer
        self.root = root
    }

    /// The legacy client finished `initialize`: `list_changed` may be sent.
    func legacyInitialized() {
        state.withLock { $0.legacyReady = true }
    }

    func subscribe(_ uri: String) {
        let stamp = stamp(of: uri)
        state.withLock {
            $0.legacyURIs.insert(uri)
            $0.stamps[uri] = stamp
        }
    }

    func unsubscribe(_ uri: String) {
        _ = state.withLock { $0.legacyURIs.remove(uri) }
    }

    /// Opens a modern stream (the `subscriptions/listen` request `id`).
    func listen(_ id: JSONValue, _ stream: Stream) {
        let stamps = stream.uris.map { ($0, stamp(of: $0)) }
        state.withLock {
            $0.streams[Self.key(id)] = (id, stream)
            for (uri, stamp) in stamps { $0.stamps[uri] = stamp }
        }
    }

    /// Ends the stream opened by request `id`; whether there was one.
    @discardableResult
    func cancel(_ id: JSONValue) -> Bool {
        state.withLock { $0.streams.removeValue(forKey: Self.key(id)) != nil }
    }

    private static func key(_ id: JSONValue) -> String {
        String(decoding: ToolResult.encode(id), as: UTF8.self)
    }

    /// Notes changed: `paths`, or some unknown ones (`nil`).
    func publish(_ paths: [String]?) {
        let (ready, legacy, streams, known) = state.withLock { ($0.legacyReady, $0.legacyURIs, $0.streams, $0.stamps) }
        var watched = legacy
        for (_, entry) in streams { watched.formUnion(entry.stream.uris) }
        var updated: Set<String> = []
        if let paths {
            let changed = Set(paths.map(NoteURI.uri))
            updated = watched.intersection(changed)
        } else {
            var stamps: [String: [Int64]] = [:]
            for uri in watched {
                let now = stamp(of: uri)
                stamps[uri] = now
                if known[uri] != now { updated.insert(uri) }
            }
            state.withLock { state in for (uri, stamp) in stamps { state.stamps[uri] = stamp } }
        }
        if ready {
            writer.notify("notifications/resources/list_changed", Reply(JSONValue.object([:])))
            for uri in updated.intersection(legacy).sorted() {
                writer.notify("notifications/resources/updated", Reply(JSONValue.object(["uri": .string(uri)])))
            }
        }
        for (_, entry) in streams.sorted(by: { $0.key < $1.key }) {
            let meta: JSONValue = .object([ProtocolVersion.subscriptionKey: entry.id])
            if entry.stream.listChanged {
                writer.notify("notifications/resources/list_changed", Reply(JSONValue.object(["_meta": meta])))
            }
            for uri in updated.intersection(entry.stream.uris).sorted() {
                writer.notify("notifications/resources/updated", Reply(JSONValue.object(["_meta": meta, "uri": .string(uri)])))
            }
        }
    }

    /// The size, change time and inode of the note a URI names (all -1 when it is missing).
    private func stamp(of uri: String) -> [Int64] {
        guard let path = NoteURI.path(uri), let note = try? NotePath(validating: path, purpose: .lookup) else { return [-1, -1, -1, -1] }
        var status = stat()
        guard lstat(root + "/" + note.description, &status) == 0 else { return [-1, -1, -1, -1] }
        return [Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec), Int64(status.st_ino)]
    }
}
