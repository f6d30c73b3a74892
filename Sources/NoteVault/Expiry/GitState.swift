import Foundation

/// What git is doing in the repository that holds a vault, as far as expiry must care: an
/// operation in progress (checkout, merge, rebase, cherry-pick, revert, bisect) means files may
/// vanish and reappear, so nothing is destroyed meanwhile; and whether a note's content is
/// committed, because only committed content may be deleted rather than trashed.
struct GitState: Sendable {
    /// The repository's git folder, or `nil` when the vault is not in a git repository.
    let gitDirectory: String?
    /// The repository's working tree root.
    let workTree: String?

    /// Finds the repository that holds `root` (its own `.git`, or one in a folder above).
    init(vaultRoot root: String) {
        var folder = root
        while true {
            let candidate = folder + "/.git"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    gitDirectory = candidate
                } else if let text = try? String(contentsOfFile: candidate, encoding: .utf8), text.hasPrefix("gitdir:") {
                    // A worktree or submodule: `.git` is a file naming the real folder.
                    let target = text.dropFirst("gitdir:".count).trimmedWhitespace()
                    gitDirectory = target.hasPrefix("/") ? target : folder + "/" + target
                } else {
                    gitDirectory = nil
                }
                workTree = folder
                return
            }
            guard folder != "/", !folder.isEmpty else { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        gitDirectory = nil
        workTree = nil
    }

    /// Whether a git command is writing the index right now (`.git/index.lock` exists), as
    /// during a checkout: files come and go until it ends.
    var isWritingIndex: Bool {
        guard let gitDirectory else { return false }
        return FileManager.default.fileExists(atPath: gitDirectory + "/index.lock")
    }

    /// The git operation in progress, named for a message, or `nil`.
    var operationInProgress: LocalizedMessage? {
        guard let gitDirectory else { return nil }
        let markers: [(String, LocalizedMessage)] = [
            ("index.lock", "a git command is writing the index (.git/index.lock)"),
            ("MERGE_HEAD", "a git merge is in progress"),
            ("rebase-merge", "a git rebase is in progress"),
            ("rebase-apply", "a git rebase or am is in progress"),
            ("CHERRY_PICK_HEAD", "a git cherry-pick is in progress"),
            ("REVERT_HEAD", "a git revert is in progress"),
            ("BISECT_LOG", "a git bisect is in progress"),
        ]
        for (name, description) in markers where FileManager.default.fileExists(atPath: gitDirectory + "/" + name) {
            return description
        }
        return nil
    }

    /// Whether `bytes` are exactly what the commit at HEAD holds for the file `name` (relative
    /// to `folder`), so that deleting the file loses nothing git does not have. The bytes are
    /// compared with the committed blob itself: git's index (and so `git status`) can be told to
    /// stop looking at a file (`update-index --assume-unchanged` or `--skip-worktree`), and a
    /// file that is staged only is not committed. `false` whenever git cannot tell.
    /// - Parameters:
    ///   - bytes: The content about to be deleted, as read.
    ///   - name: The file, relative to `folder` (the vault root).
    ///   - folder: Where git is run; `name` is taken literally there (no pathspec magic).
    func isCommitted(_ bytes: [UInt8], as name: String, in folder: String) -> Bool {
        guard workTree != nil else { return false }
        // `mode SP type SP id TAB path NUL`, only for this exact path.
        let git = GitRepository(folder: folder)
        let listed = git.run(["--literal-pathspecs", "ls-tree", "-z", "HEAD", "--", name], timeout: 10)
        guard listed.succeeded else { return false }
        let entries = listed.stdout.split(separator: 0, omittingEmptySubsequences: true)
        guard entries.count == 1, let tab = entries[0].firstIndex(of: UInt8(ascii: "\t")) else { return false }
        guard entries[0][entries[0].index(after: tab)...].elementsEqual(name.utf8) else { return false }
        let fields = entries[0][..<tab].split(separator: UInt8(ascii: " "))
        guard fields.count == 3, ["100644", "100755"].contains(String(decoding: fields[0], as: UTF8.self)),
            fields[1].elementsEqual("blob".utf8)
        else { return false }
        let blob = String(decoding: fields[2], as: UTF8.self)
        guard blob.utf8.allSatisfy({ $0 < 0x80 && (UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0) }),
            case let committed = git.run(["cat-file", "blob", blob], timeout: 10), committed.succeeded
        else { return false }
        return committed.stdout == bytes
    }
}
