/// Who holds a ``VaultSession``, which decides the one rule of who changes the vault on its own:
/// destroying notes at their destroy date (expiry) and syncing with git automatically.
///
/// - A process that keeps the index live for every other one runs both: `enote watch`, and
///   `enote serve` or `enote mcp` when no `enote watch` runs for the vault (their own watcher
///   stands in).
/// - Nothing that works inside a person's editor does: the language server (a note must not
///   vanish from under an open editor); nor a one-shot command (`enote expire` and `enote sync`
///   do it when asked, which is not on their own).
/// - Nothing read-only does (`enote serve --read-only`, `enote mcp --read-only`).
public enum SessionRole: Sendable, Equatable {
    /// A one-shot command of the CLI (or the merge driver): freshens the index once.
    case command
    /// The language server: follows the editor's saves.
    case editor
    /// The web server.
    case web(readOnly: Bool)
    /// An agent's server (`enote mcp`).
    case agent(readOnly: Bool)
    /// `enote watch`: keeps the index live for every other process.
    case watcher

    /// Whether a session of this role destroys notes at their destroy date and syncs with git
    /// automatically, while it keeps the index live itself.
    public var changesVaultOnItsOwn: Bool {
        switch self {
        case .watcher, .web(readOnly: false), .agent(readOnly: false): true
        case .command, .editor, .web(readOnly: true), .agent(readOnly: true): false
        }
    }

    /// Whether a session of this role writes notes at all.
    public var writesNotes: Bool {
        switch self {
        case .web(readOnly: true), .agent(readOnly: true): false
        default: true
        }
    }

    /// Whether the role keeps the vault's vectors in memory between searches
    /// (``PassageMatrixCache``): a process that answers many searches, not one that lives for
    /// one (a command) or keeps its memory small (the watcher).
    var keepsVectors: Bool {
        switch self {
        case .editor, .web, .agent: true
        case .command, .watcher: false
        }
    }

    /// How many index connections the role reads through at once: a server answers several
    /// requests together, a command one thing.
    var readers: Int {
        switch self {
        case .command, .watcher: 1
        // The editor's thread, the walk in the background at start, the list of notes loaded
        // in the background.
        case .editor: 3
        case .web, .agent: 4
        }
    }
}
