#if canImport(Glibc)
import Glibc
#endif

/// A thin owner of one inotify instance: watches folders, reads and decodes events.
///
/// Opened with `IN_CLOEXEC | IN_NONBLOCK`; reads are retried on `EINTR` and stop at `EAGAIN`,
/// so the caller's `poll` decides when to wait.
final class Inotify {
    /// One decoded event.
    struct Event {
        var watch: Int32
        var mask: UInt32
        var cookie: UInt32
        /// The name inside the watched folder (empty for events on the folder itself).
        var name: [UInt8]

        func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
    }

    /// Why a folder could not be watched.
    enum WatchError: Error {
        /// The per-user watch limit is reached (`ENOSPC`).
        case limitReached
        /// There is no instance to watch with (see ``init(unavailable:)``).
        case unavailable(SystemError)
        case system(SystemError)
    }

    /// The instance's descriptor, or -1 when there is none (``unavailable``): `poll` passes
    /// over a negative descriptor, and reading it finds no event.
    let descriptor: Int32
    /// Why there is no instance, for one that could not be opened; `nil` for a working one.
    let unavailable: SystemError?
    /// The most watches this instance may hold, below the kernel's own limit, or `nil`.
    private let maximumWatches: Int?
    /// The watches held now (added, not yet removed or dropped by the kernel).
    private var active: Set<Int32> = []

    /// What each folder watch reports: creations, deletions, moves, finished writes, changes of
    /// attributes, and the folder itself going away.
    static let folderMask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

    /// What the watch on `.enote/` reports: files appearing, going and finished being written
    /// there (the config saved in place or replaced), never each write (the index's own writes
    /// would flood the queue).
    static let stateFolderMask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

    /// Opens an inotify instance.
    /// - Parameter maximumWatches: A limit on watches below the kernel's: one more fails as if
    ///   `fs.inotify.max_user_watches` were reached (`ENOSPC`), so the fallback can be exercised
    ///   without lowering the limit for the whole machine. `nil` leaves only the kernel's.
    init(maximumWatches: Int? = nil) throws(SystemError) {
        self.maximumWatches = maximumWatches
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        unavailable = nil
        guard descriptor >= 0 else { throw SystemError("inotify_init1", path: "inotify") }
    }

    /// Stands in for an instance that could not be opened (`error`: the per-user instance limit,
    /// `fs.inotify.max_user_instances`, or no descriptor left): every watch fails with
    /// ``WatchError/unavailable``, so its owner falls back to polling.
    init(unavailable error: SystemError) {
        maximumWatches = nil
        descriptor = -1
        unavailable = error
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Watches the folder at the absolute `path`; returns the watch descriptor.
    /// - Parameters:
    ///   - mask: What to report (a note folder's events by default).
    ///   - counted: Whether the watch counts towards `maximumWatches` (the limit tests set on
    ///     note folders; the watch on `.enote/` is not one of them).
    func watch(_ path: String, mask: UInt32 = folderMask, counted: Bool = true) throws(WatchError) -> Int32 {
        if let unavailable { throw .unavailable(unavailable) }
        if counted, let maximumWatches, active.count >= maximumWatches { throw .limitReached }
        let watch = inotify_add_watch(descriptor, path, mask)
        guard watch >= 0 else {
            if errno == ENOSPC { throw .limitReached }
            throw .system(SystemError("inotify_add_watch", path: path))
        }
        if counted { active.insert(watch) }
        return watch
    }

    /// Stops a watch (errors are ignored: the folder may be gone already).
    func unwatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
        active.remove(watch)
    }

    /// Reads every event available now, without waiting.
    func readAvailable() -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break  // EAGAIN: nothing more for now
            }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= count {
                    let header = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + headerSize
                    let nameBytes = raw[nameStart..<min(nameStart + Int(header.len), count)]
                    let name = Array(nameBytes.prefix { $0 != 0 })
                    let event = Event(watch: header.wd, mask: header.mask, cookie: header.cookie, name: name)
                    if event.has(IN_IGNORED) { active.remove(event.watch) }
                    events.append(event)
                    offset = nameStart + Int(header.len)
                }
            }
        }
        return events
    }

    /// `fs.inotify.max_user_watches`, for the message when the limit is reached.
    static var watchLimit: String { setting("max_user_watches") }

    /// `fs.inotify.max_user_instances`, for the message when no instance can be opened.
    static var instanceLimit: String { setting("max_user_instances") }

    /// The value of `fs.inotify.NAME`, or "unknown".
    private static func setting(_ name: String) -> String {
        let descriptor = open("/proc/sys/fs/inotify/" + name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "unknown" }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return "unknown" }
        return String(decoding: buffer[..<count], as: UTF8.self).trimmedWhitespace()
    }
}
