#if canImport(Glibc)
import Glibc
#endif

/// The watcher follows `.enote/config` while it runs: a change is noticed by the watch on
/// `.enote/` and, should that watch be missing, by a look at the file's status before each step
/// (a `fstatat`). The file is read once it has stayed the same for the settle time (an editor
/// may be writing it), and nothing is applied meanwhile, so no note is indexed or destroyed
/// under settings about to change. New settings apply at once: the expiry action and cap to the
/// next pass, new ignore patterns by a reconcile of the whole vault. A config that becomes
/// invalid is named once, and the last valid settings stay in use.
extension VaultWatcher {
    /// What the watcher knows of `.enote/config`.
    struct ConfigFollower {
        /// The status of the file the settings in use were read from (`nil`: no file).
        var loaded: FileFingerprint?
        /// A status seen that differs from `loaded`, and when it was first seen (monotonic
        /// seconds): read once it has stayed the same for the settle time.
        var candidate: (version: FileFingerprint?, since: Double)?
        /// The status of an invalid config already named: not read again until it changes.
        var rejected: FileFingerprint??
    }

    /// What a look at the config found.
    enum ConfigCheck {
        /// The settings in use are those of the file (or the file is invalid, as said before).
        case current
        /// The file changed moments ago: wait until it settles.
        case settling
        /// The file was read: these settings replaced those.
        case changed(old: VaultConfig, new: VaultConfig)
    }

    /// The config file's name in `.enote/`.
    static let configName = Array("config".utf8)

    /// The config's path below the root.
    private static var configPath: NotePath { NotePath(bytes: Array(Vault.stateFolderName.utf8) + [UInt8(ascii: "/")] + configName) }

    /// The config file's status now, `nil` when there is none.
    private var configVersion: FileFingerprint? {
        (try? vault.fileStatus(Self.configPath))?.fingerprint
    }

    /// When the config change being waited for will have settled, if one is.
    var configSettlesAt: Double? {
        configFollower.candidate.map { $0.since + options.settle }
    }

    /// Watches `.enote/` for changes of the config. Without this watch (a watch limit reached)
    /// the config is still looked at before each step, only not at once.
    func watchStateFolder() {
        guard stateWatch == nil else { return }
        stateWatch = try? inotify.watch(vault.stateFolder, mask: Inotify.stateFolderMask, counted: false)
    }

    /// Pairs the settings in use with the file's status at start: reads the config again, so a
    /// change between opening the vault and now is not missed.
    func startFollowingConfig() {
        let version = configVersion
        do {
            try vault.reloadConfig()
            configFollower.loaded = version
        } catch {
            configFollower.rejected = .some(version)
            say("\(error.message); the watcher keeps its last valid settings until the file is fixed")
        }
    }

    /// Looks at the config and reads it once a change has settled.
    func checkConfig(now: Double) -> ConfigCheck {
        configTouched = false
        let version = configVersion
        if version == configFollower.loaded || configFollower.rejected == .some(version) {
            configFollower.candidate = nil
            return .current
        }
        guard let candidate = configFollower.candidate, candidate.version == version else {
            configFollower.candidate = (version, now)
            return .settling
        }
        guard now - candidate.since >= options.settle else { return .settling }
        configFollower.candidate = nil
        do {
            let (old, new) = try vault.reloadConfig()
            configFollower.loaded = version
            configFollower.rejected = nil
            return .changed(old: old, new: new)
        } catch {
            configFollower.rejected = .some(version)
            say("\(error.message); the watcher keeps its last valid settings until the file is fixed")
            return .current
        }
    }

    /// Applies a settled change of the config. New ignore patterns make the next step a
    /// reconcile of the whole vault (notes now ignored leave the index, notes no longer ignored
    /// enter it), and folders now ignored are no longer watched; any change runs a whole expiry
    /// pass (the action or the cap may have changed).
    /// - Returns: `false` while a change is settling: nothing may be applied until it has.
    func followConfig() -> Bool {
        switch checkConfig(now: monotonicSeconds()) {
        case .current:
            return true
        case .settling:
            return false
        case .changed(let old, let new):
            // Saved again unchanged (an editor's :w, touch): nothing to do or say.
            guard old != new else { return true }
            say("read the changed settings in \(vault.configPath)")
            expiryDue = true
            guard old.ignore != new.ignore else { return true }
            say("the ignore patterns changed; the whole vault will be checked against them")
            pending.needsFullReconcile = true
            let policy = vault.notePathPolicy
            for (folder, watch) in watches where !policy.admitsFolder(folder) {
                inotify.unwatch(watch)
                forget(watch: watch)
            }
            return true
        }
    }
}
