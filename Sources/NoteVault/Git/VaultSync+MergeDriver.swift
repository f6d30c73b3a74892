/// The one place where sync makes sure the note merge driver is installed in this clone before
/// it commits and integrates: without it git merges front matter as plain text and may leave
/// conflict markers inside it, which enote then cannot read.
extension VaultSync {
    /// Installs the note merge driver (`.gitattributes` and this clone's git config) when either
    /// half is missing. It runs before the sync's commit, so a `.gitattributes` it adds is part
    /// of that commit and reaches the other clones.
    func ensureMergeDriver() throws(SyncError) {
        let setup = MergeDriverSetup(vault: vault)
        guard !setup.isInstalled else { return }
        do {
            _ = try setup.install(executable: MergeDriverSetup.executableForCurrentProcess())
        } catch {
            throw .gitFailed(command: "config", reason: error.message)
        }
    }
}
