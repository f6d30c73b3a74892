/// The JSON-RPC layer's own words (malformed messages, framing): its string tables
/// (`Resources/*.lproj`, the bundle `enote_EnoteRPC.resources`), which the servers built on it
/// (`enote lsp`, `enote mcp`) name among their ``NoteVault/Localization/FrontEnd/sharedBundleNames``.
public enum RPCMessages {
    /// The resource bundle with the layer's `Localizable.strings`.
    public static let bundleName = "enote_EnoteRPC.resources"
}
