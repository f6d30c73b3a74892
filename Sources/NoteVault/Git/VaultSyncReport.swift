/// What one `enote sync` did: the commit it made, what came from the other machines, what it
/// pushed.
public struct VaultSyncReport: Sendable {
    /// The subject of the commit made from local changes, and its short hash; `nil` when there
    /// was nothing to commit.
    public var commit: (subject: String, hash: String)?
    /// The notes the integration brought or changed here.
    public var broughtNotes: [String] = []
    /// Notes removed on one side and changed on the other: kept, with the change.
    public var keptRemovals: [String] = []
    /// How many pushes the remote rejected before one went through.
    public var rejectedPushes = 0
    /// Whether local commits went up.
    public var pushed = false
    /// An earlier sync that was interrupted, undone before this one (or by `--abort`).
    public var recovery: SyncRecovery?

    public init() {}
}
