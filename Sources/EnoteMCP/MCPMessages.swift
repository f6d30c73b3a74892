import EnoteRPC
import NoteVault

/// The agent server's own words: its string tables (`Resources/*.lproj`, the bundle
/// `enote_EnoteMCP.resources`) and the JSON-RPC layer's, registered as
/// ``Localization/frontEnd`` by `enote mcp` before it serves.
///
/// A remedy the library attaches to a message is left out: an agent cannot type a command, and
/// the message states what happened and what to send instead.
public enum MCPMessages {
    /// The registration for ``Localization/frontEnd`` in the `enote mcp` process.
    public static let frontEnd = Localization.FrontEnd(
        bundleName: "enote_EnoteMCP.resources", sharedBundleNames: [RPCMessages.bundleName], englishSingular: [:]
    ) { facts, _ in facts }
}
