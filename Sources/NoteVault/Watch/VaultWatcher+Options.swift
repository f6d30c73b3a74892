import Foundation

/// What a watcher is given (its tuning and where its lines go) and why one does not start.
extension VaultWatcher {
    /// Tuning and reporting.
    public struct Options: Sendable {
        /// How long events must be quiet before a note is read.
        public var settle: Double = 0.05
        /// How long to wait for a `CLOSE_WRITE` after a note started being written.
        public var maximumWrite: Double = 2
        /// How often the whole vault is walked when inotify cannot watch every folder.
        public var pollInterval: Double = 30
        /// How soon expiry looks again at a due note kept for a cause that may pass without any
        /// change to the vault (a git operation in progress, a move that failed).
        public var expiryRetryInterval: Double = 30
        /// At most this many folder watches: one more fails as it does when the kernel's
        /// `fs.inotify.max_user_watches` is reached. `nil` (the default) leaves only the kernel's
        /// limit; tests set it to exercise the fallback to polling.
        public var maximumWatches: Int?
        /// Whether opening an inotify instance fails as it does when the kernel's
        /// `fs.inotify.max_user_instances` is reached; tests set it to exercise the fallback to
        /// polling without using up the machine's instances.
        public var inotifyUnavailable = false
        /// Who runs the watcher: whether it also destroys notes whose date passed and syncs
        /// automatically is the role's rule (``SessionRole/changesVaultOnItsOwn``); otherwise it
        /// only follows the vault, and nothing in the vault changes but the index (`enote serve
        /// --read-only`).
        public var role: SessionRole = .watcher
        /// Where the readers of pictures and PDFs are looked for (`PATH`, `TESSDATA_PREFIX`).
        public var environment: [String: String] = ProcessInfo.processInfo.environment
        /// How soon a note (or folder) that could not be read for a cause that passes (no
        /// descriptors left: EMFILE) is read again.
        public var unreadableRetryInterval: Double = 1
        /// Receives one line per action.
        public var log: @Sendable (String) -> Void = { _ in }
        /// Receives, besides ``log``, the lines that say something went wrong and is being
        /// dealt with (a note that could not be read for now; polling the vault because inotify
        /// cannot watch it) and that it is over, for a front end that shows only those (`enote
        /// serve`, `enote mcp`).
        public var trouble: @Sendable (String) -> Void = { _ in }
        /// Receives the name of each step that costs time (a whole walk), for `ENOTE_TRACE`.
        public var trace: @Sendable (String) -> Void = { _ in }

        public init() {}
    }

    /// Why a watcher could not start.
    public enum StartError: Error, Sendable, CustomStringConvertible {
        /// Another watcher runs for this vault.
        case alreadyRunning(pid: Int32?)
        case vault(VaultError)

        public var description: String { message.text }

        /// Why the watcher did not start, as a sentence.
        public var message: LocalizedMessage {
            switch self {
            case .alreadyRunning(let pid?):
                return "a watcher is already running (pid \(pid)) for this vault; stop it first"
            case .alreadyRunning(nil):
                return "a watcher is already running for this vault; stop it first"
            case .vault(let error):
                return error.message
            }
        }
    }
}
