/// Where a link leads, as ``LinkResolver`` decides.
public enum LinkResolution: Sendable, Hashable {
    /// The note (or file) at this vault-relative path; the linking note itself for `#heading`.
    case resolved(String)
    /// No note of the vault answers to it, or its path leaves the vault.
    case dead
    /// Several notes answer to it equally well (the same name at the same depth, or one alias
    /// given to several notes); they are listed sorted.
    case ambiguous([String])
    /// A URL outside the vault (`https:`, `mailto:`).
    case external

    /// The path when resolved.
    public var path: String? {
        if case .resolved(let path) = self { return path }
        return nil
    }
}
