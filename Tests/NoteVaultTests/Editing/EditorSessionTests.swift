import Foundation
import Testing

@testable import NoteVault

/// The Done/Cancel rule with real (scripted) editors: status 0 and changed text is Done; status 0
/// and the same text, or any other status, is Cancel — and text typed before a failure is kept.
@Suite("EditorSession")
struct EditorSessionTests {
    let sandbox: VaultSandbox
    let original = Array("---\ntitle: Plan\n---\nOriginal\n".utf8)

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func session(_ script: String) throws -> EditorSession {
        let editor = try sandbox.script("editor", script)
        // Run through /bin/sh rather than exec'ing the script: another test's spawn may still
        // hold the script's write descriptor for an instant (ETXTBSY), a hazard of tests only.
        return EditorSession(command: EditorCommand(arguments: ["/bin/sh", editor]), environment: sandbox.editorEnvironment)
    }

    /// Folders editor sessions left in the sandbox's TMPDIR.
    private var leftovers: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: sandbox.temporary)) ?? []
    }

    @Test("exit 0 after changing the text: Done with the new bytes; the temp copy is removed")
    func done() throws {
        let outcome = try session("printf 'New text\\n' > \"$1\"").edit(original, fileName: "plan.md")

        #expect(outcome == .done(Array("New text\n".utf8)))
        #expect(leftovers.isEmpty)
    }

    @Test("exit 0 with the text unchanged (even if saved again): unchanged")
    func unchanged() throws {
        let outcome = try session("cat \"$1\" > \"$1.copy\" && cat \"$1.copy\" > \"$1\" && rm \"$1.copy\"").edit(original, fileName: "plan.md")
        #expect(outcome == .unchanged)
        #expect(leftovers.isEmpty)
    }

    @Test("exit 1 after changing the text: cancelled, and the typed text is kept in a copy whose path is returned")
    func cancelledKeepsCopy() throws {
        let outcome = try session("printf 'Typed, then :cq\\n' > \"$1\"; exit 1").edit(original, fileName: "plan.md")

        guard case .cancelled(let status, let copy?) = outcome else {
            Issue.record("expected a kept copy, got \(outcome)")
            return
        }
        #expect(status == 1)
        #expect(FileManager.default.contents(atPath: copy) == Data("Typed, then :cq\n".utf8))
        #expect(copy.hasPrefix(sandbox.temporary + "/") && copy.hasSuffix("/plan.md"))
    }

    @Test("a non-zero exit without changes: cancelled, nothing kept", arguments: [1, 2, 127])
    func cancelledUnchanged(code: Int) throws {
        let outcome = try session("exit \(code)").edit(original, fileName: "plan.md")
        #expect(outcome == .cancelled(status: Int32(code), keptCopy: nil))
        #expect(leftovers.isEmpty)
    }

    @Test("an editor killed by a signal is a cancel with status 128 + signal")
    func killed() throws {
        let outcome = try session("kill -9 $$").edit(original, fileName: "plan.md")
        #expect(outcome == .cancelled(status: 128 + 9, keptCopy: nil))
    }

    @Test("emptying the file and exiting 0 is Done with empty text (the caller trashes the note)")
    func emptied() throws {
        let outcome = try session(": > \"$1\"").edit(original, fileName: "plan.md")
        #expect(outcome == .done([]))
    }

    @Test("the temp file gone when the editor exits 0 is a cancel, not 'all text deleted'")
    func tempFileRemoved() throws {
        let outcome = try session("rm \"$1\"").edit(original, fileName: "plan.md")
        #expect(outcome == .cancelled(status: 0, keptCopy: nil))
        #expect(leftovers.isEmpty)
    }

    @Test("a missing editor binary is a LaunchError naming it; no temp folder is left")
    func missingBinary() throws {
        let missing = sandbox.bin + "/no-such-editor"
        let session = EditorSession(command: EditorCommand(arguments: [missing, "--wait"]), environment: sandbox.editorEnvironment)

        #expect {
            try session.edit(original, fileName: "plan.md")
        } throws: { error in
            guard let error = error as? EditorSession.LaunchError else { return false }
            return error.editor == "\(missing) --wait" && error.reason.english.contains("no such file")
                && error.description.contains("Set $EDITOR (or `editor` in ~/.config/enote/config)")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a missing editor found by name on PATH is a LaunchError too")
    func missingOnPath() {
        let session = EditorSession(command: EditorCommand(arguments: ["enote-test-no-such-editor-\(getpid())"]), environment: sandbox.editorEnvironment)
        #expect(throws: EditorSession.LaunchError.self) { try session.edit(original, fileName: "plan.md") }
    }

    @Test("the temp copy: private folder outside the vault, the note's file name, the note's bytes, mode 0600")
    func tempCopy() throws {
        let record = sandbox.base + "/record"
        let script = """
            echo "$1" > '\(record)'
            stat -c %a "$(dirname "$1")" >> '\(record)'
            stat -c %a "$1" >> '\(record)'
            cat "$1" >> '\(record)'
            """
        _ = try session(script).edit(original, fileName: "Список покупок.md")

        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let path = String(lines[0])
        #expect((path as NSString).lastPathComponent == "Список покупок.md")
        #expect(path.hasPrefix(sandbox.temporary + "/enote-edit-"), "in TMPDIR: \(path)")
        #expect(!path.hasPrefix(sandbox.root), "never inside the vault")
        #expect(lines[1] == "700")
        #expect(lines[2] == "600")
        #expect(Array(lines[3...].joined(separator: "\n").utf8) == original)
        #expect(leftovers.isEmpty, "removed afterwards")
    }

    @Test("arguments are passed as they are, without a shell; the file comes last")
    func argumentsWithoutShell() throws {
        let record = sandbox.base + "/args"
        let editor = try sandbox.script("editor", "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record)'")
        let session = EditorSession(
            command: try EditorCommand(parsing: "/bin/sh \(editor) --wait '$HOME; rm -rf x' \"*\""), environment: sandbox.editorEnvironment)

        _ = try session.edit(original, fileName: "-rf.md")

        let args = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(args.count == 4)
        #expect(Array(args.prefix(3)) == ["--wait", "$HOME; rm -rf x", "*"])
        #expect(args.last?.hasSuffix("/note-rf.md") == true, "a name starting with - is never taken for an option")
    }
}
