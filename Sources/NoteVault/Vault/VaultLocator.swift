import Foundation

/// Finds the vault a command works on, the way git finds a repository: `--vault DIR`, else the
/// `ENOTE_VAULT` environment variable, else the nearest folder at or above the current one that
/// holds `.enote/`.
package enum VaultLocator {
    /// The root of the vault to use.
    /// - Parameters:
    ///   - explicit: The `--vault` option, if given.
    ///   - environment: The process environment (for `ENOTE_VAULT`).
    ///   - currentDirectory: Where the search starts.
    /// - Throws: ``VaultError/notAVault(path:)`` for an explicit folder without `.enote/`;
    ///   ``VaultError/vaultNotFound(searchedFrom:)`` when the search finds none.
    package static func locate(explicit: String?, environment: [String: String], currentDirectory: String) throws(VaultError) -> String {
        if let explicit = explicit ?? environment["ENOTE_VAULT"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let root = Vault.absolute(explicit.hasPrefix("/") ? explicit : currentDirectory + "/" + explicit)
            guard isVault(root) else { throw .notAVault(path: root) }
            return root
        }
        var folder = Vault.absolute(currentDirectory)
        while true {
            if isVault(folder) { return folder }
            guard folder != "/" else { break }
            // `absolute` gives "/" or a path without a trailing slash: its parent is up to the last one.
            let slash = folder.lastIndex(of: "/") ?? folder.startIndex
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        throw .vaultNotFound(searchedFrom: Vault.absolute(currentDirectory))
    }

    /// Whether `folder` holds a `.enote/` folder.
    package static func isVault(_ folder: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder + "/" + Vault.stateFolderName, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
