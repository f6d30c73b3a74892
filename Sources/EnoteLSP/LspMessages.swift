import EnoteRPC
import NoteVault

/// The language server's own words: its string tables (`Resources/*.lproj`, the bundle
/// `enote_EnoteLSP.resources`), registered as ``Localization/frontEnd`` by `enote lsp` before it
/// serves, so that every `Localization.text` of the server finds them after the library's.
///
/// A remedy the library attaches to a message is left out: in the editor a message states what
/// happened; the command to type is the command line's to say.
public enum LspMessages {
    /// The registration for ``Localization/frontEnd`` in the `enote lsp` process.
    public static let frontEnd = Localization.FrontEnd(
        bundleName: "enote_EnoteLSP.resources", sharedBundleNames: [RPCMessages.bundleName], englishSingular: [:]) { facts, _ in facts }
}
