import Foundation

/// One note's history in git: its commits, following renames (`git log --follow`), what each
/// changed (front matter fields, body lines), its difference from a revision, and bringing an
/// old version back as a new change.
public struct NoteHistory: Sendable {
    /// One commit that touched the note.
    public struct Entry: Sendable, Equatable {
        /// What the commit did to the note's file.
        public enum Change: String, Sendable {
            case added, changed, removed, renamed
        }
        public var commit: String
        public var author: String
        /// The author date, ISO 8601 as git writes it.
        public var date: String
        public var subject: String
        /// The note's path in this commit, and before it when it was renamed.
        public var path: String
        public var previousPath: String?
        public var change: Change
        /// The front matter keys whose values differ from the commit before.
        public var fields: [String]
        /// Body lines added and removed.
        public var linesAdded: Int
        public var linesRemoved: Int
    }

    public let vault: Vault
    let git: GitRepository

    public init(vault: Vault) throws(HistoryError) {
        guard GitState(vaultRoot: vault.root).gitDirectory != nil else { throw .notInGit(vault: vault.root) }
        self.vault = vault
        self.git = GitRepository(folder: vault.root)
    }

    /// The note's commits, newest first.
    public func log(_ path: String) throws(HistoryError) -> [Entry] {
        let output = run([
            "-c", "core.quotePath=false", "log", "--follow", "-M", "--name-status", "--relative",
            "--format=%x1e%H%x1f%an%x1f%aI%x1f%s", "--", path,
        ])
        guard output.succeeded else { throw .noHistory(path: path) }
        var entries: [Entry] = []
        for record in output.text.split(separator: "\u{1e}") {
            let lines = record.split(separator: "\n", omittingEmptySubsequences: true)
            guard let header = lines.first else { continue }
            let fields = header.split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let status = lines.dropFirst().first else { continue }
            let parts = status.split(separator: "\t").map(String.init)
            guard parts.count >= 2 else { continue }
            let kind: Entry.Change
            switch parts[0].first {
            case "A": kind = .added
            case "D": kind = .removed
            case "R": kind = .renamed
            default: kind = .changed
            }
            let current = parts.last!
            let previous = kind == .renamed ? parts[1] : nil
            let before = kind == .added ? [] : (show("\(fields[0])^", previous ?? current) ?? [])
            let after = kind == .removed ? [] : (show(fields[0], current) ?? [])
            let difference = NoteDifference(before: before, after: after)
            entries.append(
                Entry(
                    commit: fields[0], author: fields[1], date: fields[2], subject: fields[3], path: current, previousPath: previous,
                    change: kind, fields: difference.fields, linesAdded: difference.linesAdded, linesRemoved: difference.linesRemoved))
        }
        guard !entries.isEmpty else { throw .noHistory(path: path) }
        return entries
    }

    /// The note's text at a revision, or `nil`. The path is the note's path in the vault: with
    /// `./` git reads it relative to the vault folder, not to the repository root (a vault can be
    /// a folder inside a bigger repository).
    func show(_ revision: String, _ path: String) -> [UInt8]? {
        let output = run(["show", Self.object(revision, path)])
        return output.succeeded ? output.stdout : nil
    }

    /// Runs git with `--literal-pathspecs`: a note's name is a path, never a wildcard pattern
    /// (`[e].md` must not stand for `e.md`).
    func run(_ arguments: [String]) -> GitRepository.Output {
        git.run(["--literal-pathspecs"] + arguments)
    }

    /// ``run(_:)``'s standard output as text, `nil` when git failed.
    func text(_ arguments: [String]) -> String? {
        git.text(["--literal-pathspecs"] + arguments)
    }

    /// `REV:./path`: the file at `path` relative to the folder git runs in (the vault root).
    static func object(_ revision: String, _ path: String) -> String {
        "\(revision):./\(path)"
    }

    /// The commit a revision names, or `unknownRevision`.
    func commit(_ revision: String) throws(HistoryError) -> String {
        guard !revision.hasPrefix("-"), let commit = text(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]) else {
            throw .unknownRevision(revision)
        }
        return commit
    }

    /// The note's path at `commit`: its name then, following renames since.
    func path(of path: String, at commit: String) throws(HistoryError) -> String {
        if run(["cat-file", "-e", Self.object(commit, path)]).succeeded { return path }
        let ancestors = Set((text(["rev-list", commit]) ?? "").split(separator: "\n").map(String.init))
        for entry in (try? log(path)) ?? [] where ancestors.contains(entry.commit) {
            let name = entry.change == .removed ? nil : entry.path
            if let name, run(["cat-file", "-e", Self.object(commit, name)]).succeeded { return name }
            if let previous = entry.previousPath, run(["cat-file", "-e", Self.object(commit, previous)]).succeeded { return previous }
        }
        throw .notAtRevision(path: path, revision: String(commit.prefix(12)))
    }

    /// The note's changes since `revision` (default: the last commit), as git's unified diff.
    public func diff(_ path: String, since revision: String?) throws(HistoryError) -> [UInt8] {
        let commit = try commit(revision ?? "HEAD")
        let then = (try? self.path(of: path, at: commit)) ?? path
        let output = run(["-c", "core.quotePath=false", "diff", "--no-color", "-M", commit, "--", then, path])
        guard output.succeeded else { throw .unknownRevision(revision ?? "HEAD") }
        return output.stdout
    }

    /// What ``restore(_:at:force:)`` did.
    public struct Restored: Sendable {
        /// Whether the note's text changed.
        public var changed: Bool
        /// Where the note's uncommitted text went (with `force`).
        public var trashed: TrashEntry?
        /// Warnings about the restored text, such as a destroy date that has passed (the next
        /// expiry pass would destroy the note).
        public var warnings: [Diagnostic] = []
    }

    /// Writes the note as it was at `revision`, as a new change (through the durable writer;
    /// `updated` is stamped). History is not rewritten: the next sync commits it.
    ///
    /// Text that git has not committed (the note's bytes differ from HEAD's, or HEAD has no such
    /// note) would be lost, so it is refused with ``HistoryError/uncommittedChanges(path:)``
    /// unless `force` is set, which first moves the current note to `.trash/`.
    public func restore(_ path: String, at revision: String, force: Bool = false) throws(HistoryError) -> Restored {
        let commit = try commit(revision)
        let then = try self.path(of: path, at: commit)
        guard let old = show(commit, then) else { throw .notAtRevision(path: path, revision: revision) }
        let notePath: NotePath
        do {
            notePath = try NotePath(validating: path, purpose: .lookup)
        } catch {
            throw .vault(.path(error))
        }
        if let holder = EditorLockDetector.holder(of: notePath, in: vault) {
            throw .vault(.openElsewhere(path: notePath, holder: holder.description))
        }
        var current: (note: Note, snapshot: FileSnapshot)?
        do throws(VaultError) {
            if vault.exists(notePath) { current = try vault.readWithSnapshot(notePath) }
        } catch {
            throw .vault(error)
        }
        if let current, current.snapshot.bytes == old { return Restored(changed: false) }
        let committed = current.map { GitState(vaultRoot: vault.root).isCommitted($0.snapshot.bytes, as: path, in: vault.root) } ?? true
        if !committed, !force { throw .uncommittedChanges(path: path) }
        do throws(VaultError) {
            var trashed: TrashEntry?
            if let current {
                if committed {
                    let (restored, warnings) = try vault.replaceText(of: notePath, with: old, expecting: current.snapshot)
                    return Restored(changed: true, warnings: warnings + vault.pastDestroyWarning(restored))
                }
                trashed = try vault.moveToTrash(notePath, reason: .replaced)
            }
            if let folder = notePath.parent { try vault.makeFolders(folder) }
            do { try vault.writer.create(notePath, with: old) } catch { throw VaultError.write(error) }
            return Restored(changed: true, trashed: trashed, warnings: vault.pastDestroyWarning(try vault.read(notePath)))
        } catch {
            throw .vault(error)
        }
    }
}

extension NoteHistory {
    /// The path whose history `reference` asks for, the one rule of every front end (`enote log`,
    /// `enote diff`, the agent's `history`): a path of the vault (with or without `.md`) that is
    /// gone from the vault but that git remembers, else the note `resolve` finds for it as every
    /// command finds one. A path that leaves the vault (`../x.md`) is never taken as gone.
    ///
    /// For example, after `garden.md` was removed and committed:
    ///
    /// ```swift
    /// try history.notePath("garden") { try vault.resolve("garden", in: index) }  // "garden.md"
    /// ```
    public func notePath(_ reference: String, resolve: () throws(VaultError) -> NotePath) throws(VaultError) -> String {
        let candidate = NotePath.addingMarkdownExtension(reference)
        if let path = try? NotePath(validating: candidate, purpose: .lookup), !vault.exists(path), knows(path.description) {
            return path.description
        }
        return try resolve().description
    }

    /// Whether git has any commit of this path.
    public func knows(_ path: String) -> Bool {
        !(text(["--literal-pathspecs", "log", "-1", "--format=%H", "--", path]) ?? "").isEmpty
    }
}
