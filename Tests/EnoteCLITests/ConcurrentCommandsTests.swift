import EnoteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 9 with real processes: two `enote edit` of the same note at once, and two
/// `enote set` at once. The vault's `flock` serialises the saves; the later edit finds the note
/// changed and keeps its text as a conflict copy (exit status 3); the two `set`s both apply, one
/// after the other. Not a byte typed is lost, and the user is told.
@Suite struct ConcurrentCommandsTests {
    /// Runs the commands at the same time, each from a thread of its own; returns their results
    /// in order.
    static func together(_ commands: [[String]], in vault: TemporaryVault, environments: [[String: String]]) -> [Result<EnoteProcess.Result, Error>] {
        let root = vault.root
        let lock = NSLock()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var results = [Result<EnoteProcess.Result, Error>](repeating: .failure(CancellationError()), count: commands.count)
        for index in commands.indices {
            let (command, environment) = (commands[index], environments[index])
            Thread.detachNewThread {
                let result = Result { try EnoteProcess.run(command, in: root, environment: environment) }
                lock.withLock { results[index] = result }
                done.signal()
            }
        }
        for _ in commands { done.wait() }
        return lock.withLock { results }
    }

    @Test func twoEditsAtOnceKeepBothTexts() throws {
        // Given two editors that each add a line, and wait for each other before they exit, so
        // that both enote processes have read the note before either saves
        let vault = try TemporaryVault()
        let original = try vault.text("garden.md")
        let barrier = vault.base.path
        let editor = try vault.script(
            "editor",
            """
            printf 'Line typed in editor %s.\\n' "$1" >> "$2"
            touch '\(barrier)/ready-'"$1"
            other=A; [ "$1" = A ] && other=B
            i=0
            while [ ! -e '\(barrier)/ready-'"$other" ] && [ $i -lt 3000 ]; do sleep 0.01; i=$((i+1)); done
            """)
        let environments = ["A", "B"].map { vault.environment.merging(["EDITOR": "\(editor) \($0)"]) { $1 } }

        // When both `enote edit garden` run at once
        let results = try Self.together([["edit", "garden"], ["edit", "garden"]], in: vault, environments: environments).map { try $0.get() }

        // Then one saved, the other found the note changed and kept its text as a copy
        try #require(results.map(\.status).sorted() == [0, 3], "\(results)")
        let saved = try #require(results.firstIndex { $0.status == 0 })
        let (winner, loser) = saved == 0 ? ("A", "B") : ("B", "A")
        let note = try vault.text("garden.md")
        #expect(note.contains("Line typed in editor \(winner).\n"))
        #expect(!note.contains("Line typed in editor \(loser)."))
        let copies = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasPrefix("garden.conflict-") }
        try #require(copies.count == 1, "\(copies)")
        let copy = try vault.text(copies[0])
        #expect(copy.contains("Line typed in editor \(loser).\n"))
        #expect(copy.contains(original.split(separator: "\n").last.map(String.init) ?? "?"), "the copy has the original text too")
        let message = results[1 - saved].stderr
        #expect(message.contains("garden.md changed on disk") && message.contains(copies[0]), "\(message)")
    }

    @Test func twoSetsAtOnceAreAppliedOneAfterTheOther() throws {
        // Given the vault lock held for a moment, so that both commands are waiting for it
        let vault = try TemporaryVault()
        let descriptor = open(vault.url(".enote/lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX) == 0)
        let started = Date()
        Thread.detachNewThread {
            usleep(500_000)
            _ = flock(descriptor, LOCK_UN)
        }

        // When `set --color` and `set --title` run at once on the same note
        let results = try Self.together(
            [["set", "garden", "--color", "blue"], ["set", "garden", "--title", "Garden plan"]],
            in: vault, environments: [vault.environment, vault.environment]
        ).map { try $0.get() }

        // Then both waited for the lock, both succeeded, and the note has both changes
        #expect(results.map(\.status) == [0, 0], "\(results)")
        #expect(Date().timeIntervalSince(started) >= 0.5)
        let lines = try vault.lines("garden.md")
        #expect(lines.contains("color: blue"), "\(lines)")
        #expect(lines.contains("title: Garden plan"), "\(lines)")
        #expect(try vault.listJSON().first { $0["path"] as? String == "garden.md" }?["title"] as? String == "Garden plan")
    }
}
