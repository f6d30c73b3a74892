import Foundation

/// Makes a folder a vault: writes `.enote/` with a commented config and the `.gitignore` that
/// keeps the index and locks out of git. A folder that already holds notes is adopted as it is.
public enum VaultInitializer {
    /// What `init` did.
    public struct Outcome: Sendable, Equatable {
        /// The vault's root.
        public var root: String
        /// Whether `.enote/` was created now (false when the folder already was a vault).
        public var created: Bool
        /// Notes that were already in the folder.
        public var adoptedNotes: Int
        /// Sample notes copied in (with `--sample`).
        public var sampleFiles: [String]
        /// Sample files skipped because a file of that name already existed.
        public var skippedSampleFiles: [String]
    }

    /// The `.gitignore` written into `.enote/`.
    public static let gitignore = """
        # enote's caches and locks: rebuilt from the notes, never committed.
        index.sqlite
        index.sqlite-*
        *.corrupt
        lock
        watch.lock
        watch.sock
        sync-state
        sync-brought
        editing-*.claim
        agent-journal/

        """

    /// Makes `folder` (created if missing) a vault.
    /// - Parameters:
    ///   - folder: The folder; relative paths are taken from the current directory.
    ///   - sample: Whether to copy the preset notes in (existing files are never overwritten).
    ///   - languages: The `languages` line of the new config (``SearchLanguage/forLocale(_:)``
    ///     makes it from the user's locale); a folder that already is a vault keeps its own.
    public static func initialize(
        at folder: String, sample: Bool, languages: [SearchLanguage] = SearchLanguage.defaults
    ) throws(VaultError) -> Outcome {
        let root = Vault.absolute(folder)
        let fileManager = FileManager.default
        let state = root + "/" + Vault.stateFolderName
        let alreadyVault = VaultLocator.isVault(root)
        do {
            try fileManager.createDirectory(atPath: root, withIntermediateDirectories: true)
            if !alreadyVault {
                try fileManager.createDirectory(atPath: state, withIntermediateDirectories: false)
                try Data(VaultConfig.template(languages: languages).utf8).write(to: URL(fileURLWithPath: state + "/config"))
                try Data(gitignore.utf8).write(to: URL(fileURLWithPath: state + "/.gitignore"))
            }
        } catch {
            throw .io("could not create the vault in \(root): \(error.localizedDescription)")
        }
        let vault = try Vault(root: root)
        let adopted = vault.scan().notes.count
        var copied: [String] = []
        var skipped: [String] = []
        if sample {
            // Written beneath the root like any note: a folder of the vault that is a link
            // (attachments/ to ~/Pictures, say) is refused, never written through.
            for file in SampleVaultFiles.all {
                let path = NotePath(bytes: Array(file.path.utf8))
                if vault.exists(path) {
                    skipped.append(file.path)
                    continue
                }
                do throws(VaultError) {
                    if let parent = path.parent { try vault.makeFolders(parent) }
                    do {
                        try vault.writer.create(path, with: [UInt8](file.data))
                    } catch .exists {
                        skipped.append(file.path)
                        continue
                    } catch {
                        throw VaultError.write(error)
                    }
                    copied.append(file.path)
                } catch {
                    throw .io("could not copy the sample note \(file.path): \(error.message)")
                }
            }
        }
        return Outcome(root: root, created: !alreadyVault, adoptedNotes: adopted, sampleFiles: copied, skippedSampleFiles: skipped)
    }
}
