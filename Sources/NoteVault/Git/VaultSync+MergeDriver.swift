/// The one place where sync makes sure the note merge driver is installed in this clone before
/// it integrates: without it git merges front matter as plain text and may leave conflict
/// markers inside it, which enote then cannot read.
extension VaultSync {
    /// Installs the note merge driver in this clone's git config when it is missing.
    ///
    /// LEAD (after merging the `mergedriver` branch): replace the body with the call to its
    /// setup, for example
    /// `if !MergeDriverSetup.isInstalled(in: vault.root) { try MergeDriverSetup.install(in: vault.root) }`,
    /// mapping its error to `SyncError.gitFailed(command: "config", detail: …)`, and enable
    /// `SyncPropertyTests` (it checks `mergeDriverAvailable`).
    func ensureMergeDriver() throws(SyncError) {
    }

    /// Whether this build has the note merge driver to install (see ``ensureMergeDriver()``).
    public static let mergeDriverAvailable = false
}
