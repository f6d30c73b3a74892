import Foundation
import Testing

/// RELIABILITY row 82: whenever the merge driver cannot merge a note (a NUL byte makes it
/// binary to `git merge-file`), both versions stay visible, the message says why without
/// blaming the git install, and nothing calls the note ready.
@Suite struct MergeDriverFailureTests {
    static func note(_ line: String) -> String { "---\ntitle: Binary\n---\nA NUL \u{0} byte.\n\(line)\n" }

    @Test func aNoteWithANulByteKeepsBothVersionsAndIsNeverCalledReady() throws {
        let clones = try GitClones(count: 2, notes: ["bin.md": Self.note("Shared."), "other.md": "Other.\n"])
        try clones[1].write("bin.md", Self.note("Theirs."))
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("bin.md", Self.note("Ours."))
        // When the first clone syncs
        let stopped = try clones[0].run("sync")
        // Then the sync stops on the note, and the reason is not the git install
        #expect(stopped.status == 3, "\(stopped)")
        #expect(stopped.stderr.contains("bin.md"), "\(stopped)")
        #expect(!stopped.stderr.contains("check that git is installed"), "\(stopped)")
        // And both versions are in the vault: the other machine's in the note, this machine's in a copy
        #expect(try clones[0].text("bin.md") == Self.note("Theirs."))
        let files = try FileManager.default.contentsOfDirectory(atPath: clones[0].root.path)
        let copy = try #require(files.first { $0.hasPrefix("bin.conflict-") && $0.hasSuffix(".md") }, "\(files)")
        #expect(try clones[0].text(copy) == Self.note("Ours."))
        // And --status does not call it ready, and names the copy
        let status = try clones[0].run("sync", "--status")
        #expect(!status.stdout.contains("ready"), "\(status)")
        #expect(status.stdout.contains(copy), "\(status)")
        // And --continue refuses while the copy is there
        let early = try clones[0].run("sync", "--continue")
        #expect(early.status == 1, "\(early)")
        #expect(early.stderr.contains(copy), "\(early)")
        #expect(try clones[0].text("bin.md") == Self.note("Theirs."))
        // When the user combines the two and removes the copy
        try clones[0].write("bin.md", Self.note("Theirs.\nOurs."))
        try FileManager.default.removeItem(at: clones[0].url(copy))
        let finished = try clones[0].run("sync", "--continue")
        // Then the sync finishes with what the user wrote, and the other clone gets it
        #expect(finished.status == 0, "\(finished)")
        #expect(try clones[1].run("sync").status == 0)
        #expect(try clones[1].text("bin.md") == Self.note("Theirs.\nOurs."))
    }

    @Test func theDriverRunByHandKeepsTheOtherVersionBesideTheNote() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("base.md", Self.note("Shared."))
        try vault.write("ours.md", Self.note("Ours."))
        try vault.write("theirs.md", Self.note("Theirs."))
        // When git's driver contract is run by hand on versions it cannot merge
        let result = try vault.run("merge-driver", "base.md", "ours.md", "theirs.md", "plan.md")
        // Then it fails, OURS is left as it was, and the other version is kept beside the note
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("NUL"), "\(result)")
        #expect(!result.stderr.contains("check that git is installed"), "\(result)")
        #expect(try vault.text("ours.md") == Self.note("Ours."))
        let files = try FileManager.default.contentsOfDirectory(atPath: vault.root.path)
        let copy = try #require(files.first { $0.hasPrefix("plan.conflict-") }, "\(files)")
        #expect(try vault.text(copy) == Self.note("Theirs."))
    }
}
