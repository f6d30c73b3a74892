import Foundation

/// Whether `enote watch` syncs this clone by itself, from the clone's own git config
/// (`git config enote.sync auto`, `git config enote.syncInterval 5m`).
///
/// Automatic sync commits and pushes on its own, so it is chosen on each machine and never by
/// the vault: `.enote/config` is committed, and one collaborator's commit must not start
/// pushing from every clone. The repository's config is local to the clone, as the merge
/// driver's is.
public struct AutoSyncSetting: Sendable, Equatable {
    /// Whether the watcher syncs by itself.
    public var isOn: Bool
    /// How long the vault must be quiet before a sync, and the time between syncs, in seconds.
    public var interval: Double

    /// Off, every five minutes when turned on.
    public init(isOn: Bool = false, interval: Double = 300) {
        self.isOn = isOn
        self.interval = interval
    }

    /// The git config keys.
    public static let modeKey = "enote.sync"
    public static let intervalKey = "enote.syncInterval"

    /// A value in the clone's config that enote cannot use.
    public struct InvalidValue: Error, Sendable, Equatable {
        /// What is wrong and what to do, as a sentence.
        public var message: LocalizedMessage
    }

    /// Reads the setting of the clone that holds `root`; off outside git.
    /// - Throws: ``InvalidValue`` for a value that is not `auto`/`manual` or not a duration.
    public static func read(root: String) throws(InvalidValue) -> AutoSyncSetting {
        var setting = AutoSyncSetting()
        if let mode = value(modeKey, root: root) {
            guard mode == "auto" || mode == "manual" else {
                throw InvalidValue(message: "git config \(modeKey) must be auto or manual, not \"\(mode)\"")
            }
            setting.isOn = mode == "auto"
        }
        if let text = value(intervalKey, root: root) {
            guard let seconds = DateInput.Duration.seconds(parsing: text), seconds >= 1 else {
                throw InvalidValue(message: "git config \(intervalKey) must be a duration such as 30s, 5m or 1h, not \"\(text)\"")
            }
            setting.interval = seconds
        }
        return setting
    }

    private static func value(_ key: String, root: String) -> String? {
        let output = GitRepository(folder: root).run(["config", "--get", key], timeout: 10)
        guard output.succeeded else { return nil }
        let text = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
