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

        /// How many resources the client watches (a URI in two streams counts twice).
        var watchedCount: Int {
            streams.values.reduce(legacyURIs.count) { $0 + $1.stream.uris.count }
        }

        /// Drops the stamps of URIs nothing watches any more.
        mutating func forgetUnwatchedStamps() {
            var watched = legacyURIs
            for (_, entry) in streams { watched.formUnion(entry.stream.uris) }
            stamps = stamps.filter { watched.contains($0.key) }
        }
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

    /// The most resources one client may watch, its subscriptions and its streams' counted
    /// together: each costs memory and a look at its file after every change whose paths are
    /// not known (40,000 took the server from 28 to 345 MiB).
    static let maximumSubscriptions = 1_000
    /// The most subscription streams one client may hold open.
    static let maximumStreams = 100

    /// Subscribes to `uri`; `false`, and nothing changed, when the client already watches
    /// ``maximumSubscriptions`` resources.
    func subscribe(_ uri: String) -> Bool {
        let stamp = stamp(of: uri)
        return state.withLock {
            if !$0.legacyURIs.contains(uri), $0.watchedCount >= Self.maximumSubscriptions { return false }
            $0.legacyURIs.insert(uri)
            $0.stamps[uri] = stamp
            return true
        }
    }

    func unsubscribe(_ uri: String) {
        state.withLock {
            $0.legacyURIs.remove(uri)
            $0.forgetUnwatchedStamps()
        }
    }

    /// Opens a modern stream (the `subscriptions/listen` request `id`); `false`, and nothing
    /// opened, when it would take the client past ``maximumStreams`` or ``maximumSubscriptions``.
    func listen(_ id: JSONValue, _ stream: Stream) -> Bool {
        guard stream.uris.count <= Self.maximumSubscriptions else { return false }
        let stamps = stream.uris.map { ($0, stamp(of: $0)) }
        return state.withLock {
            guard $0.streams.count < Self.maximumStreams, $0.watchedCount + stream.uris.count <= Self.maximumSubscriptions else { return false }
            $0.streams[Self.key(id)] = (id, stream)
            for (uri, stamp) in stamps { $0.stamps[uri] = stamp }
            return true
        }
    }

    /// Ends the stream opened by request `id`; whether there was one.
    @discardableResult
    func cancel(_ id: JSONValue) -> Bool {
        state.withLock {
            let removed = $0.streams.removeValue(forKey: Self.key(id)) != nil
            $0.forgetUnwatchedStamps()
            return removed
        }
    }

    /// An id as a key: its JSON text (a request's id is a number or a string).
    private static func key(_ id: JSONValue) -> String {
        String(decoding: (try? JSONEncoder().encode(id)) ?? Data(), as: UTF8.self)
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
            writer.notify("notifications/resources/list_changed", Reply(ProtocolAnswers.Changed()))
            for uri in updated.intersection(legacy).sorted() {
                writer.notify("notifications/resources/updated", Reply(ProtocolAnswers.Changed(uri: uri)))
            }
        }
        for (_, entry) in streams.sorted(by: { $0.key < $1.key }) {
            let meta = ProtocolAnswers.StreamMeta(id: entry.id)
            if entry.stream.listChanged {
                writer.notify("notifications/resources/list_changed", Reply(ProtocolAnswers.Changed(meta: meta)))
            }
            for uri in updated.intersection(entry.stream.uris).sorted() {
                writer.notify("notifications/resources/updated", Reply(ProtocolAnswers.Changed(meta: meta, uri: uri)))
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
