import Foundation

/// What the person who runs an agent server lets agents change: nothing (`--read-only`), or
/// only notes inside some folders.
///
/// The folders come from `mcp_write` in the person's own config (``UserConfig``,
/// `~/.config/enote/config`), never from the vault's committed config, which anyone who can
/// push to the vault writes: a vault could otherwise open itself to agents. The vault's own
/// `mcp_write` can only narrow the person's list: a path must be inside a folder of each list
/// that is set. Without either line, agents may write anywhere in the vault.
///
/// ```
/// # ~/.config/enote/config
/// mcp_write = inbox/, projects/
/// ```
public struct AgentLimits: Sendable, Equatable {
    /// Whether agents may change nothing at all.
    public var readOnly: Bool
    /// The person's folders (`nil`: the whole vault).
    public var personFolders: [NotePath?]?
    /// The vault's narrowing (`nil`: no narrowing).
    public var vaultFolders: [NotePath?]?

    public init(readOnly: Bool = false, personFolders: [NotePath?]? = nil, vaultFolders: [NotePath?]? = nil) {
        self.readOnly = readOnly
        self.personFolders = personFolders
        self.vaultFolders = vaultFolders
    }

    /// No limits: the person's own commands (`enote mcp undo`).
    public static let none = AgentLimits()

    /// The limits for agents in `vault`: `readOnly` as the person asked, the folders from the
    /// person's config (found through `environment`) and the vault's.
    /// - Throws: ``VaultError/config(_:)`` for a mistake in the person's config.
    public static func load(for vault: Vault, readOnly: Bool, environment: [String: String]) throws(VaultError) -> AgentLimits {
        let person = try UserConfig.load(environment: environment)
        return AgentLimits(readOnly: readOnly, personFolders: person.mcpWrite, vaultFolders: vault.config.mcpWrite)
    }

    /// Whether agents may write the note at `path`.
    public func allows(_ path: NotePath) -> Bool {
        !readOnly && Self.inside(path, personFolders) && Self.inside(path, vaultFolders)
    }

    /// Refuses a write of `path` the limits do not allow.
    /// - Throws: ``AgentError/readOnly`` or ``AgentError/outsideAllowList(path:folders:)``.
    public func requireWritable(_ path: NotePath) throws(AgentError) {
        if readOnly { throw .readOnly }
        guard Self.inside(path, personFolders), Self.inside(path, vaultFolders) else {
            throw .outsideAllowList(path: path, folders: folderNames)
        }
    }

    /// The folders agents may write, as the person and the vault narrow them, for messages.
    public var folderNames: [String] {
        let person = personFolders.map { $0.map { $0?.description ?? "" } }
        let vault = vaultFolders.map { $0.map { $0?.description ?? "" } }
        switch (person, vault) {
        case (nil, nil): return [""]
        case (let one?, nil), (nil, let one?): return one
        case (let person?, let vault?):
            // Each folder of one list that lies inside a folder of the other.
            var names: [String] = []
            for a in person {
                for b in vault {
                    if Self.isInside(b, a) { names.append(b) } else if Self.isInside(a, b) { names.append(a) }
                }
            }
            return names.isEmpty ? ["(none)"] : Array(Set(names)).sorted()
        }
    }

    /// Whether `path` is inside one of `folders` (`nil`: no limit; a `nil` folder is the root).
    static func inside(_ path: NotePath, _ folders: [NotePath?]?) -> Bool {
        guard let folders else { return true }
        return folders.contains { folder in
            guard let folder else { return true }
            return path.bytes.count > folder.bytes.count + 1 && path.bytes.starts(with: folder.bytes + [UInt8(ascii: "/")])
        }
    }

    /// Whether the folder `inner` (a path, "" for the root) is `outer` or inside it.
    private static func isInside(_ inner: String, _ outer: String) -> Bool {
        outer.isEmpty || inner == outer || inner.hasPrefix(outer + "/")
    }

    /// Reads an `mcp_write` value: folders separated by commas, each relative to the vault's
    /// root (`/` alone for the root), with or without a trailing `/`.
    /// - Returns: The folders, or a message saying what is wrong with the value.
    static func parseFolders(_ value: String) -> (folders: [NotePath?], problem: LocalizedMessage?) {
        var folders: [NotePath?] = []
        for item in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            var text = Substring(item)
            while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
            if text == "/" || text == "." {
                folders.append(nil)
                continue
            }
            guard let folder = try? NotePath(validating: String(text), purpose: .lookup) else {
                return ([], "mcp_write: \"\(item)\" is not a folder of the vault; write folders relative to the vault, such as inbox/, projects/")
            }
            folders.append(folder)
        }
        guard !folders.isEmpty else {
            return ([], "mcp_write needs at least one folder, such as inbox/")
        }
        return (folders, nil)
    }
}
