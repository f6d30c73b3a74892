import EnoteRPC

/// The revisions of the Model Context Protocol the server speaks, and how a request says which.
///
/// 2026-07-28 is stateless ("modern"): every request names its revision and the client's
/// capabilities in `_meta`, and there is no handshake. The revisions before it ("legacy") open
/// with `initialize`, which agrees on one for the whole stdio session. The server speaks both
/// (the specification's "dual-era" server): a request that carries a revision in `_meta` is
/// served by that revision's rules, anything else by the revision `initialize` agreed on.
enum ProtocolVersion {
    /// The stateless revisions, newest first.
    static let modern = ["2026-07-28"]
    /// The revisions `initialize` may agree on, newest first.
    static let legacy = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// Every revision, newest first, as `server/discover` and version errors list them.
    static let supported = modern + legacy

    /// The `_meta` keys of a modern result and of a subscription's notifications (a request's
    /// are read by ``MCPParams/Request``).
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    static let subscriptionKey = "io.modelcontextprotocol/subscriptionId"

    /// The revision a legacy `initialize` asking for `requested` agrees on: the same when the
    /// server speaks it, else the newest legacy one (the client then decides whether to go on).
    static func negotiate(_ requested: String?) -> String {
        if let requested, legacy.contains(requested) { return requested }
        return legacy[0]
    }
}

/// The `data` of the unsupported-revision error: the revisions the server speaks and the one the
/// request named, as it named it.
struct UnsupportedVersion: Encodable, Sendable {
    var supported: [String]
    var requested: JSONValue
}
