import Foundation
import NoteVault

extension CommandContext {
    /// Completes a rename that was cut short (``Vault/completeInterruptedRename()``), saying so on
    /// stderr; a vault where it cannot be completed now (read-only) is still read, with a warning.
    func completeInterruptedRename(_ vault: Vault) {
        do {
            guard let completed = try vault.completeInterruptedRename() else { return }
            if let old = completed.oldTag, let new = completed.newTag {
                note("Completed the interrupted rename of the tag \(old) to \(new)")
            } else {
                note("Completed the interrupted rename of \(completed.from) to \(completed.to)")
            }
            for message in completed.leftAloneMessages { note(message) }
        } catch {
            let message: LocalizedMessage = "an interrupted rename could not be completed yet: \(error.message)"
            Console.err("enote: \(SafeText.escaped(message.text, keepingNewlines: true))")
        }
    }

    /// What `mv`, `tag rename` and `doctor --fix-links` call after each step of a rename: nothing, unless the test hook
    /// `ENOTE_TEST_PAUSE_RENAME_AT` names the step, where it stops until the test kills the process.
    var afterRenameStep: (Int) -> Void {
        let pauseAt = environment["ENOTE_TEST_PAUSE_RENAME_AT"].flatMap { Int($0) }
        return { step in
            guard step == pauseAt else { return }
            FileHandle.standardError.write(Data("enote: paused at rename step \(step)\n".utf8))
            while true { sleep(60) }
        }
    }
}
