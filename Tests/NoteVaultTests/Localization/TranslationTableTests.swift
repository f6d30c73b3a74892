import Foundation
import Testing

@testable import NoteVault

/// The messages users meet most — every error the library throws, every diagnostic of a note —
/// are translated. (That the three tables agree in keys, plural forms and placeholders is checked
/// for the library's and the command line's tables alike by `StringTableTests` in EnoteCLITests.)
@Suite("Translation tables")
struct TranslationTableTests {
    /// One value of every error and diagnostic a user can meet, in English.
    static let errors: [LocalizedMessage] = {
        let path = NotePath(trusted: "plan.md")
        var messages: [LocalizedMessage] = [
            VaultError.vaultNotFound(searchedFrom: "/home/me").message,
            VaultError.notAVault(path: "/tmp/x").message,
            VaultError.noteNotFound(reference: "gro", suggestions: []).message,
            VaultError.noteNotFound(reference: "gro", suggestions: ["Grocery list"]).message,
            VaultError.ambiguousNote(reference: "pl", candidates: ["plan.md", "plants.md"]).message,
            VaultError.notEditable(path: path, reason: NoteContent.TextProblem.notText(offset: 3).message).message,
            VaultError.openElsewhere(path: path, holder: "vim").message,
            VaultError.limitReached(limit: 10).message,
            VaultError.readOnly(path: "/home/me/Notes", reason: Vault.readOnlyReason(EROFS, path: "/home/me/Notes")).message,
            VaultError.readOnly(path: "/home/me/Notes", reason: Vault.readOnlyReason(EACCES, path: "/home/me/Notes/.enote")).message,
            IndexConnection.unsavable(path: ".enote/index.sqlite", reason: "no space left on device").message,
            IndexConnection.busyError(path: ".enote/index.sqlite", busyTimeout: 5).message,
            DurableWriter.WriteError.conflict(path: path, conflictCopy: nil).message,
            DurableWriter.WriteError.conflict(path: path, conflictCopy: NotePath(trusted: "plan.conflict.md")).message,
            DurableWriter.WriteError.symbolicLink(path).message,
            DurableWriter.WriteError.hardLinked(path, count: 2).message,
            DurableWriter.WriteError.notRegularFile(path).message,
            DurableWriter.WriteError.exists(path).message,
            VaultLock.LockError.busy(path: ".enote/lock", holder: 42, waited: 10).message,
            VaultLock.LockError.busy(path: ".enote/lock", holder: nil, waited: 10).message,
            FrontMatterEditor.EditError.unreadableFrontMatter(file: "plan.md").message,
            FrontMatterEditor.EditError.duplicateKey(file: "plan.md", key: "color", lines: [2, 5]).message,
            NoteContent.TextProblem.invalidUTF8(offset: 9).message,
            NoteContent.TextProblem.tooLarge(size: 20_000_000).message,
            SearchQuery.QueryError(message: "nothing to search for: the query has no letters or digits").message,
            EditorSession.LaunchError(editor: "nvim", reason: "no such file or directory").message,
            // Sync (issue 23): what stops, refuses or explains a sync.
            SyncError.stoppedEarlier(paths: []).message, SyncError.stoppedEarlier(paths: ["plan.md"]).message,
            SyncError.syncRunning(pid: 42).message, SyncError.openInEditor(path: path, holder: "vim", swapFile: ".plan.md.swp").message,
            SyncError.openInEditor(path: path, holder: "Emacs", swapFile: nil).message,
            SyncError.offline(remote: "origin", reason: "the remote repository was not found", committed: "abc1234").message,
            SyncError.offline(remote: "origin", reason: "the remote repository was not found", committed: nil).message,
            SyncError.pushRejected(attempts: 3).message, SyncError.conflict(paths: ["plan.md"]).message,
            SyncError.markersLeft(path: "plan.md", line: 4).message, SyncError.driverFailed(path: "plan.md", copy: "plan.conflict.md").message,
            SyncError.driverFailed(path: "plan.md", copy: nil).message, SyncError.nothingStopped.message,
            SyncError.abortWouldLoseEdits(paths: ["plan.md"]).message, SyncError.gitBusy(path: ".git/index.lock", pid: 42).message,
            SyncError.gitFailed(command: "rebase", reason: "git exited with status 128").message,
            VaultError.syncUnfinished(LocalizedMessage("a sync stopped on a conflict in \("plan.md") and is not finished", remedy: .finishSyncFirst)).message,
            NoteMergeError.binary.message, NoteMergeError.gitFailed.message, NoteMergeError.mergeFileFailed(status: 255).message,
        ]
        for output in [124, 127, 1].map({ GitRepository.Output(status: $0, stdout: [], stderr: "") })
            + [
                "fatal: unable to access 'x': Could not resolve host: example.invalid", "ssh: connect to host x port 22: Connection refused",
                "git@x: Permission denied (publickey).", "fatal: 'x' does not appear to be a git repository",
                "fatal: Unable to create '/x/.git/index.lock': File exists.", "error: No space left on device",
                "error: insufficient permission for adding an object to repository database .git/objects",
            ].map({ GitRepository.Output(status: 128, stdout: [], stderr: $0) })
        {
            messages.append(GitFailure.reason(output))
        }
        var status = VaultSyncStatus()
        status.interrupted = VaultSyncStatus.Interruption(pid: 42)
        messages += status.lines
        status.interrupted = VaultSyncStatus.Interruption(pid: nil)
        messages += status.lines
        status = VaultSyncStatus()
        status.runningSync = 42
        messages += status.lines
        status = VaultSyncStatus()
        status.stopped = true
        messages += status.lines
        status.conflicted = [.init(path: "a.md", markerLine: nil, conflictCopy: "a.conflict.md", driverFailed: true)]
        messages += status.lines
        for call in ["fsync", "write", "rename", "open", "unlink", "mkdir", "read", "flock"] {
            for code in [EIO, ENOSPC, EDQUOT, EROFS, EACCES, EPERM, ENOENT, EEXIST, ELOOP, EXDEV, ENOTDIR, EISDIR, EBUSY, EINVAL, ENAMETOOLONG] {
                messages.append(SystemError(call, path: "plan.md", code: code).message)
            }
        }
        let rules: [PathError.Rule] = [
            .empty, .absolute, .controlCharacter, .tooLong, .pathTooLong, .emptyComponent, .parentReference, .hidden,
            .notPortable, .trailingDotOrSpace, .reservedName, .notUTF8, .escapesVault, .symbolicLink,
        ]
        messages += rules.map { PathError(path: "a/b", rule: $0).message }
        for text in [
            "", "2026-13-01", "2026-02-30", "2026-12-01 25:00", "2026-12-01 18:61", "2026-12-01 18", "2026-12-01T18:00:61",
            "2026-12-01T18:00:00.", "2026-12-01 18:00+3", "2026-12-01 18:00 x",
        ] {
            do throws(NoteDate.ParseError) { _ = try NoteDate(parsing: text) } catch { messages.append(error.message) }
        }
        for text in ["#12345", "hsb(1, 2)", "hsb(400, 1%, 1%)", "hsb(4, 200%, 1%)", "teal"] {
            do throws(NoteColor.ParseError) { _ = try NoteColor(parsing: text) } catch { messages.append(error.message) }
        }
        for text in ["\"vim", "'vim", "  "] {
            do throws(EditorCommand.ParseError) { _ = try EditorCommand(parsing: text) } catch { messages.append(error.message) }
        }
        for line in ["nonsense", "expiry = later", "ignore =", "editor =", "sort = size", "max_notes = 0", "expiry_cap = x", "colour = red"] {
            do throws(VaultConfig.ParseError) { _ = try VaultConfig(parsing: line, file: "config") } catch { messages.append(error.message) }
        }
        return messages
    }()

    /// Front matter with every problem the reader reports.
    static let brokenNotes = [
        "---\ntitle: Meeting: Q3\n---\nx", "---\n\ttitle: x\n---\n", "---\n  title: x\n---\n", "---\njust words\n---\n",
        "---\ntitle: \"open\n---\n", "---\ntitle: [a, b\n---\n", "---\ntitle: *alias\n---\n", "---\ntitle: @x\n---\n",
        "---\ntitle: - x\n---\n", "---\ntitle: &anchor x\n---\n", "---\ntitle: !tag x\n---\n", "---\ncolor: #ff0000\n---\n",
        "---\ntitle: \"a\\qb\"\n---\n", "---\ntitle: \"\\x4\"\n---\n", "---\ntitle: \"a\" b\n---\n", "---\ntitle: |x\n---\n",
        "---\ntitle: a\n  b: c\n---\n", "---\ntitle: x\n---", "---\ntitle: a\ntitle: b\n---\n", "---\ndestroy: 2026-12-01\ndestroy: 2026-12-02\n---\n",
        "---\ndestroy:\n---\n", "---\ndestroy: [2026-12-01]\n---\n", "---\ndestroy: 2026-13-45\n---\n", "---\nupdated: soon\n---\n",
        "---\ncolor: teal\n---\n", "---\ncolor: [red]\n---\n", "---\ntitle: [a]\n---\n", "---\nno close\n",
    ]

    @Test("every error and diagnostic reads as a sentence in each language", arguments: [Language.russian, .japanese])
    func errorsAreTranslated(language: Language) {
        var messages = Self.errors
        for (number, text) in Self.brokenNotes.enumerated() {
            messages += NoteContent(bytes: Array(text.utf8), path: "note\(number).md").diagnostics.map(\.message)
        }
        #expect(messages.count > 150)
        for message in messages {
            // The sentence itself is in the table, not only a value inside it.
            #expect(Localization.template(for: message, in: language) != message.format, "not translated into \(language): \(message.format)")
            #expect(!Localization.translate(message, into: language).contains("%@"))
        }
    }
}
