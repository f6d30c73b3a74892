import EnoteTestSupport
import Foundation
import Testing

/// RELIABILITY row 4 on a real full disk: a tmpfs filled to the last block. A change that cannot
/// be written leaves every note as it was and no temp file behind, says "no space left on device"
/// with the note's path, and exits 1; text typed in the editor is kept outside the vault.
@Suite(.enabled(if: TemporaryMount.isAvailable, TemporaryMount.skipReason))
struct FullDiskTests {
    enum Change: String, CaseIterable, Sendable {
        case set, new, edit, newInTheEditor
    }

    @Test(arguments: Change.allCases)
    func aFullDiskKeepsEveryByteAndSaysWhichNote(_ change: Change) throws {
        // Given a sample vault with its index on a 2 MiB tmpfs, filled to the last block
        let disk = try TemporaryMount(sizeKiB: 2048)
        defer { disk.unmount() }
        let vault = try TemporaryVault(in: disk.url)
        try #require(try vault.run("list").status == 0)
        let before = try vault.tree()
        try #require(try disk.fill() > 0)

        // When the change runs
        let typed = "Typed while the disk was full."
        let editor = try vault.script("editor", "printf '%s\\n' '\(typed)' 'A second line.' >> \"$1\"")
        let result: EnoteProcess.Result
        let path: String
        switch change {
        case .set:
            result = try vault.run("set", "garden", "--color", "blue")
            path = "garden.md"
        case .new:
            result = try vault.run("new", "Full disk", "Nothing fits here.")
            path = "full-disk.md"
        case .edit:
            result = try vault.run(["edit", "garden"], environment: ["EDITOR": editor])
            path = "garden.md"
        case .newInTheEditor:
            result = try vault.run(["new", "--edit"], environment: ["EDITOR": editor])
            path = "typed-while-the-disk-was-full.md"
        }

        // Then it fails, naming the note and the cause, and nothing in the vault changed
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("could not write \(path): no space left on device"), "\(result)")
        #expect(try vault.tree() == before, "the vault changed")
        #expect(try !vault.tree().keys.contains { $0.contains(".enote-") }, "a temp file was left behind")
        if change == .set || change == .edit {
            // Only the commands that look notes up open the index, which cannot be saved either.
            #expect(result.stderr.contains("the index cannot be saved (no space left on device in \(vault.root.path)/.enote)"), "\(result)")
        }

        // And what was typed in the editor is kept outside the vault, where the message says
        if change == .edit || change == .newInTheEditor {
            let marker = change == .edit ? "Your edited text is kept in " : "What you wrote is kept in "
            let line = try #require(result.stderr.split(separator: "\n").first { $0.contains(marker) }, "\(result)")
            let copy = String(line[line.range(of: marker)!.upperBound...])
            #expect(!copy.hasPrefix(disk.path), "the copy is on the full disk: \(copy)")
            #expect(try String(contentsOfFile: copy, encoding: .utf8).contains(typed))
        }
    }

    @Test func aWatcherStopsRatherThanKeepItsIndexInMemory() throws {
        // Other commands trust the index file a watcher keeps up to date, so a watcher whose index
        // cannot be saved must not carry on with a copy in memory.
        let disk = try TemporaryMount(sizeKiB: 2048)
        defer { disk.unmount() }
        let vault = try TemporaryVault(in: disk.url)
        try #require(try vault.run("list").status == 0)
        try disk.fill()

        let watcher = try WatchProcess(vault, ["--quiet"])
        defer { watcher.kill() }

        #expect(watcher.waitForExit(timeout: 30), "the watcher kept running on a full disk")
        #expect(watcher.process.terminationStatus == 1)
        #expect(watcher.stderr.contains("the index \(vault.root.path)/.enote/index.sqlite cannot be saved (no space left on device"), "\(watcher.stderr)")
    }

    @Test func theNoteIsWrittenOnceThereIsRoomAgain() throws {
        // Given a full disk on which `set` failed
        let disk = try TemporaryMount(sizeKiB: 2048)
        defer { disk.unmount() }
        let vault = try TemporaryVault(in: disk.url)
        try #require(try vault.run("list").status == 0)
        try disk.fill()
        try #require(try vault.run("set", "garden", "--color", "blue").status == 1)

        // When room is made, the same command succeeds and the index follows
        try FileManager.default.removeItem(atPath: disk.path + "/filler")
        let again = try vault.run("set", "garden", "--color", "blue")
        #expect(again.status == 0, "\(again)")
        #expect(try vault.listJSON().first { $0["path"] as? String == "garden.md" }?["color"] as? String == "blue")
    }
}
